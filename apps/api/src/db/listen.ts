import pg from 'pg';
import type { ListenHandlers, Listening } from './client.js';

/** How the listening connection names itself in pg_stat_activity. */
export const LISTENER_APP_NAME = 'b2b-api-listener';

/** Waits before opening a broken listening connection again: 0.5 s, doubling, at most 10 s. */
const RETRY_MS = { first: 500, max: 10_000 };

/**
 * LISTEN on PostgreSQL, on a connection outside the pool (a pooled one would be handed to other
 * work, and its LISTEN with it). When the connection breaks, `lost` is called at once and the
 * connection is opened again until it listens; then `listening`. Resolves after the first LISTEN
 * (rejects if that fails), with the listening's controls (`Listening`).
 */
export async function listenPostgres(url: string, channel: string, handlers: ListenHandlers): Promise<Listening> {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Unsafe channel name: ${channel}`);
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | null = null;
  let delay = RETRY_MS.first;

  async function open(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: LISTENER_APP_NAME });
    let broken = false;
    const broke = () => {
      if (broken) return;
      broken = true;
      if (client === next) client = null;
      next.end().catch(() => undefined);
      if (stopped) return;
      handlers.lost();
      schedule();
    };
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.notify(message.payload ?? '');
    });
    next.on('error', broke);
    next.on('end', broke);
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      broken = true;
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = RETRY_MS.first;
    handlers.listening();
  }

  function schedule() {
    retry = setTimeout(() => {
      retry = null;
      open().catch(() => {
        delay = Math.min(delay * 2, RETRY_MS.max);
        if (!stopped) schedule();
      });
    }, delay);
    retry.unref();
  }

  /*
   * PostgreSQL hands a listening session the notifications committed before a command it reads
   * before it runs that command (ProcessClientReadInterrupt), so once a query sent after a commit
   * has answered, that commit's notification has been handled. One query serves every caller
   * that asked before it was sent; callers who ask while it runs wait for the next one.
   */
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const roundTrip = async (): Promise<void> => {
    await client?.query('SELECT 1').catch(() => undefined);
  };
  function caughtUp(): Promise<void> {
    if (!client) return Promise.resolve();
    if (!running) {
      running = roundTrip().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running.then(() => {
      queued = null;
      return caughtUp();
    });
    return queued;
  }

  await open();
  return {
    caughtUp,
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const open = client;
      client = null;
      await open?.end().catch(() => undefined);
    },
  };
}
