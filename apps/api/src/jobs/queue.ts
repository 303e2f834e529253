import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';

/*
 * The durable job queue (docs/architecture.md, "Background jobs"; apps/api/src/jobs/README.md):
 * pg-boss on the app's own database, PostgreSQL or PGlite, through the same adapter. A job is a
 * row in PostgreSQL: it survives a crash and a restart, is handed to exactly one worker of all
 * the API processes (FOR UPDATE SKIP LOCKED), and is retried with backoff when its handler
 * throws. Queues are declared with `work`; anything may `send`.
 */

export interface QueueDefinition {
  name: string;
  /** Attempts after the first one before the job is given up (state `failed`). */
  retryLimit: number;
  /** Seconds before the first retry; with `retryBackoff` it doubles each time (with jitter). */
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** A job still active after this long is taken to be lost (its process died) and retried. */
  expireInSeconds: number;
  /** At most this many jobs per fetch of one process (handled one after another). */
  batchSize?: number;
}

export interface Job<T> {
  id: string;
  data: T;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
}

/** Completes the job by returning; throwing fails this attempt (and retries per the queue). */
export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export interface NewJob<T> {
  /** A job with an id that is already queued is not added again (the id is the job's key). */
  id?: string;
  data: T;
}

export interface JobQueue {
  /** Creates or updates the queue, then this process works its jobs with `handler`. */
  work<T extends object>(queue: QueueDefinition, handler: JobHandler<T>): Promise<void>;
  /**
   * Queues jobs. On PGlite never from inside a transaction: the queue shares the one connection,
   * which the transaction holds until it ends.
   */
  send<T extends object>(queue: string, jobs: NewJob<T>[]): Promise<void>;
  /** Makes this process's worker of `queue` fetch now instead of at its next poll. */
  wake(queue: string): void;
  /** pg-boss itself, for what this module does not wrap (tests, the import's progress). */
  readonly boss: PgBoss;
  /**
   * Aborted by `windDown` (or `stop`). A handler that works in steps (an import's batches) ends
   * at the next step and queues the rest, instead of holding the process past its shutdown grace.
   */
  readonly stopping: AbortSignal;
  /**
   * Tells the handlers in hand that the process is stopping (`stopping`), as soon as it begins to.
   * The queue still works (sends, completes) until `stop`.
   */
  windDown(): void;
  stop(): Promise<void>;
}

export interface JobQueueOptions {
  log: FastifyBaseLogger;
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds?: number;
  /** How often expired jobs (of dead workers) are failed for retry, and old ones archived. */
  maintenanceIntervalSeconds?: number;
  /** How long `stop` lets the jobs in hand finish before failing them back to the queue. */
  stopTimeoutMs?: number;
}

export async function createJobQueue(
  database: Database,
  { log, pollingIntervalSeconds = 2, maintenanceIntervalSeconds = 60, stopTimeoutMs = 10_000 }: JobQueueOptions,
): Promise<JobQueue> {
  // pg-boss does not await everything it starts: a fetch in flight when `stop` is called still
  // hands its jobs to the worker, and it completes or fails jobs without awaiting. Counting the
  // statements in flight lets `stop` return only once none is left, so the app can close the
  // database without a late statement failing on a closed pool.
  let statementsInFlight = 0;
  let handlersInFlight = 0;
  // Aborted once the queue winds down: from then on nothing is fetched here.
  const stopping = new AbortController();
  // Once `stop` has returned, the app may close the database at any moment. A statement pg-boss
  // still issues then (a handler that outlived the stop's deadline completing or failing its job,
  // which pg-boss does without awaiting) is dropped rather than sent to a closed pool: it never
  // settles, so nothing rejects unhandled, and the job, still active, is retried when it expires,
  // like a dead process's.
  let stopped = false;
  const boss = new PgBoss({
    db: {
      executeSql: async (text, values) => {
        if (stopped) {
          log.warn({ statement: text.slice(0, 80) }, 'job queue statement after stop dropped');
          return new Promise<never>(() => {});
        }
        statementsInFlight += 1;
        try {
          return await database.executeSql(text, values);
        } finally {
          statementsInFlight -= 1;
        }
      },
    },
    schema: database.jobsSchema,
    // Creates or upgrades pg-boss's tables at start-up (an advisory lock lets one process do it).
    migrate: true,
    // Expires jobs of dead workers, archives and deletes old ones; one process at a time.
    supervise: true,
    maintenanceIntervalSeconds,
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 7,
    // No cron schedules yet: the clock monitor would only poll.
    schedule: false,
    pollingIntervalSeconds,
  });
  boss.on('error', (error: unknown) => log.warn({ err: error }, 'job queue error'));
  await boss.start();

  const workers = new Map<string, string>();

  function windDown() {
    if (stopping.signal.aborted) return;
    stopping.abort();
    // Nothing more is fetched here: a job queued now (the rest of an import) is for another
    // process, or for this one when it runs again. The handlers in hand go on to their end.
    for (const name of workers.keys()) {
      boss
        .offWork(name)
        .catch((error: unknown) => log.warn({ err: error, queue: name }, 'job queue worker not stopped'));
    }
  }

  return {
    boss,
    stopping: stopping.signal,
    async work<T extends object>(queue: QueueDefinition, handler: JobHandler<T>) {
      const options = {
        name: queue.name,
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: queue.retryBackoff,
        expireInSeconds: queue.expireInSeconds,
      };
      if (await boss.getQueue(queue.name)) await boss.updateQueue(queue.name, options);
      else await boss.createQueue(queue.name, options);
      const handleEach = async (jobs: PgBoss.JobWithMetadata<T>[]) => {
        // One by one, each completed or failed on its own (pg-boss would fail the whole batch).
        for (const job of jobs) {
          try {
            await handler({ id: job.id, data: job.data, retryCount: job.retryCount, retryLimit: job.retryLimit });
            await boss.complete(queue.name, job.id);
          } catch (error) {
            await boss.fail(queue.name, job.id, { message: error instanceof Error ? error.message : String(error) });
          }
        }
      };
      const id = await boss.work<T>(
        queue.name,
        { batchSize: queue.batchSize ?? 1, includeMetadata: true, pollingIntervalSeconds },
        async (jobs) => {
          // Jobs fetched while stopping go back to the queue as a failed attempt, as pg-boss does
          // with the jobs in hand when it stops; they are retried by a running process.
          if (stopping.signal.aborted) throw new Error('pg-boss shut down while fetching');
          handlersInFlight += 1;
          try {
            await handleEach(jobs);
          } finally {
            handlersInFlight -= 1;
          }
        },
      );
      workers.set(queue.name, id);
    },
    async send<T extends object>(queue: string, jobs: NewJob<T>[]) {
      if (jobs.length === 0) return;
      await boss.insert(jobs.map((job) => ({ name: queue, data: job.data, ...(job.id ? { id: job.id } : {}) })));
    },
    wake(queue: string) {
      const id = workers.get(queue);
      if (id) boss.notifyWorker(id);
    },
    windDown,
    async stop() {
      windDown();
      // Waits for the jobs in hand; close: false, as the database belongs to the app.
      await boss.stop({ graceful: true, wait: true, close: false, timeout: stopTimeoutMs });
      const deadline = Date.now() + stopTimeoutMs / 2;
      while ((statementsInFlight > 0 || handlersInFlight > 0) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      if (handlersInFlight > 0) log.warn({ handlersInFlight }, 'job queue stopped with handlers still running');
      stopped = true;
    },
  };
}
