import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { APP_TITLE } from '@b2b/shared';
import { errorBody } from '../lib/errors.js';

const PLACEHOLDER = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${APP_TITLE}</title></head>
<body>
<h1>${APP_TITLE}</h1>
<p>The web app is not built yet. Run <code>npm run build</code> (or <code>npm start</code>) and reload.</p>
<p>The API is running: <a href="/api/docs">/api/docs</a>.</p>
</body>
</html>
`;

/** Vite puts content-hashed files under /assets: they never change, so cache them for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Folders that hold only files: a miss there is a missing file, never a page. */
const FILE_FOLDERS = ['/assets/', '/images/'];
/**
 * A last path segment with one of these extensions names a file, not a page (so a missing
 * /robots.txt or /favicon.ico is a 404, not the SPA). Page paths may contain dots too
 * (/carts/ann@example.com), which is why this is a list and not "anything with a dot".
 */
const FILE_EXTENSION =
  /\.(?:js|mjs|cjs|css|map|json|webmanifest|txt|xml|html?|ico|png|jpe?g|gif|svg|webp|avif|woff2?|ttf|otf|br|gz)$/i;

/** The build's page shells: `pages/<name>.html` is the HTML of `/<name>` (its chunks preloaded). */
function pageShells(distDir: string): Map<string, string> {
  const dir = join(distDir, 'pages');
  const shells = new Map<string, string>();
  if (!existsSync(dir)) return shells;
  for (const file of readdirSync(dir)) {
    if (/^[a-z0-9-]+\.html$/.test(file)) shells.set(`/${file.slice(0, -'.html'.length)}`, `pages/${file}`);
  }
  return shells;
}

/**
 * The web app formats prices in the currency it was built for (its `shop.json`; a build older
 * than the file was in US dollars): serving it beside an API of another currency would show one
 * currency and charge another, so the API does not start.
 */
function requireCurrency(distDir: string, currency: string): void {
  const file = join(distDir, 'shop.json');
  const built = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { currency?: string }).currency : 'USD';
  if (built !== currency)
    throw new Error(
      `The web app in ${distDir} was built for ${built ?? 'no currency'}, but CURRENCY is ${currency}: ` +
        `build it again with CURRENCY=${currency} (npm run build; npm start does it by itself).`,
    );
}

/**
 * One process serves the whole app (docs/architecture.md, "Shape of the system"): the built SPA
 * with a history fallback for every page path, 404s for missing files, and JSON 404s for
 * unknown API paths. The build holds a brotli and a gzip copy of every text file, sent as they
 * are to clients that accept them (with `Content-Encoding` and `Vary: Accept-Encoding`).
 * `/` is index.html; a path with its own shell in `pages/` gets that one (the same page with
 * its route's code preloaded), and any other page path gets `app.html`, the shell without
 * route-specific preloads (index.html in a build that has none).
 */
export default fp<{ apiPrefix: string }>(
  async (app, { apiPrefix }) => {
    const distDir = app.config.webDistDir;
    const hasSpa = existsSync(join(distDir, 'index.html'));
    if (hasSpa) requireCurrency(distDir, app.config.currency);
    const fallbackShell = existsSync(join(distDir, 'app.html')) ? 'app.html' : 'index.html';
    const shells = hasSpa ? pageShells(distDir) : new Map<string, string>();
    const isApi = (url: string) =>
      url === apiPrefix || url.startsWith(`${apiPrefix}/`) || url.startsWith(`${apiPrefix}?`);

    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: distDir,
        preCompressed: true,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          res.header('Cache-Control', filePath.includes(`${join(distDir, 'assets')}`) ? IMMUTABLE : 'no-cache');
        },
      });
    } else {
      app.get('/', { schema: { hide: true } }, async (_request, reply) =>
        reply.type('text/html; charset=utf-8').send(PLACEHOLDER),
      );
    }

    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      const path = request.url.split('?')[0] ?? request.url;
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApi(path) &&
        !FILE_FOLDERS.some((folder) => path.startsWith(folder)) &&
        !FILE_EXTENSION.test(path);
      if (isPage && hasSpa) {
        const shell = shells.get(path.length > 1 ? path.replace(/\/$/, '') : path) ?? fallbackShell;
        return reply.header('Cache-Control', 'no-cache').sendFile(shell);
      }
      if (isPage && !hasSpa) {
        return reply.code(404).type('text/html; charset=utf-8').send(PLACEHOLDER);
      }
      return reply.code(404).send(errorBody(404, 'NOT_FOUND', `Route ${request.method} ${path} not found.`));
    });
  },
  { name: 'web', dependencies: ['config'] },
);
