import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/*
 * The bundle budget of the home page (issue 10): after the build, the JavaScript and CSS that
 * `/` loads before it can show anything (the entry, its static imports and the home route's
 * chunks, i.e. every script, module preload and stylesheet in dist/index.html) are gzipped and
 * added up. Past the budget the build fails, so a heavy import on the landing page cannot slip
 * in unnoticed. Chunks loaded later on demand (Firebase, dialogs, other pages) do not count.
 */

export type Budget = { scriptKb: number; styleKb: number };

const KB = 1000;

export function homeAssets(outDir: string): { scripts: string[]; styles: string[] } {
  return pageAssets(outDir, 'index.html');
}

/** The scripts and stylesheets a page's HTML loads before it can show anything. */
export function pageAssets(outDir: string, file: string): { scripts: string[]; styles: string[] } {
  const html = readFileSync(path.join(outDir, file), 'utf8');
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    // A page that starts its app after the first paint names the app's files in data attributes.
    for (const [, files] of tag.matchAll(/\bdata-(?:entry|preload)="([^"]*)"/g)) {
      for (const file of (files ?? '').split(' ').filter(Boolean)) scripts.add(file);
    }
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (!url?.startsWith('/assets/')) continue;
    if (/^<script/.test(tag) || /rel="modulepreload"/.test(tag)) scripts.add(url);
    else if (/rel="stylesheet"/.test(tag)) styles.add(url);
  }
  return { scripts: [...scripts], styles: [...styles] };
}

/**
 * The landing pages must not load the validation library before they can show anything (it is
 * some 23 KB gzip): zod arrives with the first form check or error. A shared module that defines
 * schemas at its top level is kept whole by the bundler, so importing a constant from it is
 * enough to bring zod in; this check names the page and the chunk when that happens.
 */
const ZOD_FREE_PAGES = [
  'index.html',
  ...['all-products', 'categories', 'login', 'register'].map((p) => `pages/${p}.html`),
];
const ZOD_SOURCE = /node_modules\/zod\//;

export function zodOnLandingPages(outDir: string): string[] {
  const found: string[] = [];
  for (const page of ZOD_FREE_PAGES) {
    if (!existsSync(path.join(outDir, page))) continue;
    for (const url of pageAssets(outDir, page).scripts) {
      const map = path.join(outDir, `${url.slice(1)}.map`);
      if (!existsSync(map)) continue;
      const { sources } = JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] };
      if (sources.some((source) => ZOD_SOURCE.test(source))) found.push(`${page} loads zod in ${url}`);
    }
  }
  return found;
}

const gzipBytes = (outDir: string, url: string) =>
  gzipSync(readFileSync(path.join(outDir, url.slice(1))), { level: 9 }).length;

export function budget(limits: Budget): Plugin {
  let outDir = '';
  let log: (message: string) => void = () => {};
  return {
    name: 'b2b-budget',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      log = (message) => config.logger.info(message);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const { scripts, styles } = homeAssets(outDir);
        const script = scripts.reduce((sum, url) => sum + gzipBytes(outDir, url), 0);
        const style = styles.reduce((sum, url) => sum + gzipBytes(outDir, url), 0);
        const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
        log(
          `budget of /: JavaScript ${kb(script)} gzip in ${scripts.length} files (≤ ${limits.scriptKb} KB), ` +
            `CSS ${kb(style)} gzip (≤ ${limits.styleKb} KB)`,
        );
        const over = [
          script > limits.scriptKb * KB ? `JavaScript ${kb(script)} > ${limits.scriptKb} KB` : null,
          style > limits.styleKb * KB ? `CSS ${kb(style)} > ${limits.styleKb} KB` : null,
        ].filter(Boolean);
        const zod = zodOnLandingPages(outDir);
        if (zod.length) {
          throw new Error(
            `A landing page loads the validation library up front: ${zod.join('; ')}. ` +
              'Import constants from a module without schemas (e.g. packages/shared/src/facet-constants.ts).',
          );
        }
        if (over.length) {
          throw new Error(
            `The home page is over its bundle budget: ${over.join(', ')} (gzip). ` +
              'Load the new code lazily, or raise the budget in apps/web/vite.config.ts on purpose.',
          );
        }
      },
    },
  };
}
