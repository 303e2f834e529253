import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase, type DatabaseOptions } from '../../db/client.js';
import { createJobQueue } from '../../jobs/queue.js';
import { workImports } from './queue.js';
import { createImportService, IMPORT_QUEUE } from './service.js';

/*
 * The import's jobs in a thread of their own (worker.plugin.ts starts it, on PostgreSQL): its own
 * pool of two connections and its own worker of the job queue, so parsing, checking and writing a
 * batch never hold up the event loop that answers the shoppers. The catalogue cache of every
 * process learns of its writes as of any other's (the catalogue trigger's notifications).
 *
 * The API tells it when a shopper last asked for anything (shared memory, read after each batch),
 * wakes it when an import is queued, and stops it on close; it reports ready, its warnings, and
 * that it stopped, having handed back the jobs in hand like any stopping worker.
 */

export interface ImportThreadData {
  database: DatabaseOptions;
  maxBytes: number;
  restRatio: number;
  expireInSeconds: number;
  pollSeconds: number;
  maintenanceSeconds: number;
  /** One float: Date.now() of the last shopper's request (worker.plugin.ts writes it). */
  lastShopper: SharedArrayBuffer;
  shoppersWindowMs: number;
}

export type ToImportThread = { type: 'wake' } | { type: 'stop' };
export type FromImportThread =
  { type: 'ready' } | { type: 'warn'; message: string; detail: string } | { type: 'stopped' };

const port = parentPort;
if (!port) throw new Error('capabilities/imports/thread.ts runs as a worker thread (worker.plugin.ts starts it).');
const tell = (message: FromImportThread) => port.postMessage(message);
const data = workerData as ImportThreadData;
const lastShopper = new Float64Array(data.lastShopper);

const database = await createDatabase({ ...data.database, pool: { ...data.database.pool, size: 2 } });
const jobs = await createJobQueue(database, {
  log: {
    warn: (detail: object, message?: string) =>
      tell({ type: 'warn', message: message ?? 'import thread', detail: JSON.stringify(detail) }),
  },
  pollingIntervalSeconds: data.pollSeconds,
  maintenanceIntervalSeconds: data.maintenanceSeconds,
});
const service = createImportService(database.db, {
  maxBytes: data.maxBytes,
  restRatio: data.restRatio,
  shoppersActive: () => Date.now() - (lastShopper[0] ?? 0) < data.shoppersWindowMs,
  jobs: {
    send: async (importId) => {
      await jobs.send(IMPORT_QUEUE, [{ id: importId, data: { importId } }]);
      jobs.wake(IMPORT_QUEUE);
    },
  },
});
await workImports(jobs, service, data.expireInSeconds);

port.on('message', (message: ToImportThread) => {
  if (message.type === 'wake') jobs.wake(IMPORT_QUEUE);
  else
    void (async () => {
      await jobs.stop();
      await database.close();
      tell({ type: 'stopped' });
    })();
});
tell({ type: 'ready' });
