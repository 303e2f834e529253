import pino from 'pino';
import { afterAll, expect, test } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createJobQueue } from '../../src/jobs/queue.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';
import { testEnv } from '../helpers/env.js';

/*
 * Stopping the job queue (apps/api/src/jobs/queue.ts): the app stops the queue, waiting for the
 * jobs in hand, before it closes the database; a handler that outlives the stop's deadline must
 * not reach the database once `stop` has returned, since the app closes it then.
 */

const rejections: unknown[] = [];
const onRejection = (reason: unknown) => rejections.push(reason);
process.on('unhandledRejection', onRejection);
afterAll(() => {
  process.off('unhandledRejection', onRejection);
});

async function jobState(database: TestDatabase['database'], schema: string, id: string) {
  const rows = await database.executeSql(`SELECT state FROM ${schema}.job WHERE id = $1`, [id]);
  return (rows.rows[0] as { state: string } | undefined)?.state;
}

test('a handler still running after stop leaves its job to be retried instead of touching the database', async () => {
  const db: TestDatabase = await openTestDatabase();
  const { database } = db;
  const queue = await createJobQueue(database, {
    log: pino({ level: 'silent' }),
    pollingIntervalSeconds: 1,
    stopTimeoutMs: 1000,
  });
  let started!: () => void;
  const handlerStarted = new Promise<void>((resolve) => (started = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await queue.work(
    { name: 'slow', retryLimit: 3, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 60 },
    async () => {
      started();
      await released;
    },
  );
  await queue.send('slow', [{ id: '5f0c0e0a-93f5-4a57-9a1e-0d8c6d1e2f10', data: { n: 1 } }]);
  queue.wake('slow');
  await handlerStarted;

  await queue.stop();
  // pg-boss failed the job in hand back to the queue at its deadline, for a running process to retry.
  expect(await jobState(database, database.jobsSchema, '5f0c0e0a-93f5-4a57-9a1e-0d8c6d1e2f10')).toBe('retry');

  // The app closes the database; then the handler ends, and pg-boss completes the job without
  // awaiting. That statement must not reach the closed pool (an unhandled rejection if it did).
  await db.dispose();
  release();
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(rejections).toEqual([]);
});

test('an app that closes its database lets the job in hand finish its statements first', async () => {
  const { database, dispose } = await openTestDatabase();
  const config = loadConfig(testEnv({ JOB_POLL_SECONDS: '1' }));
  const app = await buildApp({ config, database, closesDatabase: true });
  await app.ready();
  let started!: () => void;
  const handlerStarted = new Promise<void>((resolve) => (started = resolve));
  let finished: 'ran' | Error | undefined;
  await app.jobs.work(
    { name: 'last', retryLimit: 0, retryDelaySeconds: 1, retryBackoff: false, expireInSeconds: 60 },
    async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      try {
        await database.executeSql('SELECT 1');
        finished = 'ran';
      } catch (error) {
        finished = error as Error;
      }
    },
  );
  await app.jobs.send('last', [{ data: {} }]);
  app.jobs.wake('last');
  await handlerStarted;

  await app.close();
  expect(finished).toBe('ran');
  // The app closed the database; a second close is a no-op, and on PostgreSQL this drops the schemas.
  await dispose();
});
