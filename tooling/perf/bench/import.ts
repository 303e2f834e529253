import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import autocannon from 'autocannon';
import pg from 'pg';
import { CATEGORY_VALUES, type ImportStatus } from '@b2b/shared';
import { createDatabase, generateCatalogue } from '@b2b/api/tooling';
import { createBuyer, idToken } from './servers.js';
import {
  createThrowawayDatabase,
  rssMb,
  startBenchApi,
  verdict,
  type BenchApi,
  type ThrowawayDatabase,
} from './throwaway.js';

/*
 * `npm run bench:import` (root; it starts the Auth Emulator around this script): the catalogue
 * import and export at scale, on a fresh PostgreSQL database that already holds BENCH_PRODUCTS
 * generated products (so the list pages measured during the import have a catalogue to page),
 * with the API as its own process and one seller:
 *   1. idle: list page 1 under load, p99 (the reference for 3);
 *   2. dry run of BENCH_IMPORT_ROWS rows (goal ≤ 30 s at 100,000);
 *   3. the import of the same file (goal ≤ 60 s at 100,000, ≤ 10 min at 1,000,000), while list
 *      page 1 is under the same loads as idle (goal: p99 ≤ 2× idle), asked by a shopper (another
 *      signed-in user than the importing seller): flooded by CONNECTIONS
 *      connections (which measures the share of two cores the import leaves, more than a
 *      shopper's wait) and at a steady half of the idle rate (a busy shop); with the API
 *      process's resident memory sampled every 200 ms (goal: grows by ≤ 150 MB);
 *   4. the import of the same file again: every row unchanged;
 *   5. the export of the seller's catalogue as CSV (goal ≤ 10 s at 100,000).
 *
 *   BENCH_ADMIN_URL     PostgreSQL to create the throw-away database on
 *   BENCH_PRODUCTS      catalogue already there (default 100000)
 *   BENCH_IMPORT_ROWS   rows in the file (default 100000)
 *   BENCH_SECONDS       seconds of idle load (default 10)
 *   BENCH_CONNECTIONS   concurrent connections of the list load (default 8)
 */

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const GOALS = {
  importSeconds: ROWS <= 100_000 ? 60 : 600,
  dryRunSeconds: 30 * Math.max(1, ROWS / 100_000),
  exportSeconds: 10 * Math.max(1, ROWS / 100_000),
  memoryMb: 150,
  listRatio: 2,
};
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!emulatorHost) {
  console.error('Run it with the Auth Emulator: npm run bench:import (from the repository root).');
  process.exit(1);
}

/** A seller's file of `rows` products, the way an export writes one (every third with a ladder). */
function writeFile(path: string, rows: number) {
  const lines = ['sku,name,category,price,quantity,minSellQty,packSize,maxOrderQty,priceTiers,brand,description'];
  for (let i = 1; i <= rows; i++) {
    const pack = i % 4 === 0 ? 6 : 1;
    const price = 5 + (i % 500) / 10;
    const tiers =
      i % 3 === 0 ? `${pack * 50}:${(price * 0.95).toFixed(2)}|${pack * 200}:${(price * 0.9).toFixed(2)}` : '';
    lines.push(
      [
        `IMP-${String(i).padStart(7, '0')}`,
        `"Imported item ${i}, carton of ${pack * 12}"`,
        CATEGORY_VALUES[i % CATEGORY_VALUES.length],
        price.toFixed(2),
        String(1000 + (i % 5000)),
        String(pack),
        String(pack),
        i % 20 === 0 ? String(pack * 500) : '',
        tiers,
        `Brand ${i % 97}`,
        `Wholesale item number ${i} for the bench.`,
      ].join(','),
    );
  }
  writeFileSync(path, lines.join('\n') + '\n');
}

async function seed(databaseUrl: string) {
  const database = await createDatabase({
    url: databaseUrl,
    pgliteDir: 'memory://',
    pool: { statementTimeoutMs: 3_600_000 },
  });
  await database.migrate();
  await generateCatalogue(database.db, { products: PRODUCTS, owners: [] });
  await database.close();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('VACUUM ANALYZE');
  await client.end();
}

/** List page 1 for `duration` seconds: as fast as CONNECTIONS connections go, or at a steady `rate` per second. */
async function listLoad(base: string, token: string, duration: number, rate?: number) {
  const result = await autocannon({
    url: `${base}/api/products`,
    connections: CONNECTIONS,
    duration,
    ...(rate ? { overallRate: rate } : {}),
    headers: { authorization: `Bearer ${token}` },
  });
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, errors: result.errors + result.non2xx };
}

