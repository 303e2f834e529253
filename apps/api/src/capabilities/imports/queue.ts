import type { JobQueue } from '../../jobs/queue.js';
import { IMPORT_QUEUE, type ImportService } from './service.js';

/**
 * Works the import queue with `service`, in whichever thread calls it (worker.plugin.ts or
 * thread.ts). An import runs as a chain of jobs of about a minute each (each sends the next); a
 * job whose process died expires after `expireInSeconds` and is retried, resuming after the
 * import's last applied batch (the service's `run` is safe to repeat, and a batch commits only
 * where its worker read the import).
 */
export async function workImports(jobs: JobQueue, service: ImportService, expireInSeconds: number): Promise<void> {
  await jobs.work<{ importId: string }>(
    { name: IMPORT_QUEUE, retryLimit: 5, retryDelaySeconds: 5, retryBackoff: true, expireInSeconds },
    async (job) => {
      if ((await service.run(job.data.importId)) === 'more') {
        await jobs.send(IMPORT_QUEUE, [{ data: { importId: job.data.importId } }]);
        jobs.wake(IMPORT_QUEUE);
      }
    },
  );
}
