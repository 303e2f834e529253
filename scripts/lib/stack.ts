import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { DEMO_PROJECT_ID } from '@b2b/shared';

/*
 * Pieces shared by the scripts that start the stack `npm start` runs, fresh and isolated
 * (`npm run test:e2e`, `npm run lighthouse`): the API's environment, its health wait, and a
 * clean stop.
 */

/** The API's own settings come only from here, never from a developer's .env. */
export function apiEnv(
  port: number,
  emulatorHost: string,
  databaseUrl: string | undefined,
  dir: string,
  /** The mail catcher of this run; without it the API runs with email off. */
  smtpUrl?: string,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (
      /^(FIREBASE_|DATABASE_|DATA_DIR$|PGLITE_DIR$|PORT$|HOST$|WEB_DIST_DIR$|SEED_ON_EMPTY$|NODE_ENV$|[A-Z_]*RATE_LIMIT|REDIS_URL$|TRUST_PROXY$|API_DOCS$|BODY_[A-Z_]*|CART_HOLD_HOURS$|LOG_LEVEL$|SMTP_URL$|MAIL_[A-Z_]+|PUBLIC_URL$|JOB_[A-Z_]+|IMPORT_[A-Z_]+)/.test(
        key,
      )
    )
      delete env[key];
  }
  return {
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    FIREBASE_PROJECT_ID: DEMO_PROJECT_ID,
    SEED_ON_EMPTY: 'true',
    // Every journey shares 127.0.0.1, so the per-address write limit is meant for one person, not
    // for two parallel workers; the API's own tests cover the limit itself.
    WRITE_RATE_LIMIT_PER_MINUTE: '5000',
    READ_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST_DIR: join(dir, 'web'),
    // Links in emails lead back to this run's app.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    ...(smtpUrl ? { SMTP_URL: smtpUrl, MAIL_RETRY_DELAY_SECONDS: '2' } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { PGLITE_DIR: join(dir, 'db') }),
  };
}

export async function waitForHealth(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The API exited (${child.signalCode ?? child.exitCode}) before it was healthy.`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`The API did not become healthy within 120 s (last: ${last}).`);
}

export function stopChild(child: ChildProcess | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => (clearTimeout(timer), resolve()));
    child.kill('SIGTERM');
  });
}
