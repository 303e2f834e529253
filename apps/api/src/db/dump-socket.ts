import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, unlinkSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LockInfo } from './lock.js';

/*
 * How a backup is taken while a process holds the database (docs/architecture.md, "The embedded
 * database"): the holder serves dumps of itself on a Unix socket beside the data folder,
 * `<dir>.sock`, named in its lock file with a secret. Only the same user can connect (mode 0600)
 * and only a caller that could read the lock file (mode 0600) knows the secret. No TCP port, so
 * nothing on the network can ask for the shop's data.
 *
 *   GET /dump  →  200 application/gzip: PGlite's own dump of the data folder (dumpDataDir).
 */

/** Unix socket paths are limited to about 100 bytes; a deep checkout gets one in the temp folder. */
export function socketPathFor(dataDir: string): string {
  const beside = `${dataDir}.sock`;
  if (Buffer.byteLength(beside) < 100) return beside;
  return join(tmpdir(), `b2b-db-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}.sock`);
}

export interface DumpServer {
  socket: string;
  secret: string;
  close(): Promise<void>;
}

export async function serveDumps(dataDir: string, dump: () => Promise<Buffer>): Promise<DumpServer> {
  const socket = socketPathFor(dataDir);
  const secret = randomBytes(24).toString('hex');
  const expected = Buffer.from(`Bearer ${secret}`);
  const server = createServer((req, res) => {
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      res.writeHead(401).end();
      return;
    }
    if (req.method !== 'GET' || req.url !== '/dump') {
      res.writeHead(404).end();
      return;
    }
    dump().then(
      (body) => res.writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.length }).end(body),
      (error: unknown) => {
        res
          .writeHead(500, { 'content-type': 'text/plain' })
          .end(error instanceof Error ? error.message : String(error));
      },
    );
  });
  // We hold the lock, so a socket file left here is a dead owner's.
  unlinkQuietly(socket);
  const umask = process.umask(0o177);
  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(socket, () => resolveListen());
    });
  } finally {
    process.umask(umask);
  }
  chmodSync(socket, 0o600);
  server.unref();
  return {
    socket,
    secret,
    close: () =>
      new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}

/** Asks the owner of a lock for a dump of its database (gzip'd tar). */
export function requestDump(owner: LockInfo, timeoutMs = 10 * 60_000): Promise<Buffer> {
  const { socket, secret } = owner;
  if (!socket || !secret) {
    return Promise.reject(new Error(`${owner.program} (pid ${owner.pid}) does not serve dumps of its database.`));
  }
  return new Promise((resolveDump, reject) => {
    const req = request(
      { socketPath: socket, path: '/dump', method: 'GET', headers: { authorization: `Bearer ${secret}` } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          if (res.statusCode === 200) resolveDump(body);
          else reject(new Error(`${owner.program} (pid ${owner.pid}) could not dump: ${res.statusCode} ${body}`));
        });
        res.on('error', reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('The dump took too long.')));
    req.on('error', reject);
    req.end();
  });
}

function unlinkQuietly(path: string): void {
  try {
    unlinkSync(path);
  } catch {
    // not there
  }
}
