import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { setShopCurrency, type Invoice } from '@b2b/shared';
import { invoicePdf } from '@b2b/api/tooling';
import { withSection } from './doc-sections.js';
import { serverVersion } from './fixture.js';
import { createBuyer, idToken, REPO_ROOT } from './servers.js';
import { BENCH_ADMIN_URL, createThrowawayDatabase, percentiles, rssMb, startBenchApi, verdict } from './throwaway.js';

/*
 * `npm run bench:invoices` (root; it starts the Auth Emulator around this script): an invoice of
 * 100 lines (a Bengali buyer, in taka) downloaded as a PDF 1,000 times from the API as its own
 * process on a throw-away PostgreSQL database, one request at a time, while the API's resident
 * memory is read every 100 renders. Beside it, the raw reference: the same invoice rendered by
 * the same function in this process, without HTTP, auth or the database. Goals
 * (docs/benchmarks.md, "Invoice PDFs"): p99 ≤ 200 ms, and memory flat (the lowest reading of the
 * second half of the run within 10% of the lowest of the first half).
 *
 *   BENCH_RENDERS  renders measured (default 1000)
 *   BENCH_LINES    lines of the invoice (default 100)
 */

const RENDERS = Number(process.env.BENCH_RENDERS ?? 1000);
const LINES = Number(process.env.BENCH_LINES ?? 100);
// Enough for the JIT and for the heap to grow to its working size before memory is compared.
const WARM_UP = 200;
const GOAL_P99_MS = 200;
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!emulatorHost) {
  console.error('Run it with the Auth Emulator: npm run bench:invoices (from the repository root).');
  process.exit(1);
}

const NAMES = ['Stainless frying pan 28 cm', 'চায়ের কাপ (সিরামিক)', 'Loose Assam tea, 500 g', 'Chef knife 20 cm'];

