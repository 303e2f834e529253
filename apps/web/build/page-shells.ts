import path from 'node:path';
import * as esbuild from 'esbuild';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/*
 * One HTML shell per landing page, so its route code and its largest image start downloading
 * with the entry script instead of after it. The SPA's route modules are lazy chunks; a browser
 * would find a page's chunk only once the entry has run. For each page below the build writes
 * the entry HTML plus `<link rel="modulepreload">` for the page's chunk and the chunks it
 * imports (minus those the entry already loads), and any extra preloads (the LCP image):
 *   `/`       → index.html (served for `/`),
 *   `/<name>` → pages/<name>.html (the API serves it for that path),
 * and the plain entry HTML as app.html, the history fallback for every other page.
 */

export type PageShell = {
  /** The page's URL path: `/` or `/<name>`. */
  path: string;
  /** The route module, relative to the web app's folder. */
  module: string;
  /**
   * Small scripts the shell runs at once, beside and before the app's modules: e.g. starting the
   * page's first API request (src/shells/). Each is bundled on its own into one classic script
   * (`<script async>`, no imports to wait for), relative to the web app's folder.
   */
  scripts?: string[];
  /** Extra `<link rel="preload">` tags, e.g. the LCP image. */
  preload?: { href: string; as: 'image' | 'fetch'; type?: string; fetchpriority?: 'high' | 'low' }[];
  /**
   * A prerendered page that paints from its HTML: its app scripts are requested only after the
   * page has loaded and painted (src/shells/start-after-paint.ts), not beside the stylesheet.
   */
  startAfterPaint?: boolean;
};

const START_AFTER_PAINT = 'src/shells/start-after-paint.ts';
const MODULE_SCRIPT = /\s*<script type="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g;

/**
 * The page without its module script and module preloads, and a classic script in their place
 * that requests them after the first paint, with the entry and the preloads in data attributes.
 */
function startingAfterPaint(html: string, starter: string, pagePreloads: string[]): string {
  const entries = [...html.matchAll(MODULE_SCRIPT)].map((match) => match[1]);
  if (entries.length !== 1) throw new Error(`page-shells: expected one module script, found ${entries.length}`);
  const preloads = [...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]), ...pagePreloads];
  const tag = `<script defer src="${starter}" data-entry="${attr(entries[0] ?? '')}" data-preload="${attr(preloads.join(' '))}"></script>`;
  return html.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, '').replace('</head>', `  ${tag}\n  </head>`);
}

const chunks = (bundle: OutputBundle) =>
  Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');

/** The chunk and every chunk it imports statically, transitively. */
function staticClosure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) staticClosure(bundle, imported, seen);
  return seen;
}

/**
 * The app's scripts are requested at once but with low priority: on a slow network the
 * stylesheet, which paints the loading frame (index.html), and a page's preloaded picture go
 * first, instead of sharing the bandwidth with some 140 KB of scripts that cannot show anything
 * before them anyway.
 */
const LOW = 'fetchpriority="low"';

function lowPriorityScripts(html: string): string {
  return html
    .replaceAll('<script type="module" crossorigin', `<script type="module" ${LOW} crossorigin`)
    .replaceAll('<link rel="modulepreload" crossorigin', `<link rel="modulepreload" ${LOW} crossorigin`);
}

const attr = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

export function pageShells(root: string, pages: PageShell[]): Plugin {
  return {
    name: 'b2b-page-shells',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string') {
          this.error('page-shells: the build has no index.html');
        }
        const template = lowPriorityScripts(html.source as string);
        html.source = template;
        const base = '/';
        const entry = chunks(bundle).find((chunk) => chunk.isEntry);
        if (!entry) this.error('page-shells: the build has no entry chunk');
        const loadedByEntry = staticClosure(bundle, entry.fileName);

        this.emitFile({ type: 'asset', fileName: 'app.html', source: template });
        /** A small script of src/shells/, bundled into one classic script; its file in the build. */
        const emitClassic = async (script: string): Promise<string> => {
          const built = await esbuild.build({
            entryPoints: [path.resolve(root, script)],
            tsconfig: path.resolve(root, 'tsconfig.json'),
            bundle: true,
            format: 'iife',
            minify: true,
            target: 'es2022',
            write: false,
          });
          const source = built.outputFiles[0]?.text ?? '';
          const name = `${path.basename(script, path.extname(script))}-shell.js`;
          return this.getFileName(this.emitFile({ type: 'asset', name, source }));
        };
        let starter: string | undefined;
        for (const page of pages) {
          const moduleId = path.resolve(root, page.module);
          const chunk = chunks(bundle).find((c) => c.facadeModuleId === moduleId);
          if (!chunk) this.error(`page-shells: no chunk for ${page.module} (is it still a lazy route?)`);
          const files = [...staticClosure(bundle, chunk.fileName)].filter((file) => !loadedByEntry.has(file));
          const scripts: string[] = [];
          for (const script of page.scripts ?? []) scripts.push(await emitClassic(script));
          const tags = [
            ...(page.preload ?? []).map(
              (link) =>
                `<link rel="preload" href="${attr(link.href)}" as="${link.as}"` +
                (link.type ? ` type="${attr(link.type)}"` : '') +
                (link.fetchpriority ? ` fetchpriority="${link.fetchpriority}"` : '') +
                (link.as === 'fetch' ? ' crossorigin' : '') +
                '>',
            ),
            ...(page.startAfterPaint
              ? []
              : files.map((file) => `<link rel="modulepreload" ${LOW} crossorigin href="${base}${file}">`)),
          ];
          let source = template.replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
          // The page's own small scripts go ahead of the app's in the document, so the browser
          // requests them first: their API request is what the page's largest paint waits for.
          const shellTags = scripts.map((file) => `<script async src="${base}${file}"></script>`);
          if (shellTags.length > 0) {
            source = source.replace(/<script type="module"/, (module) => `${shellTags.join('\n    ')}\n    ${module}`);
          }
          if (page.startAfterPaint) {
            starter ??= `${base}${await emitClassic(START_AFTER_PAINT)}`;
            source = startingAfterPaint(
              source,
              starter,
              files.map((file) => `${base}${file}`),
            );
          }
          if (page.path === '/') html.source = source;
          else this.emitFile({ type: 'asset', fileName: `pages/${page.path.slice(1)}.html`, source });
        }
      },
    },
  };
}
