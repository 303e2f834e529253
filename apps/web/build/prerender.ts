import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'vite';

/*
 * Prerendering (issue 25): after the client build, the public pages are rendered to real HTML
 * with React's own static renderer (react-dom/static `prerenderToNodeStream`), so a phone paints
 * the page (the hero and its first slide, the category tiles, the login form…) from the HTML and
 * the stylesheet alone, before any script has run; the client then hydrates it (src/main.tsx).
 *   1. a second, SSR build of src/prerender/entry-server.tsx (the app's own tree with a memory
 *      router) into a temporary folder,
 *   2. for each page below, its render at its path goes into `#root` of the page's HTML shell
 *      (written by page-shells.ts), with `data-prerendered="<path>"` so the client hydrates it
 *      only at that path; its `<title>` and description go into `<head>`,
 *   3. app.html, the fallback of every other page, gets the signed-out frame (navbar, the
 *      'Loading...' state, footer) without that attribute: the client draws over it.
 * Runs before precompress.ts, so the .br and .gz copies are of the prerendered files.
 * The render knows no session, clock or screen: see src/lib/hydration.ts for how the client's
 * first render stays the same.
 */

export type PrerenderedPage = {
  /** The path rendered. */
  path: string;
  /** The HTML file in the build it goes into. */
  file: string;
  /** False for a frame drawn at a stand-in path (app.html): the client renders over it. */
  hydrate: boolean;
};

type Rendered = { body: string; title: string | null; description: string | null };
type Renderer = { renderPage: (path: string) => Promise<Rendered> };

const ROOT =
  /<!--(?:(?!-->)[\s\S])*?-->\s*<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>)|<div id="root">[\s\S]*?<\/div>\s*(?=<noscript>)/;

const attr = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Puts a rendered page into its HTML shell. */
export function fillShell(shell: string, page: PrerenderedPage, rendered: Rendered): string {
  if (!ROOT.test(shell)) throw new Error(`prerender: ${page.file} has no <div id="root"> before <noscript>`);
  const marker = page.hydrate ? ` data-prerendered="${attr(page.path)}"` : '';
  let html = shell.replace(ROOT, () => `<div id="root"${marker}>${rendered.body}</div>\n    `);
  if (rendered.title) {
    const title = rendered.title;
    html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`);
  }
  if (rendered.description) {
    const description = attr(rendered.description);
    html = html.replace(
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${description}" />`,
    );
  }
  const social = [
    rendered.title ? `<meta property="og:title" content="${rendered.title}" />` : null,
    rendered.description ? `<meta property="og:description" content="${attr(rendered.description)}" />` : null,
    '<meta property="og:type" content="website" />',
  ].filter(Boolean);
  return html.replace('</head>', `  ${social.join('\n    ')}\n  </head>`);
}

export function prerender(root: string, pages: PrerenderedPage[]): Plugin {
  let outDir = '';
  let mode = 'production';
  let log: (message: string) => void = () => {};
  return {
    name: 'b2b-prerender',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      mode = config.mode;
      log = (message) => config.logger.info(message);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        // Inside the app's folder, so the renderer finds react & co. in node_modules.
        const cacheDir = path.join(root, 'node_modules', '.cache');
        mkdirSync(cacheDir, { recursive: true });
        const ssrDir = mkdtempSync(path.join(cacheDir, 'prerender-'));
        try {
          await build({
            root,
            mode,
            configFile: path.join(root, 'vite.config.ts'),
            logLevel: 'warn',
            build: {
              ssr: 'src/prerender/entry-server.tsx',
              outDir: ssrDir,
              emptyOutDir: true,
              sourcemap: false,
              minify: false,
              copyPublicDir: false,
            },
          });
          const entry = readdirSync(ssrDir).find((file) => /^entry-server\.m?js$/.test(file));
          if (!entry) throw new Error(`prerender: the SSR build wrote no entry-server.js in ${ssrDir}`);
          const renderer = (await import(pathToFileURL(path.join(ssrDir, entry)).href)) as Renderer;
          for (const page of pages) {
            const file = path.join(outDir, page.file);
            if (!existsSync(file)) throw new Error(`prerender: the build has no ${page.file}`);
            const rendered = await renderer.renderPage(page.path);
            // The CSP runs no inline script, and a visitor without scripts would see a fallback.
            if (/<script\b|<template\b|<!--\$[?!]-->/.test(rendered.body)) {
              throw new Error(`prerender: ${page.path} did not render in one piece (a Suspense boundary still waits)`);
            }
            writeFileSync(file, fillShell(readFileSync(file, 'utf8'), page, rendered));
          }
          log(`prerendered ${pages.map((page) => `${page.file} (${page.path})`).join(', ')}`);
        } finally {
          rmSync(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
