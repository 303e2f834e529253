import type {
  FastifyReply,
  FastifyRequest,
  onRequestAbortHookHandler,
  onRequestHookHandler,
  onResponseHookHandler,
  onSendHookHandler,
} from 'fastify';
import type { Listening } from '../../db/client.js';
import fp from 'fastify-plugin';
import {
  DEFAULT_CACHE_LIMITS,
  etagOf,
  ResponseCache,
  EVERYTHING,
  type CachedAnswer,
  type Dependencies,
  type ProductChange,
} from '../../lib/response-cache.js';
import { toArray } from '../../lib/arrays.js';
import { COMPRESSION_THRESHOLD_BYTES, encode, negotiatedEncoding } from '../../lib/content-encoding.js';

/*
 * The catalogue's answers, kept in memory until what they show changes (docs/architecture.md,
 * "The catalogue cache"). A GET route opts in with `config: { catalogueCache: true }`: the
 * product lists, searches, category pages and facets, whose answers depend only on the URL and on
 * whether the caller is signed in (sellers' emails). Then:
 *
 *   - a request the cache can answer is answered from it, after rate limiting and the route's
 *     authentication (a hit still checks its token), with the stored body and headers and
 *     `X-Cache: hit`; with a matching If-None-Match, 304 and no body. Only 200s are kept, so a
 *     URL that fails validation never has an answer to hit;
 *   - a request for an answer another request is computing waits for that one's answer
 *     (`X-Cache: hit` too): identical misses cost one computation, not a stampede;
 *   - an answer a change made stale is still served (`X-Cache: stale`) for at most `staleMs`
 *     (1 s) after the change, while one request computes its replacement, except to a caller who
 *     wrote within that time: the busy pages a purchase touches do not make everyone wait;
 *   - any other 200 is stored under its URL, with an `ETag` (and `X-Cache: miss`), and with what it
 *     depends on, which the route says (`dependsOn`): the products it shows, and whether its rows
 *     or counts depend on availability or prices. A route that says nothing depends on everything;
 *   - `Cache-Control: no-cache` (or `no-store`) in a request skips the lookup; no-store also the storing.
 *
 * Correct on writes: the `products` table NOTIFYs `catalogue_changed` after every statement that
 * changes it (migrations 0013 and 0015: statement-level triggers, so imports, jobs, other API
 * processes and psql are all seen). An UPDATE that changed only stock, prices or volume prices of
 * up to 100 rows names them, and whether each crossed the available threshold or changed price;
 * the cache marks the answers that depend on that stale. Anything else marks every answer stale. Every API process
 * LISTENs. A write of this process waits, before its answer leaves, until the listening
 * connection has received everything committed so far (`caughtUp`): the writer's next request,
 * and everyone's in this process, never sees what was there before the write. So does a route
 * that reports a write made elsewhere (`reportsCatalogueWrites`: an import's status). While the listening
 * connection is broken (PostgreSQL), the cache is off. Answers read before a change they depend
 * on and finished after it are never kept as current, only as stale from that change (tickets:
 * lib/response-cache.ts).
 */

/** What an answer varies by: the caller's sign-in, and its accepted encodings when it is large enough to compress. */
const varyOf = (body: Buffer) =>
  body.length >= COMPRESSION_THRESHOLD_BYTES ? 'Authorization, accept-encoding' : 'Authorization';

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
    /**
     * The answer can tell its caller that a catalogue write made elsewhere finished (an import's
     * status): like a write's, it leaves only once the changes committed so far reached the cache.
     */
    reportsCatalogueWrites?: boolean;
  }
  interface FastifyInstance {
    catalogueCache: ResponseCache;
  }
  interface FastifyRequest {
    /** The cache ticket this request may store its answer with; null: it stores nothing. */
    catalogueCacheTicket: number | null;
    /** Whether this request computes the answer other identical requests wait for. */
    catalogueCacheLeads: boolean;
    /** What its answer depends on (`dependsOn`); EVERYTHING unless the route says. */
    catalogueDependencies: Dependencies | typeof EVERYTHING;
  }
}

/** Tells the catalogue cache what the answer to `request` depends on (lib/response-cache.ts, `Dependencies`). */
export function dependsOn(request: FastifyRequest, dependencies: Dependencies): void {
  request.catalogueDependencies = dependencies;
}

/**
 * A notification's payload (migrations 0013 and 0015): `schema` alone, anything may have changed;
 * `schema`, a newline and words `<id>[a][p]`, only those products' stock, prices or volume
 * prices did. Undefined for another schema; EVERYTHING for a word it cannot read.
 */
