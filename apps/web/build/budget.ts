import { readFileSync } from 'node:fs';
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
  const html = readFileSync(path.join(outDir, 'index.html'), 'utf8');
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
