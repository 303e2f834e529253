import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { DEMO_PROJECT_ID } from '@b2b/shared';

/*
 * Starts the Firebase Auth Emulator as a child process. Each run gets its own config file
 * with free ports, so several test runs (and a running `npm start`) never collide on
 * 9099/4400/4500.
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
}

export interface RunningEmulator {
  host: string;
  process: ChildProcess;
  stop(): Promise<void>;
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

async function isUp(host: string): Promise<boolean> {
  try {
    const res = await fetch(`http://${host}/emulator/v1/projects/${DEMO_PROJECT_ID}/config`);
    return res.ok;
  } catch {
    return false;
  }
}

export async function startAuthEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const port = options.port ?? (await freePort());
  const [hubPort, loggingPort] = [await freePort(), await freePort()];
  const host = `127.0.0.1:${port}`;
  const tmpDir = join(root, '.data', 'tmp');
  mkdirSync(tmpDir, { recursive: true });
  const configPath = join(tmpDir, `firebase-${port}.json`);
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
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    args.push('--import', options.dataDir, '--export-on-exit', options.dataDir);
  }
  const firebaseBin = join(root, 'node_modules', '.bin', 'firebase');
  const child = spawn(firebaseBin, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
    // Keep the CLI from phoning home for its motd or update checks: there is no network.
    env: {
      ...process.env,
      FIREBASE_CLI_DISABLE_UPDATE_CHECK: 'true',
      NO_UPDATE_NOTIFIER: '1',
      CI: process.env.CI ?? '',
    },
  });
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
      throw new Error(`The Auth Emulator did not start on ${host}.\n${output.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  return {
    host,
    process: child,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
