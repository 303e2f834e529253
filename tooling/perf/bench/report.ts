import { GOALS, sizeLabel, type Goal, type ScenarioResult, type TargetResult } from './goals.js';
import { machineLines, type Machine } from './machine.js';
import { HOT_PACK, INITIAL_STOCK, PART_ROWS, PART_SEARCH, PART_SKU } from './fixture.js';
import type { BenchOptions } from './options.js';
import { profileLines, type ProfileSummary } from './profile.js';
import { FILTERED_QUERY, NEAR_BOUND_OFFSET } from './scenarios.js';

/* The console tables and docs/benchmarks.md. */

export interface Report {
  startedAt: Date;
  finishedAt: Date;
  options: BenchOptions;
  machine: Machine;
  targets: TargetResult[];
  goals: Goal[];
  profile: ProfileSummary | null;
  /** Problems met along the way (a scenario that could not run, servers whose answers differ). */
  notes: string[];
}

const n = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

const HEADERS = [
  'scenario',
  'API req/s',
  'API p50 ms',
  'API p99 ms',
  'raw req/s',
  'raw p99 ms',
  'API/raw',
  'CPU ms/req API/raw',
  'errors API/raw',
  'rows',
  'total',
  'same answer',
];

const cpu = (ms: number | null) => (ms === null ? '–' : n(ms, 2));

function cells(s: ScenarioResult): string[] {
  const raw = s.raw;
  return [
    s.label,
    n(s.api.rps),
    n(s.api.p50),
    n(s.api.p99),
    raw ? n(raw.rps) : '–',
    raw ? n(raw.p99) : '–',
    raw && raw.rps > 0 ? `${n(s.api.rps / raw.rps, 2)}×` : '–',
    `${cpu(s.api.cpuPerRequest)}/${cpu(raw?.cpuPerRequest ?? null)}`,
    `${n(s.api.errors)}/${raw ? n(raw.errors) : '–'}`,
    s.rows === null ? '–' : n(s.rows),
    s.total ?? '–',
    s.mismatch === null ? '–' : s.mismatch.length === 0 ? 'yes' : 'NO',
  ];
}