async function runImport(base: string, token: string, file: string, dryRun: boolean) {
  const started = performance.now();
  const response = await fetch(`${base}/api/imports?dryRun=${dryRun}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'text/csv',
      'content-length': String(statSync(file).size),
    },
    body: Readable.toWeb(createReadStream(file)) as ReadableStream,
    duplex: 'half',
  } as RequestInit);
  if (response.status !== 202) throw new Error(`POST /imports: ${response.status} ${await response.text()}`);
  const { importId } = (await response.json()) as ImportStatus;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const status = (await (
      await fetch(`${base}/api/imports/${importId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as ImportStatus;
    if (status.status === 'done' || status.status === 'failed') {
      return { status, seconds: (performance.now() - started) / 1000 };
    }
  }
}

const summary = (s: ImportStatus) =>
  `${s.created.toLocaleString('en-US')} created, ${s.updated.toLocaleString('en-US')} updated, ` +
  `${s.unchanged.toLocaleString('en-US')} unchanged, ${s.failed.toLocaleString('en-US')} failed`;

const folder = mkdtempSync(join(tmpdir(), 'bench-import-'));
const file = join(folder, 'catalogue.csv');
const database: ThrowawayDatabase = await createThrowawayDatabase('import');
let api: BenchApi | undefined;
try {
  await seed(database.url);
  writeFile(file, ROWS);
  const seller = await createBuyer(emulatorHost);
  const token = await idToken(emulatorHost, seller);
  // The list pages are a shopper's, not the importer's: the importer is never answered with an
  // answer its own import made stale (docs/architecture.md, "The catalogue cache"), a shopper may be.
  const shopperToken = await idToken(emulatorHost, await createBuyer(emulatorHost));
  api = await startBenchApi(database.url, { IMPORT_MAX_BYTES: String(1024 * 1024 * 1024), JOB_POLL_SECONDS: '1' });
  const { base } = api;
  const pid = api.child.pid!;

  const idle = await listLoad(base, shopperToken, SECONDS);
  // A busy shop rather than a flood: half of what the idle API serves, at a steady rate.
  const rate = Math.max(10, Math.round(idle.rps / 2));
  const idleSteady = await listLoad(base, shopperToken, SECONDS, rate);
  const dry = await runImport(base, token, file, true);

  // The import, with list page 1 under load and the memory sampled until it is done.
  const memoryBefore = await rssMb(pid);
  let memoryPeak = memoryBefore;
  const sampler = setInterval(() => {
    rssMb(pid).then(
      (mb) => (memoryPeak = Math.max(memoryPeak, mb)),
      () => undefined,
    );
  }, 200);
  const importing = runImport(base, token, file, false);
  // Both loads run while the import does (at 100,000 rows it takes longer than the two together).
  const importStarted = performance.now();
  const during = await listLoad(base, shopperToken, SECONDS);
  const duringSteady = await listLoad(base, shopperToken, SECONDS, rate);
  const loadSeconds = (performance.now() - importStarted) / 1000;
  const real = await importing;
  clearInterval(sampler);

  const again = await runImport(base, token, file, false);

  const exportStarted = performance.now();
  const exported = await fetch(`${base}/api/my-products/export?format=csv`, {
    headers: { authorization: `Bearer ${token}` },
  });
  let exportedBytes = 0;
  for await (const chunk of exported.body as unknown as AsyncIterable<Uint8Array>) exportedBytes += chunk.length;
  const exportSeconds = (performance.now() - exportStarted) / 1000;

  const rows = ROWS.toLocaleString('en-US');
  const grew = memoryPeak - memoryBefore;
  const ratio = during.p99 / Math.max(1, idle.p99);
  const steadyRatio = duringSteady.p99 / Math.max(1, idleSteady.p99);
  const overlapped = loadSeconds <= real.seconds;
  console.log(`\nCatalogue import at ${rows} rows, beside ${PRODUCTS.toLocaleString('en-US')} products (PostgreSQL)`);
  console.log(
    `  dry run: ${dry.seconds.toFixed(1)} s (${Math.round(ROWS / dry.seconds).toLocaleString('en-US')} rows/s), ${summary(dry.status)} — ${verdict(dry.seconds <= GOALS.dryRunSeconds && dry.status.status === 'done')} (goal ≤ ${GOALS.dryRunSeconds} s)`,
  );
  console.log(
    `  import: ${real.seconds.toFixed(1)} s (${Math.round(ROWS / real.seconds).toLocaleString('en-US')} rows/s), ${summary(real.status)} — ${verdict(real.seconds <= GOALS.importSeconds && real.status.created === ROWS)} (goal ≤ ${GOALS.importSeconds} s)`,
  );
  console.log(
    `  API memory: ${Math.round(memoryBefore)} MB before, peak ${Math.round(memoryPeak)} MB, grew ${Math.round(grew)} MB — ${verdict(grew <= GOALS.memoryMb)} (goal ≤ ${GOALS.memoryMb} MB)`,
  );
  console.log(
    `  list page 1, flooded (${CONNECTIONS} connections): idle p99 ${idle.p99} ms (${idle.rps}/s), during the import p99 ${during.p99} ms (${during.rps}/s), ${ratio.toFixed(2)}×, ${idle.errors + during.errors} errors — ${verdict(ratio <= GOALS.listRatio && idle.errors + during.errors === 0)} (goal ≤ ${GOALS.listRatio}×)`,
  );
  console.log(
    `  list page 1, steady ${rate}/s: idle p99 ${idleSteady.p99} ms, during the import p99 ${duringSteady.p99} ms, ${steadyRatio.toFixed(2)}×, ${idleSteady.errors + duringSteady.errors} errors — ${verdict(steadyRatio <= GOALS.listRatio && idleSteady.errors + duringSteady.errors === 0)} (goal ≤ ${GOALS.listRatio}×)` +
      (overlapped
        ? ''
        : ` — the import ended ${(loadSeconds - real.seconds).toFixed(1)} s before the loads did: not all of it measured a running import`),
  );
  console.log(
    `  the same file again: ${again.seconds.toFixed(1)} s, ${summary(again.status)} — ${verdict(again.status.unchanged === ROWS)} (every row unchanged)`,
  );
  console.log(
    `  export (CSV): ${exportSeconds.toFixed(1)} s, ${(exportedBytes / 1024 / 1024).toFixed(1)} MB — ${verdict(exported.ok && exportSeconds <= GOALS.exportSeconds)} (goal ≤ ${GOALS.exportSeconds} s)`,
  );
} finally {
  await api?.stop();
  await database.drop();
  rmSync(folder, { recursive: true, force: true });
}
