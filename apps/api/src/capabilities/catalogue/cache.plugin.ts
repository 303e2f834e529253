import type { FastifyRequest, onRequestHookHandler, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { etagOf, ResponseCache } from '../../lib/response-cache.js';
import { toArray } from '../../lib/arrays.js';

/*
 * The catalogue's answers, kept in memory until the catalogue changes (docs/architecture.md,
 * "The catalogue cache"). A GET route opts in with `config: { catalogueCache: true }`: the
 * product lists, searches, category pages and facets, whose answers depend only on the URL and on
 * whether the caller is signed in (sellers' emails). Then:
 *
 *   - a request the cache can answer is answered from it, after rate limiting and the route's
 *     authentication (a hit still checks its token), with the stored body and headers and
 *     `X-Cache: hit`; with a matching If-None-Match, 304 and no body. Only 200s are kept, so a
 *     URL that fails validation never has an answer to hit;
 *   - any other 200 is stored under its URL, with an `ETag` (and `X-Cache: miss`);
 *   - `Cache-Control: no-cache` (or `no-store`) in a request skips the lookup; no-store also the storing.
 *
 * Correct on writes: the `products` table NOTIFYs `catalogue_changed` after every statement that
 * changes it (migration 0013, a statement-level trigger, so imports, jobs, other API processes and
 * psql are all seen), and every API process LISTENs; each notification for its schema empties the
 * cache. Within this process, the end of any POST, PUT, PATCH or DELETE empties it too, before its
 * answer leaves, so the next request of the same client never sees what its write changed. While the listening
 * connection is broken (PostgreSQL), the cache is off. Answers read before a change and finished
 * after it are never stored (generations: lib/response-cache.ts).
 */

export const CATALOGUE_CHANNEL = 'catalogue_changed';
export const CACHE_STATUS_HEADER = 'x-cache';

/** The headers that belong to a catalogue answer (as Fastify keeps them: lower case). */
const ANSWER_HEADERS = [
  'content-type',
  'x-total-count',
  'x-total-count-relation',
  'x-next-cursor',
  'link',
  'x-search-corrected',
];

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answer from and store in the catalogue cache (capabilities/catalogue/cache.plugin.ts); GET routes only. */
    catalogueCache?: boolean;
  }
  interface FastifyInstance {
    catalogueCache: ResponseCache;
  }
  interface FastifyRequest {
    /** The cache generation this request may store its answer under; null: it stores nothing. */
    catalogueCacheGeneration: number | null;
  }
}

/** Signed-in callers see sellers' emails, anonymous ones do not: two answers per URL. */
const keyOf = (request: FastifyRequest) => `${request.user ? 'u' : 'a'} ${request.url}`;

const cacheControlOf = (request: FastifyRequest) => (request.user ? 'private, no-cache' : 'no-cache');

function directives(request: FastifyRequest): { noCache: boolean; noStore: boolean } {
  const value = request.headers['cache-control'];
  const text = (Array.isArray(value) ? value.join(',') : (value ?? '')).toLowerCase();
  const noStore = text.includes('no-store');
  return { noStore, noCache: noStore || text.includes('no-cache') };
}

/** If-None-Match lists `etag` (or is `*`); weak validators compare by their opaque part. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

export default fp(
  async (app) => {
    const cache = new ResponseCache();
    app.decorate('catalogueCache', cache);
    app.decorateRequest('catalogueCacheGeneration', null);
    // Switched off: not a hook on any request (the cache stays empty and off).
    if (!app.config.catalogueCache) return;

    const lookup: onRequestHookHandler = async (request, reply) => {
      const { noCache, noStore } = directives(request);
      const key = keyOf(request);
      const hit = noCache ? undefined : cache.get(key);
      if (hit) {
        reply
          .headers(hit.headers)
          .header('etag', hit.etag)
          .header('cache-control', cacheControlOf(request))
          .header('vary', 'Authorization')
          .header(CACHE_STATUS_HEADER, 'hit');
        if (matches(request.headers['if-none-match'], hit.etag)) return reply.code(304).send();
        return reply.send(hit.body);
      }
      request.catalogueCacheGeneration = noStore ? null : cache.begin();
    };

    const keep: onSendHookHandler = async (request, reply, payload) => {
      const generation = request.catalogueCacheGeneration;
      if (generation === null) return payload;
      request.catalogueCacheGeneration = null;
      if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      const body = Buffer.from(payload);
      const headers: Record<string, string> = {};
      for (const name of ANSWER_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      const etag = etagOf(body);
      cache.store(keyOf(request), generation, { body, etag, headers });
      reply
        .header('etag', etag)
        .header('cache-control', cacheControlOf(request))
        .header('vary', 'Authorization')
        .header(CACHE_STATUS_HEADER, 'miss');
      return body;
    };

    app.addHook('onRoute', (route) => {
      if (!route.config?.catalogueCache) return;
      const methods = [route.method].flat();
      // Fastify's automatic HEAD twin of a GET route carries its config: it neither reads nor stores.
      if (methods.length !== 1 || methods[0] !== 'GET') return;
      // After the route's own onRequest hooks: its authentication decides which answer applies.
      route.onRequest = [...toArray(route.onRequest), lookup];
      // First of the route's onSend hooks: it keeps the JSON as serialized, before compression.
      route.onSend = [keep, ...toArray(route.onSend)];
    });

    // A write of this process: empty the cache before its answer reaches the client.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (MUTATING.has(request.method)) cache.invalidate();
      return payload;
    });

    let stop: (() => Promise<void>) | null = null;
    app.addHook('onReady', async () => {
      try {
        // The schema the products table is in: the notifications' payload (other schemas are other shops).
        const [row] = (await app.database.executeSql('SELECT current_schema() AS schema')).rows as [{ schema: string }];
        const schema = row.schema;
        stop = await app.database.listen(CATALOGUE_CHANNEL, {
          notify: (payload) => {
            if (payload === schema) cache.invalidate();
          },
          lost: () => {
            cache.setEnabled(false);
            app.log.warn('catalogue cache off: the connection listening for catalogue changes broke');
          },
          listening: () => {
            if (!cache.enabled) app.log.info('catalogue cache on');
            cache.setEnabled(true);
          },
        });
      } catch (error) {
        app.log.warn({ err: error }, 'catalogue cache off: could not listen for catalogue changes');
      }
    });
    app.addHook('onClose', async () => {
      cache.setEnabled(false);
      await stop?.();
    });
  },
  { name: 'catalogue-cache', dependencies: ['db', 'config', 'auth'] },
);
