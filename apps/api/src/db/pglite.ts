import { mkdirSync } from 'node:fs';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/*
 * Opening PGlite and dumping it. These do not take the data folder's lock: callers do
 * (db/client.ts, db/backup.ts).
 */

export const MEMORY_DIR = 'memory://';

/** Opens PGlite in `dataDir` (or in memory), optionally filling a new folder from a dump first. */
export async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<PGlite> {
  if (dataDir !== MEMORY_DIR) mkdirSync(dataDir, { recursive: true });
  return PGlite.create({
    ...(dataDir === MEMORY_DIR ? {} : { dataDir }),
    ...(loadDataDir ? { loadDataDir } : {}),
    extensions: { pg_trgm },
  });
}

/**
 * PGlite's own dump of its data folder (`dumpDataDir`), gzip'd. Taken inside a transaction of
 * its own, after a CHECKPOINT: PGlite runs one transaction at a time, so none of the app's is
 * half done in the copy, and the files are read in one go (the dump reads them synchronously),
 * so the copy is one instant of the folder. The app's queries wait for that moment only; the
 * compression runs after, off the main thread.
 */
export async function dumpPglite(client: PGlite): Promise<Buffer> {
  const tar = await client.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return client.dumpDataDir('none');
  });
  return promisify(gzip)(Buffer.from(await tar.arrayBuffer()));
}
