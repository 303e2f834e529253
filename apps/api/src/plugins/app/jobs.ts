import fp from 'fastify-plugin';
import { createJobQueue, type JobQueue } from '../../jobs/queue.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable job queue (apps/api/src/jobs): declare queues with `work`, add jobs with `send`. */
    jobs: JobQueue;
  }
}

/** Starts the job queue on the app's database and stops it (waiting for jobs in hand) on close. */
export default fp(
  async (app) => {
    const jobs = await createJobQueue(app.database, {
      log: app.log,
      pollingIntervalSeconds: app.config.jobPollSeconds,
      maintenanceIntervalSeconds: app.config.jobMaintenanceSeconds,
    });
    app.decorate('jobs', jobs);
    app.addHook('onClose', async () => jobs.stop());
  },
  { name: 'jobs', dependencies: ['db', 'config'] },
);
