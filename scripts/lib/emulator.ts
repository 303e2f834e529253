import { spawn, type ChildProcess } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DEMO_PROJECT_ID } from '@b2b/shared';

/*
 * Starts the Firebase Auth Emulator as a child process. Each run gets its own config file
 * with free ports, so several test runs (and a running `npm start`) never collide on
 * 9099/4400/4500.
 *
 * Each run is also isolated from every other emulator of the same project. firebase-tools finds
 * "the" running emulator through a hub locator file, `hub-<project>.json` in the system temp
 * folder, and a second emulator of the project does not replace the first one's file; its
 * `--export-on-exit` then asks the *first* emulator for the data, and another checkout's or a
 * test run's accounts would replace ours in `.data/auth`. So each emulator gets its own temp
 * folder (TMPDIR), and its data is exported by asking its own hub, by port, into a fresh
 * folder that replaces `dataDir` only after checking that it holds exactly the accounts of
 * this emulator (docs/architecture.md, "Run modes").
 */

const root = resolve(import.meta.dirname, '../..');

export interface EmulatorOptions {
  /** Fixed auth port; a free one is picked when omitted. */
  port?: number;
  /** Folder to import from and export to on exit (keeps accounts across restarts). */
  dataDir?: string;
  quiet?: boolean;
  /**
   * Own process group, so a terminal Ctrl-C reaches only the parent, which then stops the
   * emulator once (a second SIGINT makes the CLI quit without exporting its data).
   */
  detached?: boolean;
  /** Called as soon as the process exists, before it is up (npm start's guardian watches it). */
  onSpawn?: (child: ChildProcess) => void;
  /**
   * Output to `.data/tmp/auth-emulator-<port>.log` instead of a pipe to this process, so the
   * emulator keeps working when this process is killed (npm start's guardian then exports its
   * accounts; through a broken pipe its first log line would end it).
   */
  logToFile?: boolean;
}

export interface RunningEmulator {
  host: string;
  /** host:port of this emulator's own hub (exports go through it). */
  hubHost: string;
  /** This emulator's private temp folder (its TMPDIR, where its hub locator lives). */
  tmpDir: string;
  process: ChildProcess;
  /** Exports to `dataDir` (when given) safely, then stops the emulator. */
  stop(): Promise<void>;
}

interface ExportedAccounts {
  users?: { localId?: string }[];
}

/** The uids the emulator at `host` holds right now. */
export async function accountIds(host: string, projectId = DEMO_PROJECT_ID): Promise<string[]> {
  const res = await fetch(`http://${host}/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:query`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ returnUserInfo: true }),
  });
  if (!res.ok) throw new Error(`accounts:query on ${host} failed: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { userInfo?: { localId: string }[] };
  return (body.userInfo ?? []).map((user) => user.localId).sort();
}

/** The uids in an export folder (`auth_export/accounts.json`). */
export function exportedAccountIds(exportDir: string): string[] {
  const file = join(exportDir, 'auth_export', 'accounts.json');
  if (!existsSync(file)) throw new Error(`${file} is missing`);
  const body = JSON.parse(readFileSync(file, 'utf8')) as ExportedAccounts;
  return (body.users ?? []).map((user) => user.localId ?? '').sort();
}

const sameIds = (a: string[], b: string[]) => a.length === b.length && a.every((uid, i) => uid === b[i]);

/**
 * Exports the data of the emulator whose hub is at `hubHost` and puts it in `dataDir`, but only
 * when the export holds exactly the accounts of our emulator (`accounts()`, asked just before and,
 * should someone have signed up meanwhile, just after): otherwise `dataDir` is left as it was and
 * the export is kept in `workDir` for inspection.
 */
export async function exportSafely(options: {
  hubHost: string;
  dataDir: string;
  accounts: () => Promise<string[]>;
  workDir: string;
}): Promise<void> {
  const { hubHost, dataDir, accounts, workDir } = options;
  const before = await accounts();
  mkdirSync(workDir, { recursive: true });
  const exportDir = mkdtempSync(join(workDir, 'auth-export-'));
  const res = await fetch(`http://${hubHost}/_admin/export`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ path: exportDir, initiatedBy: 'exit', targets: ['auth'] }),
  });
  if (!res.ok) throw new Error(`The Auth Emulator export failed (${res.status}): ${await res.text()}`);
  const got = exportedAccountIds(exportDir);
  if (!sameIds(got, before) && !sameIds(got, await accounts())) {
    throw new Error(
      `The export in ${exportDir} holds ${got.length} accounts that are not this emulator's ${before.length}; ` +
        `${dataDir} was left unchanged.`,
    );
  }
  // Swap: the old data stays until the new data is in place.
  const old = `${dataDir}.old-${process.pid}-${Date.now()}`;
  if (existsSync(dataDir)) renameSync(dataDir, old);
  renameSync(exportDir, dataDir);
  rmSync(old, { recursive: true, force: true });
}