export function changesIn(payload: string, schema: string): ProductChange[] | typeof EVERYTHING | undefined {
  if (payload === schema) return EVERYTHING;
  if (!payload.startsWith(`${schema}\n`)) return undefined;
  const changes: ProductChange[] = [];
  for (const word of payload.slice(schema.length + 1).split(' ')) {
    const match = /^([0-9a-f-]{36})(a?)(p?)$/.exec(word);
    if (!match) return EVERYTHING;
    changes.push({ id: match[1] as string, availability: match[2] === 'a', price: match[3] === 'p' });
  }
  return changes;
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
    const cache = new ResponseCache({ ...DEFAULT_CACHE_LIMITS, ...app.config.catalogueCacheLimits });
    app.decorate('catalogueCache', cache);
    app.decorateRequest('catalogueCacheTicket', null);
    app.decorateRequest('catalogueCacheLeads', false);
    app.decorateRequest('catalogueDependencies', EVERYTHING);
    // Switched off: not a hook on any request (the cache stays empty and off).
    if (!app.config.catalogueCache) return;

    // When each signed-in caller of this process last wrote: they are never answered with a stale answer.
    const writers = new Map<string, number>();
    const wroteRecently = (request: FastifyRequest) => {
      const at = request.user ? writers.get(request.user.uid) : undefined;
      return at !== undefined && performance.now() - at <= cache.staleMs;
    };
    const noteWriter = (request: FastifyRequest) => {
      if (!request.user) return;
      const now = performance.now();
      if (writers.size >= 10_000) {
        for (const [uid, at] of writers) if (now - at > cache.staleMs) writers.delete(uid);
      }
      writers.set(request.user.uid, now);
    };

    const answer = (
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      hit: CachedAnswer,
      status: 'hit' | 'stale' = 'hit',
    ) => {
      const compressible = hit.body.length >= COMPRESSION_THRESHOLD_BYTES;
      reply
        .headers(hit.headers)
        .header('etag', hit.etag)
        .header('cache-control', cacheControlOf(request))
        .header('vary', varyOf(hit.body))
        .header(CACHE_STATUS_HEADER, status);
      if (matches(request.headers['if-none-match'], hit.etag)) return reply.code(304).send();
      const encoding = compressible ? negotiatedEncoding(request.headers['accept-encoding']) : null;
      if (!encoding) return reply.send(hit.body);
      // Compressed once, not on every hit: brotli of a 16 KB list page held the thread longer
      // than everything else a hit does (docs/benchmarks.md).
      const body = cache.encodedBody(key, hit, encoding, (plain) => encode(plain, encoding));
      return reply.header('content-encoding', encoding).header('content-length', body.length).send(body);
    };

    const lookup: onRequestHookHandler = async (request, reply) => {
      const { noCache, noStore } = directives(request);
      const key = keyOf(request);
      if (!noCache) {
        const found = cache.lookup(key);
        if (found && !found.stale) return answer(request, reply, key, found.answer);
        // Stale, and its replacement is being computed: what was there, unless the caller's own write made it stale.
        if (found && cache.follow(key) && !wroteRecently(request))
          return answer(request, reply, key, found.answer, 'stale');
        // Another request is computing this answer: wait for it. If it kept none (a change came
        // in, or it failed), look once more, then compute.
        for (let round = 0; round < 2; round++) {
          const flight = cache.follow(key);
          if (!flight) break;
          const landed = (await flight) ?? cache.get(key);
          if (landed) return answer(request, reply, key, landed);
        }
      }
      request.catalogueCacheTicket = noStore ? null : cache.begin();
      request.catalogueCacheLeads = request.catalogueCacheTicket !== null && !noCache && cache.lead(key);
    };

    /** Ends this request's computation for the requests waiting on it, whatever became of it. */
    const land = (request: FastifyRequest, kept: CachedAnswer | null) => {
      if (!request.catalogueCacheLeads) return;
      request.catalogueCacheLeads = false;
      cache.land(keyOf(request), kept);
    };

    const keep: onSendHookHandler = async (request, reply, payload) => {
      const ticket = request.catalogueCacheTicket;
      if (ticket === null) return payload;
      request.catalogueCacheTicket = null;
      if (reply.statusCode !== 200 || typeof payload !== 'string') {
        land(request, null);
        return payload;
      }
      const body = Buffer.from(payload);
      const headers: Record<string, string> = {};
      for (const name of ANSWER_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      const kept = { body, etag: etagOf(body), headers };
      const stored = cache.store(keyOf(request), ticket, kept, request.catalogueDependencies);
      land(request, stored ? kept : null);
      reply
        .header('etag', kept.etag)
        .header('cache-control', cacheControlOf(request))
        .header('vary', varyOf(body))
        .header(CACHE_STATUS_HEADER, 'miss');
      return body;
    };
    const landed: onResponseHookHandler = async (request) => land(request, null);
    const aborted: onRequestAbortHookHandler = async (request) => land(request, null);

    app.addHook('onRoute', (route) => {
      if (!route.config?.catalogueCache) return;
      const methods = [route.method].flat();
      // Fastify's automatic HEAD twin of a GET route carries its config: it neither reads nor stores.
      if (methods.length !== 1 || methods[0] !== 'GET') return;
      // After the route's own onRequest hooks: its authentication decides which answer applies.
      route.onRequest = [...toArray(route.onRequest), lookup];
      // First of the route's onSend hooks: it keeps the JSON as serialized, before compression.
      route.onSend = [keep, ...toArray(route.onSend)];
      // A leader whose answer never reached onSend (an error before it, a closed connection).
      route.onResponse = [...toArray(route.onResponse), landed];
      route.onRequestAbort = [...toArray(route.onRequestAbort), aborted];
    });

    let listening: Listening | null = null;
    // A write of this process (or a report that one finished): its changes reach the cache before
    // its answer reaches the client.
    app.addHook('onSend', async (request, _reply, payload) => {
      const reports = MUTATING.has(request.method) || request.routeOptions.config.reportsCatalogueWrites === true;
      if (reports && cache.enabled) {
        noteWriter(request);
        await listening?.caughtUp();
      }
      return payload;
    });

    app.addHook('onReady', async () => {
      try {
        // The schema the products table is in: the notifications' payload (other schemas are other shops).
        const [row] = (await app.database.executeSql('SELECT current_schema() AS schema')).rows as [{ schema: string }];
        const schema = row.schema;
        listening = await app.database.listen(CATALOGUE_CHANNEL, {
          notify: (payload) => {
            const changes = changesIn(payload, schema);
            if (changes === EVERYTHING) cache.changedEverything();
            else if (changes) cache.changed(changes);
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
      await listening?.stop();
    });
  },
  { name: 'catalogue-cache', dependencies: ['db', 'config', 'auth'] },
);
