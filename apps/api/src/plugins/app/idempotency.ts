import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { queryRows, type AppDb, type AppTx, type InTransaction } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { toArray } from '../../lib/arrays.js';

/*
 * Idempotency-Key for POSTs that create something (docs/architecture.md, "Guard rails"), as
 * Stripe does it. A route opts in with `config: { idempotent: true }`; this plugin then
 * documents and validates the header and adds a preHandler (after authentication and body
 * validation) and an onSend hook:
 *
 *   - no header: the request runs as always;
 *   - a new key: the key is claimed (one INSERT … ON CONFLICT, so of two racing requests only
 *     one wins), the route runs, and its answer (status + body) is stored for 24 hours;
 *   - the same key and the same request (method, path and body) again: the stored answer is
 *     sent without running the route, with `Idempotent-Replayed: true`; when the first request
 *     is still running, the second waits for its answer (up to 10 s, then 409
 *     IDEMPOTENCY_KEY_IN_USE);
 *   - the same key with another request: 422 IDEMPOTENCY_KEY_REUSED.
 *
 * Keys are per user. Answers with a 5xx status are not stored: the claim is released so a
 * retry does the work. A claim whose process died is released after LEASE_SECONDS. Expired
 * keys are replaced on use and deleted by an hourly sweep.
 *
 * A route whose work is one transaction (a purchase, a checkout) stores its answer in that
 * transaction: it passes `answerInTransaction(request, reply, status)` to its repository, which
 * runs it inside the transaction. Then a process that dies after the commit has stored the answer
 * too, and a retry gets it instead of taking the claim over after the lease and buying again.
 * Everything else is stored by the onSend hook, after the route.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Honour Idempotency-Key (plugins/app/idempotency.ts); for POSTs that create something. */
    idempotent?: boolean;
  }
  interface FastifyInstance {
    idempotency: {
      /** Deletes expired keys; returns how many. Runs hourly on its own. */
      purgeExpired(): Promise<number>;
    };
  }
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'idempotent-replayed';
const TTL_HOURS = 24;
/** Longer than any request can run (statement timeouts of a few seconds each). */
const LEASE_SECONDS = 60;
const WAIT_MS = 10_000;
const POLL_MS = 50;
const SWEEP_EVERY_MS = 60 * 60_000;

export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255, 'Must be at most 255 characters.')
  .regex(/^[\x21-\x7e]+$/, 'Must be printable ASCII without spaces, e.g. a UUID.')
  .optional()
  .describe(
    'Makes a retry safe: the same key and body within 24 hours return the first answer without doing the work ' +
      'again (with Idempotent-Replayed: true); the same key with another body is refused with 422 ' +
      'IDEMPOTENCY_KEY_REUSED. Keys are per user; a fresh UUID per intended action is a good key.',
  );

const headersSchema = z.looseObject({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema });

interface Claim {
  uid: string;
  key: string;
  fingerprint: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
}

interface StoredRow {
  fingerprint: string;
  status_code: number | null;
  response_body: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stores the answer of a claimed key, unless one is stored already (in the work's transaction). */
async function storeAnswer(db: AppDb | AppTx, held: Claim, statusCode: number, body: string): Promise<void> {
  await db.execute(
    sql`UPDATE idempotency_keys
        SET status_code = ${statusCode}, response_body = ${body}, locked_until = NULL
        WHERE user_uid = ${held.uid} AND key = ${held.key} AND fingerprint = ${held.fingerprint}
          AND status_code IS NULL`,
  );
}

/**
 * For a request that holds an Idempotency-Key: stores its answer (`statusCode`, `toBody(result)`
 * serialized by the route's response schema, so a replay is the first answer byte for byte)
 * inside the transaction of the work it answers. Pass it to the repository; undefined without a key.
 */
export function answerInTransaction<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  toBody: (result: T) => object = (result) => result as object,
): InTransaction<T> | undefined {
  const held = request.idempotencyClaim;
  if (!held) return undefined;
  return (tx, result) => {
    const body = reply.serializeInput(toBody(result) as Record<string, unknown>, String(statusCode));
    return storeAnswer(tx, held, statusCode, String(body));
  };
}

function fingerprintOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? request.url;
  return createHash('sha256')
    .update(JSON.stringify([request.method, path, request.body ?? null]))
    .digest('hex');
}