async function main() {
  const database = await createThrowawayDatabase('invoices');
  // In taka, without the web app (a build is made for one currency; the bench needs only the API).
  const api = await startBenchApi(database.url, { CURRENCY: 'BDT', WEB_DIST_DIR: '/nonexistent/web-dist' });
  try {
    const seller = await createBuyer(emulatorHost as string);
    await new Promise((r) => setTimeout(r, 5));
    const buyer = await createBuyer(emulatorHost as string);
    const call = async (token: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${api.base}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res;
    };
    const [sellerToken, buyerToken] = [
      await idToken(emulatorHost as string, seller),
      await idToken(emulatorHost as string, buyer),
    ];
    await call(sellerToken, 'PUT', '/billing', {
      legalName: 'Rahman Cookware Ltd.',
      address: '12 Agrabad Commercial Area\nChattogram 4100, Bangladesh',
      taxId: 'BIN 000123456-0101',
      defaultTaxRate: 15,
      invoiceFooter: 'Pay within 30 days to Dutch-Bangla Bank, account 123.456.789.',
    });
    await call(buyerToken, 'PUT', '/billing', { legalName: 'রহমান ট্রেডার্স লিমিটেড', address: 'Dhanmondi, Dhaka 1205' });

    // A confirmed order of LINES lines, written straight into the database.
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    db.on('error', () => undefined);
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO orders (checkout_id, buyer_uid, buyer_email, buyer_name, seller_uid, seller_email, status,
         ship_name, ship_line1, ship_city, ship_country, confirmed_at, line_count, units)
       VALUES (gen_random_uuid(), $1, $2, 'Karim', $3, $4, 'confirmed', 'Receiving dock', '44 Tejgaon', 'Dhaka',
         'Bangladesh', now(), $5::int, $5::int) RETURNING id`,
      [buyer.uid, buyer.email, seller.uid, seller.email, LINES],
    );
    const orderId = rows[0]?.id ?? '';
    await db.query(
      `INSERT INTO order_lines (order_id, position, product_id, name, image, brand, category, price, list_price,
         sku, quantity, tax_rate, tax)
       SELECT $1, n, gen_random_uuid(), ($2::text[])[1 + n % 4], '', '', 'kitchen', 10 + n * 1.37, 10 + n * 1.37,
         'SKU-' || (1000 + n), n % 50 + 1, (ARRAY[0, 5, 7.5, 15])[1 + n % 4], 0
       FROM generate_series(1, $3::int) AS n`,
      [orderId, NAMES, LINES],
    );
    await db.end();
    const invoice = (await (await call(sellerToken, 'POST', `/orders/${orderId}/invoice`)).json()) as Invoice;

    const samples: number[] = [];
    const memory: number[] = [];
    const pid = api.child.pid ?? 0;
    let bytes = 0;
    for (let i = 0; i < WARM_UP + RENDERS; i++) {
      const started = performance.now();
      const res = await call(buyerToken, 'GET', `/invoices/${invoice._id}/pdf`);
      bytes = (await res.arrayBuffer()).byteLength;
      if (i >= WARM_UP) samples.push(performance.now() - started);
      if (i >= WARM_UP && (i - WARM_UP) % 100 === 0) memory.push(await rssMb(pid));
    }
    memory.push(await rssMb(pid));

    // The raw reference: the renderer alone, on the same snapshot, in this process.
    setShopCurrency('BDT');
    const row = {
      ...invoice,
      id: invoice._id,
      issuedAt: new Date(invoice.issuedAt),
      snapshot: invoice.snapshot,
    } as unknown as Parameters<typeof invoicePdf>[0];
    const raw: number[] = [];
    for (let i = 0; i < WARM_UP + RENDERS; i++) {
      const started = performance.now();
      await invoicePdf(row);
      if (i >= WARM_UP) raw.push(performance.now() - started);
    }

    const api99 = percentiles(samples);
    const raw99 = percentiles(raw);
    // The garbage collector saws the resident memory up and down by 100 MB between readings: what
    // a leak would raise is the floor it returns to, so the lowest reading of each half is compared.
    const half = Math.floor(memory.length / 2);
    const growth = Math.min(...memory.slice(half)) / Math.min(...memory.slice(0, half));
    const ok = api99.p99 <= GOAL_P99_MS && growth <= 1.1;
    const fmt = (n: number) => n.toFixed(0);
    console.log(
      `API  p50 ${fmt(api99.p50)} ms, p99 ${fmt(api99.p99)} ms, max ${fmt(api99.max)} ms (${(bytes / 1024).toFixed(0)} KB)`,
    );
    console.log(`raw  p50 ${fmt(raw99.p50)} ms, p99 ${fmt(raw99.p99)} ms, max ${fmt(raw99.max)} ms`);
    console.log(`RSS every 100 renders (MB): ${memory.map(fmt).join(', ')}  →  ${verdict(ok)}`);
    await writeSection({ api: api99, raw: raw99, memory, growth, bytes, ok });
  } finally {
    await api.stop();
    await database.drop();
  }
}

async function writeSection(r: {
  api: ReturnType<typeof percentiles>;
  raw: ReturnType<typeof percentiles>;
  memory: number[];
  growth: number;
  bytes: number;
  ok: boolean;
}) {
  const file = join(REPO_ROOT, 'docs', 'benchmarks.md');
  const pgVersion = (await serverVersion(BENCH_ADMIN_URL)).version;
  const fmt = (n: number) => n.toFixed(0);
  const body = [
    '## Invoice PDFs',
    '',
    `An invoice of ${LINES} lines (four products in turn, one with a Bengali name, four tax rates, a Bengali buyer, in taka) ` +
      `downloaded as a PDF (${fmt(r.bytes / 1024)} KB) ${RENDERS.toLocaleString('en-US')} times, one request at a time after ` +
      `${WARM_UP} unmeasured, from the API as its own process on PostgreSQL ${pgVersion} (\`npm run bench:invoices\`, ` +
      `tooling/perf/bench/invoices.ts). Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ` +
      `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}. The raw reference renders the same snapshot with the same ` +
      'function in the bench’s own process: no HTTP, no token, no database. Goals: p99 ≤ 200 ms and the API’s memory ' +
      `flat (the lowest reading of the run’s second half within 10% of the first half’s) — ${r.ok ? 'met' : 'not met'}.`,
    '',
    '| | p50 ms | p99 ms | max ms |',
    '| --- | --- | --- | --- |',
    `| \`GET /api/invoices/:id/pdf\` | ${fmt(r.api.p50)} | ${fmt(r.api.p99)} | ${fmt(r.api.max)} |`,
    `| raw: \`invoicePdf\` in process | ${fmt(r.raw.p50)} | ${fmt(r.raw.p99)} | ${fmt(r.raw.max)} |`,
    '',
    `The API’s resident memory every 100 renders, in MB: ${r.memory.map(fmt).join(', ')} (the second half’s floor is ` +
      `${((r.growth - 1) * 100).toFixed(0)}% from the first’s).`,
    '',
    'The first run (2026-11-29, 50 renders of warm-up) measured the API at p50 130 ms, p99 197 ms and the raw ' +
      'renderer at p50 115 ms: the goal only just met, and the rendering itself nearly all of it. `node --cpu-prof` of ' +
      '25 renders showed where: 1.7 s of 4.7 s in restructure’s `Struct._setup` and `Number.decode` and 0.9 s in the ' +
      'garbage collector, that is fontkit parsing the four fonts’ glyph and layout tables again for every document, ' +
      'as pdfkit does with a font handed to it as bytes. The fonts are now parsed once per process and the parsed ' +
      'fonts handed to every document (`pdf/layout.ts`); the same profile then spends its time on shaping and ' +
      'compressing the page.',
  ].join('\n');
  let text = withSection(existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n', 'invoices', body);
  const prettier = await import('prettier');
  const config = (await prettier.resolveConfig(file)) ?? {};
  text = await prettier.format(text, { ...config, filepath: file });
  writeFileSync(file, text);
  console.log('wrote the "Invoice PDFs" section of docs/benchmarks.md');
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