const RIGHT_ALIGNED = new Set([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);

export function targetTitle(t: TargetResult): string {
  const extra = t.engine === 'pglite' ? ' — API only (PGlite has one connection: no raw reference)' : '';
  const commits = t.commitsPerSecond ? `; ${n(t.commitsPerSecond)} sequential commits/s` : '';
  return `${sizeLabel(t.engine, t.size)} products${extra} (set-up ${n(t.setupSeconds.total)} s${commits})`;
}

export function consoleTable(t: TargetResult): string {
  const rows = [HEADERS, ...t.scenarios.map(cells)];
  const widths = HEADERS.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) =>
    r.map((c, i) => (RIGHT_ALIGNED.has(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ');
  const storms = t.scenarios.flatMap((s) => (s.stock ? stormLines(s) : []));
  return [targetTitle(t), line(HEADERS), ...t.scenarios.map((s) => line(cells(s))), ...storms].join('\n');
}

function stormLines(s: ScenarioResult): string[] {
  if (!s.stock) return [];
  const one = (who: string, c: NonNullable<ScenarioResult['stock']>['api']) =>
    `  ${who}: stock ${n(c.stock)} + bought ${n(c.bought)} = ${n(c.stock + c.bought)} ` +
    `(initial ${n(c.stock + c.bought - c.drift)}): ${c.drift === 0 ? 'consistent' : 'INCONSISTENT'}, ` +
    `${n(c.oversold)} oversold; ${n(c.rows)} cart rows for ${n(c.acknowledged)} 201 answers`;
  return [`${s.label}:`, one('API', s.stock.api), ...(s.stock.raw ? [one('raw', s.stock.raw)] : [])];
}

const verdict = (pass: boolean | null) => (pass === null ? 'N/A ' : pass ? 'PASS' : 'FAIL');

export function goalLines(goals: Goal[]): string[] {
  const out: string[] = [];
  let group = '';
  for (const g of goals) {
    if (g.group !== group) {
      group = g.group;
      out.push(group);
    }
    out.push(`  ${verdict(g.pass)}  ${g.name}: ${g.detail}`);
  }
  return out;
}

/** One line on how busy other processes kept the machine just before the scenarios. */
export function loadNote(report: Report): string | null {
  const readings = report.targets.flatMap((t) => t.scenarios.map((s) => s.busy)).sort((a, b) => a - b);
  if (readings.length === 0) return null;
  const pct = (v: number) => `${Math.round(v * 100)}%`;
  const above = readings.filter((b) => b > report.options.quiet).length;
  const median = readings[Math.floor(readings.length / 2)] ?? 0;
  if (above === 0) return null;
  return (
    `The machine was shared: just before ${above} of the ${readings.length} scenarios, other processes kept its CPUs ` +
    `${pct(readings[0] ?? 0)}–${pct(readings.at(-1) ?? 0)} busy (median ${pct(median)}), above the ` +
    `${pct(report.options.quiet)} the bench waits for (--quiet, at most --quiet-wait ${report.options.quietWait} s ` +
    'in all). Throughput and latency are lower and noisier than on an idle machine; the CPU ms/req column and the ' +
    'API/raw ratios (both servers share the same conditions, alternating) are the steadier figures.'
  );
}

const allNotes = (report: Report) => [...(loadNote(report) ? [loadNote(report) as string] : []), ...report.notes];

export function consoleReport(report: Report): string {
  return [
    ...report.targets.map((t) => `\n${consoleTable(t)}`),
    '',
    'Goals',
    ...goalLines(report.goals),
    ...(allNotes(report).length > 0 ? ['', 'Notes', ...allNotes(report).map((x) => `  ${x}`)] : []),
    ...(report.profile ? ['', ...profileLines(report.profile)] : []),
  ].join('\n');
}

const md = (s: string) => s.replaceAll('|', '\\|');

function markdownTable(headers: string[], rows: string[][], right: Set<number>): string[] {
  const align = headers.map((_, i) => (right.has(i) ? '---:' : '---'));
  return [headers, align, ...rows].map((r) => `| ${r.map(md).join(' | ')} |`);
}

export function commandLine(options: BenchOptions): string {
  return ['npm run bench', ...(options.argv.length > 0 ? ['--', ...options.argv] : [])].join(' ');
}

export function markdown(report: Report, chartFile: string): string {
  const { options, machine } = report;
  const minutes = (report.finishedAt.getTime() - report.startedAt.getTime()) / 60_000;
  const out: string[] = [
    '# Benchmarks',
    '',
    '<!-- Written by `npm run bench` (tooling/perf/bench/run.ts): edit the bench, not this file. -->',
    '',
    `The API under load at several catalogue sizes, next to a raw \`node:http\` + \`pg\` server that runs the same SQL on ` +
      `the same data. Measured ${report.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC ` +
      `(${n(minutes, 1)} minutes) with \`${commandLine(options)}\`: ${n(options.connections)} connections, ` +
      `${n(options.duration)} s measured after ${n(options.warmup)} s of warm-up per scenario and server, the two ` +
      `servers alternating scenario by scenario, ${n(options.poolSize)} database connections each.`,
    '',
    options.uncached
      ? 'Every GET was sent with `Cache-Control: no-cache` (`--uncached`): the API answered each from the database, ' +
        'not from its catalogue cache.'
      : 'Each scenario repeats one URL, so after the warm-up the API answers the catalogue GETs from its catalogue ' +
        'cache (docs/architecture.md, "The catalogue cache"), which a write empties only of the answers it changed: ' +
        'these figures are the cache\'s ceiling, not a shop\'s traffic (that is "The catalogue under real traffic", ' +
        'below). The raw server has no cache. `--uncached` measures the database path instead ("Search and facets ' +
        'at 1,000,000 products", below).',
    '',
    '## Machine',
    '',
    ...machineLines(machine).map((line) => `- ${line}`),
    '- Everything on this one machine: PostgreSQL, the server under test and the load generator (autocannon) share its cores.',
    '',
    '## Goals',
    '',
    ...goalMarkdown(report.goals),
    '',
    '## Results',
    '',
    `![API p99 per scenario and size, and API/raw throughput](${chartFile})`,
    '',
  ];
  for (const t of report.targets) {
    out.push(`### ${targetTitle(t)}`, '');
    out.push(...markdownTable(HEADERS, t.scenarios.map(cells), RIGHT_ALIGNED));
    const storms = t.scenarios.flatMap(stormLines);
    if (storms.length > 0) out.push('', ...storms.map((l) => (l.startsWith('  ') ? `- ${l.trim()}` : l)));
    out.push('');
  }
  if (allNotes(report).length > 0) out.push('### Notes', '', ...allNotes(report).map((x) => `- ${x}`), '');
  if (report.profile) {
    const p = report.profile;
    out.push(
      '## Profile',
      '',
      `\`node --cpu-prof\` on the API during ${p.scenario} at ${p.target} (${n(p.totalMs / 1000, 1)} s of samples${p.windowed ? ', the measured run only' : ', the whole process'}); self time:`,
      '',
      ...markdownTable(
        ['package', 'share'],
        p.packages.slice(0, 10).map((e) => [e.name, `${n(e.share * 100, 1)}%`]),
        new Set([1]),
      ),
      '',
      ...markdownTable(
        ['function', 'where', 'share'],
        p.functions.map((e) => [`\`${e.name}\``, e.where ? `\`${e.where}\`` : '', `${n(e.share * 100, 1)}%`]),
        new Set([2]),
      ),
      '',
    );
  }
  out.push(...method(report));
  return `${out.join('\n')}\n`;
}

function goalMarkdown(goals: Goal[]): string[] {
  const out: string[] = [];
  let group = '';
  for (const g of goals) {
    if (g.group !== group) {
      if (group) out.push('');
      group = g.group;
      out.push(`**${group}**`, '');
    }
    out.push(`- **${verdict(g.pass).trim()}** ${g.name}: ${g.detail}`);
  }
  return out;
}

function method(report: Report): string[] {
  return [
    '## What is measured',
    '',
    '| scenario | request |',
    '| --- | --- |',
    '| list page 1 | `GET /api/products` (24 oldest first; total from `product_counts`) |',
    '| available | `GET /api/products?available=true` (quantity > 100) |',
    '| category | `GET /api/categories/kitchen` |',
    '| common search | `GET /api/products?q=steel` (thousands of matches; total exact below 10,000, else an estimate) |',
    '| rare search | `GET /api/products?q=quokka` (5 rows the bench adds before measuring) |',
    '| typo search | `GET /api/products?q=hedphones` (no match: falls back to the closest word, "headphones") |',
    `| offset ${n(NEAR_BOUND_OFFSET)} | \`GET /api/products?offset=${NEAR_BOUND_OFFSET}\` (the last page offsets reach; empty below ${n(NEAR_BOUND_OFFSET)} products) |`,
    `| cursor page | \`GET /api/products?cursor=…\`: the X-Next-Cursor of the page at offset ${n(NEAR_BOUND_OFFSET)} (of the second-to-last page when the catalogue is smaller), each server's own |`,
    '| one product | `GET /api/products/:id` of the product in the middle of the catalogue |',
    `| word + part no. | \`GET /api/products?q=${PART_SEARCH.replace(' ', '%20')}\` (a common word and a part number in ${PART_ROWS} names the bench adds) |`,
    `| exact SKU | \`GET /api/products?q=${PART_SKU}\` (one of those ${PART_ROWS}: the SKU tier) |`,
    '| facets | `GET /api/products/facets` (the whole catalogue: maintained counts) |',
    '| facets category | `GET /api/products/facets?category=kitchen` |',
    '| facets search | `GET /api/products/facets?q=steel` (counted, or sampled and estimated past 10,000 matches) |',
    `| brand+price+avail | \`GET /api/products?${FILTERED_QUERY}\` |`,
    `| purchase storm | \`POST /api/carts\` {buyQuantity: ${HOT_PACK}} on one hot product sold in packs of ${HOT_PACK} (stock ${n(INITIAL_STOCK)}, minimum ${HOT_PACK}), every connection at once; then stock + bought must equal the initial stock |`,
    '',
    '- **Set-up per size**: a fresh database (PostgreSQL: `bench_<size>`, dropped afterwards; PGlite: a temporary folder), ' +
      'the migrations, `generateCatalogue` (apps/api/src/seed/generate.ts), 5 rare-word rows, two hot products, ' +
      '`VACUUM ANALYZE`. The API then runs as its own process (`node --import tsx apps/api/src/server.ts`, ' +
      '`--dist` for the built one) with `LOG_LEVEL=warn` and rate limits out of reach; the Auth Emulator issues the ' +
      "buyer's ID token, which the API verifies on every purchase.",
    '- **The raw server** (`tooling/perf/bench/raw-server.ts`) is the floor the API is compared with: `node:http` and a ' +
      '`pg` Pool of the same size and timeouts, the same SQL as the repositories (filters, ORDER BY, totals from ' +
      '`product_counts`, the same prepared statements; the purchase is the single-purchase transaction, one ' +
      'INSERT … WITH UPDATE … RETURNING statement per request, where the API batches the purchases of one product ' +
      'that arrive during a commit into one statement), rows mapped to the ' +
      'same JSON, and nothing else: no authentication (purchases are not token-checked), no validation library, no ' +
      'rate limit, no security headers, no logging. Before each scenario the bench asks both servers once and compares ' +
      'the answers (rows, X-Total-Count, its relation, whether X-Next-Cursor is present): the "same answer" column.',
    '- **PGlite** is one embedded connection inside the API process, so a raw server beside it cannot share the ' +
      'database: its rows measure the API alone.',
    '- **CPU ms/req** is the CPU time (user + system, from /proc) the server process spent per 2xx answer during ' +
      'the measured run: unlike req/s it barely moves when something else competes for the CPUs. PostgreSQL’s own ' +
      'CPU time is not in it. Before each scenario the bench waits until other processes use at most ' +
      `${n(100 * report.options.quiet)}% of the CPUs (\`--quiet\`), and notes a scenario measured without that.`,
    '- **Sequential commits/s** (in each heading): one connection inserting one row per transaction for 2 s on the ' +
      "size's database. Each commit waits for its WAL flush, and a purchase holds its product's row lock until " +
      'then, so this is the ceiling for purchases of one product on this server when each is its own transaction ' +
      '(the raw server); the API passes it by committing the purchases that arrive meanwhile together.',
    '- Requests carry no `Accept-Encoding`, so neither server compresses its answers (the API would, above 1 KB, ' +
      'for a browser), and no `Authorization` except the purchases.',
    `- **req/s** counts 2xx answers; **errors** are non-2xx answers, connection errors and timeouts (10 s). ` +
      `Latencies are autocannon's, in whole milliseconds.`,
    `- **Goals** (issue "The catalogue at wholesale scale"): every catalogue scenario's p99 at the largest PostgreSQL ` +
      `size ≤ ${GOALS.p99Growth}× its p99 at the smallest, with 0 errors; list page 1 and one product ≥ ${GOALS.rawRatio}× ` +
      `the raw server's requests/s at the largest size; purchases on one hot product ≥ ${GOALS.purchasesPerSecond}/s and ` +
      `≥ ${GOALS.rawRatio}× the raw transaction, 0 oversell. The bench prints PASS/FAIL and exits 0 unless it could not run.`,
    '',
    '## Rerun',
    '',
    'Needs a PostgreSQL server (15 or newer, with the `pg_trgm` extension available) reachable as a superuser that can ',
    '`CREATE DATABASE`; nothing else runs besides it. From the repository root:',
    '',
    '```sh',
    'npm run bench                                   # this page: every size, about 20 minutes on 2 cores',
    'npm run bench -- --sizes 1000 --pglite none --duration 2 --no-docs   # a quick check',
    'npm run bench -- --help                         # every flag',
    '```',
    '',
    'The flags are described in [tooling/perf/README.md](../tooling/perf/README.md#bench). A run rewrites this page and ' +
      '`docs/benchmarks.svg` unless `--no-docs` is given.',
  ];
}
