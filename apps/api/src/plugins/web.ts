import { existsSync } from 'node:fs';
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

/**
 * One process serves the whole app (docs/architecture.md, "Shape of the system"): the built SPA
 * with a history fallback for every non-API path, and JSON 404s for unknown API paths.
 */
export default fp<{ apiPrefix: string }>(
  async (app, { apiPrefix }) => {
    const distDir = app.config.webDistDir;
    const hasSpa = existsSync(join(distDir, 'index.html'));
    const isApi = (url: string) =>
      url === apiPrefix || url.startsWith(`${apiPrefix}/`) || url.startsWith(`${apiPrefix}?`);

    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: distDir,
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
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi(path);
      if (isPage && hasSpa && !path.startsWith('/assets/')) {
        return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
      }
      if (isPage && !hasSpa) {
        return reply.code(404).type('text/html; charset=utf-8').send(PLACEHOLDER);
      }
      return reply.code(404).send(errorBody(404, 'NOT_FOUND', `Route ${request.method} ${path} not found.`));
    });
  },
  { name: 'web', dependencies: ['config'] },
);
