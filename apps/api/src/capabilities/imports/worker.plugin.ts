import { Worker } from 'node:worker_threads';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { workImports } from './queue.js';
import { createImportService, IMPORT_QUEUE, type ImportService } from './service.js';
import type { FromImportThread, ImportThreadData, ToImportThread } from './thread.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Catalogue import and export (apps/api/src/imports). */
    imports: ImportService;
  }
}

/** A request within this long ago means shoppers are using the shop, and an import paces itself. */
export const SHOPPERS_WINDOW_MS = 1000;

/**
 * The import page polls its import's progress every second while it runs, and health checks
 * come from machines: neither is a shopper the import should make way for.
 */
export function isImportTraffic(url: string): boolean {
  return /^\/api\/(?:imports(?:[/?]|$)|health(?:[/?]|$))/.test(url);
}

/**
 * The thread's code: thread.js beside this file once built; from source, thread.ts behind tsx's
 * loader, registered in the new thread first (a worker does not inherit the loader of `--import tsx`).
 */
function threadEntry(): { entry: URL | string; eval: boolean } {
  if (!import.meta.url.endsWith('.ts')) return { entry: new URL('./thread.js', import.meta.url), eval: false };
  const tsx = import.meta.resolve('tsx/esm/api');
  const thread = new URL('./thread.ts', import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(thread)}); })`;
  return { entry: code, eval: true };
}

/**
 * Starts the import thread and resolves once it works the queue. Null when it could not start
 * (the caller then works the queue in this thread, as on PGlite).
 */
async function startThread(app: FastifyInstance, data: ImportThreadData): Promise<Worker | null> {
  const { entry, eval: evaluated } = threadEntry();
  const worker = new Worker(entry, { workerData: data, name: 'imports', eval: evaluated });
  const ready = await new Promise<boolean>((resolve) => {
    worker.on('message', (message: FromImportThread) => {
      if (message.type === 'ready') resolve(true);
      else if (message.type === 'warn') app.log.warn({ thread: 'imports', detail: message.detail }, message.message);
    });
    worker.once('error', (error) => {
      app.log.error({ err: error }, 'the import thread failed');
      resolve(false);
    });
    worker.once('exit', () => resolve(false));
  });
  if (!ready) {
    await worker.terminate();
    return null;
  }
  return worker;
}

/** Asks the thread to hand back its jobs and close its pool; ends it after `graceMs` regardless. */
async function stopThread(worker: Worker, graceMs: number): Promise<void> {
  const stopped = new Promise<void>((resolve) => {
    worker.on('message', (message: FromImportThread) => message.type === 'stopped' && resolve());
    worker.once('exit', () => resolve());
  });
  worker.postMessage({ type: 'stop' } satisfies ToImportThread);
  await Promise.race([stopped, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
  await worker.terminate();
}

/**
 * The import service, and its worker on the job queue: on PostgreSQL in a thread of its own
 * (thread.ts, unless IMPORT_THREAD=false), else in this one. The service here starts imports and
 * answers their progress either way.
 */
export default fp(
  async (app) => {
    // When a shopper last asked this process for anything but an import's own progress (Date.now()).
    const lastShopper = new Float64Array(new SharedArrayBuffer(Float64Array.BYTES_PER_ELEMENT));
    lastShopper[0] = Number.NEGATIVE_INFINITY;
    app.addHook('onRequest', async (request) => {
      if (!isImportTraffic(request.url)) lastShopper[0] = Date.now();
    });
    let thread: Worker | null = null;
    const service = createImportService(app.db, {
      maxBytes: app.config.importMaxBytes,
      restRatio: app.config.importRestRatio,
      shoppersActive: () => Date.now() - (lastShopper[0] ?? 0) < SHOPPERS_WINDOW_MS,
      jobs: {
        send: async (importId) => {
          await app.jobs.send(IMPORT_QUEUE, [{ id: importId, data: { importId } }]);
          if (thread) thread.postMessage({ type: 'wake' } satisfies ToImportThread);
          else app.jobs.wake(IMPORT_QUEUE);
        },
      },
    });
    app.decorate('imports', service);

    const reopen = app.database.reopen;
    if (app.config.importThread && reopen) {
      thread = await startThread(app, {
        database: reopen,
        maxBytes: app.config.importMaxBytes,
        restRatio: app.config.importRestRatio,
        expireInSeconds: app.config.importJobExpireSeconds,
        pollSeconds: app.config.jobPollSeconds,
        maintenanceSeconds: app.config.jobMaintenanceSeconds,
        lastShopper: lastShopper.buffer as SharedArrayBuffer,
        shoppersWindowMs: SHOPPERS_WINDOW_MS,
      });
      if (thread) {
        const running = thread;
        app.log.info('imports run in a thread of their own');
        // Before the database plugin's close: the thread hands its jobs back through its own pool.
        app.addHook('onClose', async () => stopThread(running, 15_000));
        return;
      }
      app.log.warn('the import thread did not start: imports run in the API’s own thread');
    }
    await workImports(app.jobs, service, app.config.importJobExpireSeconds);
  },
  { name: 'imports', dependencies: ['db', 'config', 'jobs'] },
);
