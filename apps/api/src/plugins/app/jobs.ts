import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from '../../jobs/queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (apps/api/src/jobs): declare queues with `work`, add jobs with `send`. */
    jobs: JobQueue;
  }
}

/**
 * Starts the job queue on the app's database; on close, winds its jobs down first, then stops it
 * (waiting for the jobs in hand).
 */
export default fp(
  async (app) => {
    const jobs = await createJobQueue(app.database, {
      log: app.log,
      pollingIntervalSeconds: app.config.jobPollSeconds,
      maintenanceIntervalSeconds: app.config.jobMaintenanceSeconds,
    });
    app.decorate('jobs', jobs);
    // Before the server waits for the requests in flight: a long job starts to wind down at once.
    app.addHook('preClose', async () => jobs.windDown());
    app.addHook('onClose', async () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['db', 'config'] },
);
