import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';
import { freePort, freePorts } from './emulator.js';

/*
 * The local mail catcher (MailDev, an npm package), started like the Auth Emulator: `npm start`
 * on fixed ports (SMTP 1025, UI and REST API 1080, or MAILDEV_SMTP_PORT / MAILDEV_WEB_PORT),
 * test runs on free ones. Everything the API sends lands there and nothing leaves the machine.
 * MailDev 3 serves its REST API under /api: GET /api/email lists the messages.
 */

export interface MailDevOptions {
  /** Fixed ports; free ones are picked when omitted. */
  smtpPort?: number;
  webPort?: number;
  /** Own process group (npm start stops its children by group). */
  detached?: boolean;
}

export interface RunningMailDev {
  /** The SMTP_URL the API sends to. */
  smtpUrl: string;
  /** The inbox UI; its REST API is under /api (GET /api/email). */
  webUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** A message as MailDev's REST API lists it (the fields the scripts and tests read). */
export interface CaughtEmail {
  id: string;
  subject: string;
  html: string;
  text: string;
  to: { address: string; name?: string }[];
  headers: Record<string, string>;
  messageId?: string;
}

// A root devDependency (npm start and the tests use it; production never does).
const maildevBin = () =>
  join(resolve(import.meta.dirname, '../..'), 'node_modules', 'maildev', 'dist', 'bin', 'maildev.js');

/** MailDev ended before it answered: on free ports, most likely one was taken before it bound it. */
class MailDevExited extends Error {}

async function waitUntilUp(webUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new MailDevExited(`MailDev exited (${child.signalCode ?? child.exitCode}) before it was ready.`);
    }
    try {
      const res = await fetch(`${webUrl}/api/healthz`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error('MailDev did not answer within 30 s.');
}

/**
 * MailDev on fixed ports, or on free ones. A free port is only free when it was looked up: another
 * process may take it before MailDev binds it (tests and scripts run side by side), and MailDev
 * then exits at once. On free ports that is retried with new ones, up to three times.
 */
export async function startMailDev(options: MailDevOptions = {}): Promise<RunningMailDev> {
  const fixed = options.smtpPort !== undefined && options.webPort !== undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await startMailDevOnce(options);
    } catch (error) {
      if (fixed || !(error instanceof MailDevExited) || attempt === 3) throw error;
    }
  }
}

async function startMailDevOnce(options: MailDevOptions): Promise<RunningMailDev> {
  const [freeSmtp, freeWeb] = (await freePorts(2)) as [number, number];
  const smtpPort = options.smtpPort ?? freeSmtp;
  const webPort = options.webPort ?? freeWeb;
  const child = spawn(
    process.execPath,
    [
      maildevBin(),
      '--ip',
      '127.0.0.1',
      '--web-ip',
      '127.0.0.1',
      '--smtp',
      String(smtpPort),
      '--web',
      String(webPort),
      '--silent',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], detached: options.detached ?? false },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const webUrl = `http://127.0.0.1:${webPort}`;
  try {
    await waitUntilUp(webUrl, child);
  } catch (error) {
    child.kill('SIGKILL');
    const message = `${error instanceof Error ? error.message : String(error)}\n${stderr}`;
    throw error instanceof MailDevExited ? new MailDevExited(message) : new Error(message);
  }
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl,
    process: child,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => (clearTimeout(timer), resolve()));
        child.kill('SIGTERM');
      }),
  };
}

/** Every message MailDev holds, oldest first. */
export async function caughtEmails(webUrl: string): Promise<CaughtEmail[]> {
  const res = await fetch(`${webUrl}/api/email`);
  if (!res.ok) throw new Error(`GET ${webUrl}/api/email: ${res.status}`);
  const body = (await res.json()) as CaughtEmail[] | { emails?: CaughtEmail[]; data?: CaughtEmail[] };
  return Array.isArray(body) ? body : (body.emails ?? body.data ?? []);
}

/** The raw message as it arrived (every header, as sent). */
export async function emailSource(webUrl: string, id: string): Promise<string> {
  const res = await fetch(`${webUrl}/api/email/${id}/source`);
  if (!res.ok) throw new Error(`GET ${webUrl}/api/email/${id}/source: ${res.status}`);
  return res.text();
}

async function isPortFree(port: number): Promise<boolean> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * `npm start`'s mail catcher: on MAILDEV_SMTP_PORT (1025) and MAILDEV_WEB_PORT (1080), or free
 * ports when those are taken (another checkout's `npm start`), printed either way. Sets
 * SMTP_URL in `env` for the API. Not started when SMTP_URL names a real server already.
 */
export async function startLocalMailCatcher(env: NodeJS.ProcessEnv): Promise<RunningMailDev | undefined> {
  if (env.SMTP_URL) {
    console.log(`Email goes to SMTP_URL (${new URL(env.SMTP_URL).host}); no local mail catcher.`);
    return undefined;
  }
  const pick = async (wanted: number) => ((await isPortFree(wanted)) ? wanted : freePort());
  const smtpPort = await pick(Number(env.MAILDEV_SMTP_PORT ?? 1025));
  const webPort = await pick(Number(env.MAILDEV_WEB_PORT ?? 1080));
  const mail = await startMailDev({ smtpPort, webPort, detached: true });
  env.SMTP_URL = mail.smtpUrl;
  console.log(
    `Mail catcher (MailDev): SMTP 127.0.0.1:${smtpPort}, inbox ${mail.webUrl} (REST API: GET ${mail.webUrl}/api/email). ` +
      'Every email the app sends lands there; nothing leaves this machine.',
  );
  return mail;
}
