import fp from 'fastify-plugin';
import { RequestRate } from '../../lib/request-rate.js';
import { createImportService, IMPORT_QUEUE, type ImportService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Catalogue import and export (apps/api/src/imports). */
    imports: ImportService;
  }
}

/**
 * The import page polls its import's progress every second while it runs, and health checks
 * come from machines: neither is a shopper the import should make way for.
 */
export function isImportTraffic(url: string): boolean {
  return /^\/api\/(?:imports(?:[/?]|$)|health(?:[/?]|$))/.test(url);
}

/**
 * The import service, and its worker on the job queue. An import runs as a chain of jobs of
 * about a minute each (each sends the next); a job whose process died expires after five minutes
 * and is retried, resuming after the import's last applied batch (the service's `run` is safe to
 * repeat, and a batch commits only where its worker read the import).
 */
export default fp(
  async (app) => {
    // How often shoppers asked this process for anything but an import's own progress, lately.
    const shoppers = new RequestRate();
    app.addHook('onRequest', async (request) => {
      if (!isImportTraffic(request.url)) shoppers.note();
    });
    const service = createImportService(app.db, {
      maxBytes: app.config.importMaxBytes,
      restRatio: app.config.importRestRatio,
      shopperRate: () => shoppers.perSecond(),
      jobs: {
        send: async (importId) => {
          await app.jobs.send(IMPORT_QUEUE, [{ id: importId, data: { importId } }]);
          app.jobs.wake(IMPORT_QUEUE);
        },
      },
    });
    app.decorate('imports', service);
    await app.jobs.work<{ importId: string }>(
      // A slice works about a minute; one still active after IMPORT_JOB_EXPIRE_SECONDS (5 min) was lost with its process.
      {
        name: IMPORT_QUEUE,
        retryLimit: 5,
        retryDelaySeconds: 5,
        retryBackoff: true,
        expireInSeconds: app.config.importJobExpireSeconds,
      },
      async (job) => {
        // On shutdown the job ends at its next row and queues the rest, for another process at its
        // next poll or for this one when it runs again: nothing waits for the job to expire.
        if ((await service.run(job.data.importId, { stopping: app.jobs.stopping })) === 'more') {
          await app.jobs.send(IMPORT_QUEUE, [{ data: { importId: job.data.importId } }]);
          app.jobs.wake(IMPORT_QUEUE);
        }
      },
    );
  },
  { name: 'imports', dependencies: ['db', 'config', 'jobs'] },
);