export async function isEmulatorUp(host: string): Promise<boolean> {
  return isUp(host);
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolvePort(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** `count` distinct free ports: two look-ups for port 0 can be given the same one. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

async function isUp(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/emulator/v1/projects/${DEMO_PROJECT_ID}/config`);
    return res.ok;
  } catch {
    return false;
  }
}

export async function startAuthEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const [free, hubPort, loggingPort] = (await freePorts(3)) as [number, number, number];
  const port = options.port ?? free;
  const host = `127.0.0.1:${port}`;
  const hubHost = `127.0.0.1:${hubPort}`;
  const workDir = join(root, '.data', 'tmp');
  mkdirSync(workDir, { recursive: true });
  // Its own temp folder: its hub locator file can neither find nor hide another emulator's.
  const ownTmp = mkdtempSync(join(tmpdir(), 'b2b-auth-emulator-'));
  const configPath = join(workDir, `firebase-${port}.json`);
  writeFileSync(
    configPath,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );

  const args = ['emulators:start', '--only', 'auth', '--project', DEMO_PROJECT_ID, '--config', configPath];
  const dataDir = options.dataDir;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    // No --export-on-exit: that finds "the" hub through the locator file. stop() exports instead.
    args.push('--import', dataDir);
  }
  const firebaseBin = join(root, 'node_modules', '.bin', 'firebase');
  const logFile = options.logToFile ? join(workDir, `auth-emulator-${port}.log`) : undefined;
  const logFd = logFile ? openSync(logFile, 'w') : undefined;
  const child = spawn(firebaseBin, args, {
    cwd: root,
    stdio: ['ignore', logFd ?? 'pipe', logFd ?? 'pipe'],
    detached: options.detached ?? false,
    // Keep the CLI from phoning home for its motd or update checks: there is no network.
    env: {
      ...process.env,
      TMPDIR: ownTmp,
      TMP: ownTmp,
      TEMP: ownTmp,
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      NO_UPDATE_NOTIFIER: '1',
      CI: process.env.CI ?? '',
    },
  });
  if (logFd !== undefined) closeSync(logFd); // the child has its own copy
  options.onSpawn?.(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (!options.quiet) process.stdout.write(`[auth-emulator] ${chunk.toString()}`);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const exited = new Promise<void>((resolveExit) => child.once('exit', () => resolveExit()));
  const deadline = Date.now() + 90_000;
  while (!(await isUp(host))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(ownTmp, { recursive: true, force: true });
      if (logFile) output = readFileSync(logFile, 'utf8');
      throw new Error(`The Auth Emulator did not start on ${host}.\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    host,
    hubHost,
    tmpDir: ownTmp,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      if (dataDir) {
        try {
          await exportSafely({ hubHost, dataDir, accounts: () => accountIds(host), workDir });
        } catch (error) {
          console.error(`[auth-emulator] accounts not saved: ${error instanceof Error ? error.message : error}`);
        }
      }
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
      rmSync(ownTmp, { recursive: true, force: true });
    },
  };
}