export default fp(
  async (app) => {
    const db = app.db;
    app.decorateRequest('idempotencyClaim', null);

    /** True when this request now owns the key (new, expired, or abandoned by a dead process). */
    async function claim({ uid, key, fingerprint }: Claim): Promise<boolean> {
      const rows = await queryRows<{ claimed: boolean }>(
        db,
        sql`INSERT INTO idempotency_keys (user_uid, key, fingerprint, locked_until, expires_at)
            VALUES (${uid}, ${key}, ${fingerprint}, now() + make_interval(secs => ${LEASE_SECONDS}),
                    now() + make_interval(hours => ${TTL_HOURS}))
            ON CONFLICT (user_uid, key) DO UPDATE
              SET fingerprint = excluded.fingerprint, status_code = NULL, response_body = NULL,
                  locked_until = excluded.locked_until, created_at = now(), expires_at = excluded.expires_at
              WHERE idempotency_keys.expires_at <= now()
                 OR (idempotency_keys.status_code IS NULL AND idempotency_keys.locked_until <= now()
                     AND idempotency_keys.fingerprint = excluded.fingerprint)
            RETURNING true AS claimed`,
      );
      return rows.length > 0;
    }

    async function read({ uid, key }: Claim): Promise<StoredRow | undefined> {
      const [row] = await queryRows<StoredRow>(
        db,
        sql`SELECT fingerprint, status_code, response_body FROM idempotency_keys WHERE user_uid = ${uid} AND key = ${key} AND expires_at > now()`,
      );
      return row;
    }

    function replay(reply: FastifyReply, row: StoredRow) {
      return reply
        .code(row.status_code ?? 200)
        .header('content-type', 'application/json; charset=utf-8')
        .header(REPLAYED_HEADER, 'true')
        .send(row.response_body ?? '');
    }

    const preHandler: preHandlerHookHandler = async (request, reply) => {
      const raw = request.headers[IDEMPOTENCY_HEADER];
      if (typeof raw !== 'string' || !request.user) return;
      const wanted: Claim = { uid: request.user.uid, key: raw, fingerprint: fingerprintOf(request) };
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        if (await claim(wanted)) {
          request.idempotencyClaim = wanted;
          return;
        }
        const row = await read(wanted);
        if (row) {
          if (row.fingerprint !== wanted.fingerprint) {
            throw new AppError(
              'IDEMPOTENCY_KEY_REUSED',
              'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
            );
          }
          if (row.status_code !== null) return replay(reply, row);
        }
        // Still running elsewhere (or released a moment ago): wait for its answer, then claim again.
        if (Date.now() >= deadline) {
          reply.header('retry-after', '1');
          throw new AppError(
            'IDEMPOTENCY_KEY_IN_USE',
            'A request with this Idempotency-Key is still being processed. Retry shortly.',
          );
        }
        await sleep(POLL_MS);
      }
    };

    const onSend: onSendHookHandler = async (request, reply, payload) => {
      const held = request.idempotencyClaim;
      if (!held) return payload;
      request.idempotencyClaim = null;
      try {
        if (reply.statusCode >= 500) {
          // Nothing was done (the work is one transaction): let a retry do it. (Work that did commit
          // stored its answer with it, which this leaves alone.)
          await db.execute(
            sql`DELETE FROM idempotency_keys
                WHERE user_uid = ${held.uid} AND key = ${held.key} AND status_code IS NULL`,
          );
        } else {
          const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
          await storeAnswer(db, held, reply.statusCode, body);
        }
      } catch (error) {
        // The client still gets the real answer; the claim's lease runs out on its own.
        request.log.error({ err: error }, 'could not store the idempotent answer');
      }
      return payload;
    };

    app.addHook('onRoute', (route) => {
      if (!route.config?.idempotent) return;
      const schema = (route.schema ??= {});
      const own = schema.headers;
      schema.headers = own instanceof z.ZodObject ? own.extend(headersSchema.shape) : headersSchema;
      route.preHandler = [...toArray(route.preHandler), preHandler];
      // First of the route's onSend hooks: it stores the JSON as serialized, before compression.
      route.onSend = [onSend, ...toArray(route.onSend)];
    });

    async function purgeExpired(): Promise<number> {
      const rows = await queryRows<{ n: number }>(
        db,
        sql`WITH gone AS (DELETE FROM idempotency_keys WHERE expires_at <= now() RETURNING 1)
            SELECT count(*)::int AS n FROM gone`,
      );
      return rows[0]?.n ?? 0;
    }
    app.decorate('idempotency', { purgeExpired });

    const sweep = setInterval(() => {
      purgeExpired().catch((error: unknown) => app.log.warn({ err: error }, 'idempotency key sweep failed'));
    }, SWEEP_EVERY_MS);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'idempotency', dependencies: ['db', 'auth'] },
);
