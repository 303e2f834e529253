import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderChart } from './chart.js';
import { afterTop } from './doc-sections.js';
import {
  checkStock,
  serverVersion,
  setupFixture,
  teardownFixture,
  withFixtureDb,
  type Engine,
  type Fixture,
} from './fixture.js';
import { evaluateGoals, sizeLabel, type ScenarioResult, type StormCheck, type TargetResult } from './goals.js';
import { describeMachine, gitState } from './machine.js';
import { cpuBusy, waitForQuiet } from './quiet.js';
import { differences, load, rowCount, sample, type Measurement } from './measure.js';
import { parseOptions, USAGE, type BenchOptions } from './options.js';
import { mainThreadProfile, monotonicMicros, summariseProfile, type ProfileSummary } from './profile.js';
import { commandLine, consoleReport, consoleTable, markdown, type Report } from './report.js';
import { exportSnapshot } from './snapshot.js';
import { requestOf, selectScenarios, type BenchRequest, type Scenario } from './scenarios.js';
import { createBuyer, idToken, REPO_ROOT, startServer, type EmulatorUser, type RunningServer } from './servers.js';

/*
 * `npm run bench` (root; it starts the Auth Emulator around this script): for each catalogue
 * size, a fresh database, the API and the raw reference server as processes, every scenario
 * against both, then the table, the goals, and docs/benchmarks.md + .svg. See `--help`.
 */

let options: BenchOptions;
try {
  options = parseOptions(process.argv.slice(2));
} catch (error) {
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
if (!emulatorHost && !options.render) {
  console.error('Run the bench with the Auth Emulator: npm run bench (from the repository root).');
  process.exit(1);
}
const scenarios = selectScenarios(options.scenarios);
/** Where docs/ and .data/ are written: the checkout the bench was started from, also under --ref. */
const OUTPUT_ROOT = process.env.BENCH_OUTPUT_ROOT ?? REPO_ROOT;

if (options.ref && !process.env.BENCH_SNAPSHOT_OF) {
  // Start again from the commit's files; this process only waits for that one.
  const snapshot = exportSnapshot(REPO_ROOT, options.ref);
  console.log(`Measuring ${snapshot.commit} (${options.ref}) exported to ${snapshot.dir}`);
  const argv = process.argv.slice(2);
  const at = argv.findIndex((a) => a === '--ref' || a.startsWith('--ref='));
  const rest = argv.filter((_, i) => i !== at && !(argv[at] === '--ref' && i === at + 1));
  // The bench lived in apps/api/bench before it had a workspace of its own (tooling/perf).
  const benchDir = ['tooling/perf', 'apps/api'].find((dir) => existsSync(join(snapshot.dir, dir, 'bench/run.ts')));
  if (!benchDir) throw new Error(`${options.ref} has no bench (tooling/perf/bench or apps/api/bench)`);
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(snapshot.dir, benchDir, 'bench/run.ts'), ...rest],
    {
      cwd: join(snapshot.dir, benchDir),
      stdio: 'inherit',
      env: {
        ...process.env,
        BENCH_SNAPSHOT_OF: `${snapshot.commit} (${options.ref}, exported with --ref)`,
        BENCH_OUTPUT_ROOT: OUTPUT_ROOT,
        BENCH_ARGV: JSON.stringify(argv),
      },
    },
  );
  rmSync(snapshot.dir, { recursive: true, force: true });
  process.exit(child.status ?? 1);
}

const started = Date.now();
const log = (line: string) => {
  const s = Math.round((Date.now() - started) / 1000);
  console.log(`[${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}] ${line}`);
};

const running = new Set<RunningServer>();
/** Seconds spent so far waiting for other processes to quiet down (bounded by --quiet-wait). */
let quietWaited = 0;
let stopping = false;
async function interrupt() {
  if (stopping) return;
  stopping = true;
  console.error('\nInterrupted: stopping the servers (the bench_<size> databases are dropped by the next run).');
  await Promise.all([...running].map((s) => s.stop()));
  process.exit(130);
}
process.on('SIGINT', () => void interrupt());
process.on('SIGTERM', () => void interrupt());

async function start(
  kind: 'api' | 'raw',
  fixture: Fixture,
  buyer: EmulatorUser,
  nodeFlags: string[] = [],
  env: Record<string, string> = {},
) {
  const server = await startServer(kind, {
    fixture,
    poolSize: options.poolSize,
    dist: options.dist,
    buyer,
    nodeFlags,
    env,
  });
  running.add(server);
  return server;
}

async function stop(server: RunningServer | null) {
  if (!server) return;
  await server.stop();
  running.delete(server);
}

const fmt = (m: Measurement) => `${Math.round(m.rps)} req/s, p99 ${m.p99} ms${m.errors ? `, ${m.errors} errors` : ''}`;

/** How busy other processes keep the CPUs, after waiting (within --quiet-wait in all) for them to calm down. */
async function quietMachine(): Promise<number> {
  const waitStarted = Date.now();
  const budget = Math.max(0, options.quietWait - quietWaited);
  const busy =
    budget > 0
      ? await waitForQuiet(options.quiet, budget, (b) =>
          log(`  waiting for a quiet machine: other processes use ${Math.round(b * 100)}% of the CPUs`),
        )
      : await cpuBusy();
  quietWaited += (Date.now() - waitStarted) / 1000;
  return busy;
}

interface Measured {
  result: ScenarioResult;
  /** 2xx answers of the storm per server, warm-up and sample included. */
  acknowledged: { api: number; raw: number };
}

async function measureScenario(
  scenario: Scenario,
  index: number,
  fixture: Fixture,
  servers: { api: RunningServer; raw: RunningServer | null },
  token: string,
  notes: string[],
  /** How busy other processes kept the CPUs just before (reported with the results). */
  busy: number,
): Promise<Measured | null> {
  const where = `${sizeLabel(fixture.engine, fixture.size)}, ${scenario.label}`;
  const list = servers.raw
    ? index % 2 === 0
      ? [servers.api, servers.raw]
      : [servers.raw, servers.api]
    : [servers.api];
  const requests = new Map<RunningServer, BenchRequest>();
  try {
    for (const server of list)
      requests.set(server, await requestOf(scenario, { fixture, server, token }, options.uncached));
  } catch (error) {
    notes.push(`${where}: not measured — ${(error as Error).message}`);
    log(`  ${scenario.label}: SKIPPED (${(error as Error).message})`);
    return null;
  }
  const acknowledged = { api: 0, raw: 0 };
  const samples = new Map<RunningServer, Awaited<ReturnType<typeof sample>>>();
  for (const server of list) {
    const s = await sample(server.base, requests.get(server) as BenchRequest);
    samples.set(server, s);
    if (s.status >= 200 && s.status < 300) acknowledged[server.kind] += 1;
    else
      notes.push(`${where}: the ${server.kind} server answered ${s.status}: ${JSON.stringify(s.body).slice(0, 200)}`);
  }
  const apiSample = samples.get(servers.api);
  const rawSample = servers.raw ? samples.get(servers.raw) : undefined;
  let mismatch: string[] | null = null;
  if (scenario.compare && apiSample && rawSample) {
    mismatch = differences(apiSample, rawSample);
    if (mismatch.length > 0) notes.push(`${where}: API and raw answers differ — ${mismatch.join('; ')}`);
  }

  const measured = new Map<RunningServer, Measurement>();
  for (const server of list) {
    const request = requests.get(server) as BenchRequest;
    if (options.warmup > 0) {
      const warm = await load(server.base, request, { connections: options.connections, duration: options.warmup });
      acknowledged[server.kind] += warm.ok;
    }
    const m = await load(
      server.base,
      request,
      { connections: options.connections, duration: options.duration },
      server.child.pid,
    );
    acknowledged[server.kind] += m.ok;
    measured.set(server, m);
  }
  for (const [server, m] of measured) {
    if (m.errors > 0) notes.push(`${where}: ${server.kind} failures ${JSON.stringify(m.failures)}`);
  }
  const api = measured.get(servers.api) as Measurement;
  const raw = servers.raw ? (measured.get(servers.raw) ?? null) : null;
  log(`  ${scenario.label.padEnd(15)} API ${fmt(api)}${raw ? ` | raw ${fmt(raw)}` : ''}`);
  return {
    result: {
      key: scenario.key,
      label: scenario.label,
      catalogue: scenario.catalogue,
      storm: Boolean(scenario.storm),
      path: (requests.get(servers.api) as BenchRequest).path,
      api,
      raw,
      rows: apiSample ? rowCount(apiSample) : null,
      total: apiSample?.total ? `${apiSample.total}${apiSample.relation === 'gte' ? '+' : ''}` : null,
      mismatch,
      stock: null,
      busy,
    },
    acknowledged,
  };
}

async function storms(fixture: Fixture, measured: Measured[]) {
  const stormResults = measured.filter((m) => m.result.storm);
  if (stormResults.length === 0) return;
  await withFixtureDb(fixture, async (db) => {
    for (const m of stormResults) {
      const check = async (kind: 'api' | 'raw'): Promise<StormCheck> => ({
        ...(await checkStock(db, fixture.hot[kind], fixture.initialStock)),
        acknowledged: m.acknowledged[kind],
        // Requests still in flight when a run ends are committed but never acknowledged.
        inFlight: options.connections * (options.warmup > 0 ? 2 : 1),
      });
      m.result.stock = { api: await check('api'), raw: m.result.raw ? await check('raw') : null };
    }
  });
}

async function measureTarget(
  engine: Engine,
  size: number,
  buyer: EmulatorUser,
  notes: string[],
  profileHere: boolean,
): Promise<{ target: TargetResult; profile: ProfileSummary | null }> {
  log(`${sizeLabel(engine, size)} products: setting up`);
  const fixture = await setupFixture(engine, size, buyer, options.pgUrl, log);
  log(
    `  ready in ${Math.round(fixture.setupSeconds.total)} s (generated in ${Math.round(fixture.setupSeconds.generate)} s)` +
      (fixture.commitsPerSecond
        ? `; one connection commits ${Math.round(fixture.commitsPerSecond)} transactions/s`
        : ''),
  );
  let profile: ProfileSummary | null = null;
  try {
    const token = await idToken(emulatorHost as string, buyer);
    const measured: Measured[] = [];
    let api: RunningServer | null = null;
    let raw: RunningServer | null = null;
    try {
      api = await start('api', fixture, buyer);
      // The raw server answers like the API: if the API keeps sellers' emails from anonymous callers, so does it.
      const probe = await sample(api.base, { path: `/api/products/${fixture.middleId}`, method: 'GET' });
      const hideEmail = probe.status === 200 && typeof probe.body === 'object' && !('email' in (probe.body ?? {}));
      const rawEnv: Record<string, string> = hideEmail ? { BENCH_RAW_HIDE_EMAIL: '1' } : {};
      raw = engine === 'postgres' ? await start('raw', fixture, buyer, [], rawEnv) : null;
      for (const [index, scenario] of scenarios.entries()) {
        const busy = await quietMachine();
        // A server that died while the bench waited (or was killed from outside) is noted and started again.
        if (!api.alive()) {
          notes.push(`${sizeLabel(engine, size)}: the API process had ended (${api.exit()}); restarted`);
          running.delete(api);
          api = await start('api', fixture, buyer);
        }
        if (raw && !raw.alive()) {
          notes.push(`${sizeLabel(engine, size)}: the raw server had ended (${raw.exit()}); restarted`);
          running.delete(raw);
          raw = await start('raw', fixture, buyer, [], rawEnv);
        }
        const m = await measureScenario(scenario, index, fixture, { api, raw }, token, notes, busy);
        if (m) measured.push(m);
      }
    } finally {
      await stop(raw);
      await stop(api);
    }
    // On PGlite the stock can only be read once the API has let go of the database.
    await storms(fixture, measured);
    if (profileHere && options.profile) profile = await runProfile(options.profile, fixture, buyer, token, notes);
    const target: TargetResult = {
      engine,
      size,
      setupSeconds: fixture.setupSeconds,
      commitsPerSecond: fixture.commitsPerSecond,
      scenarios: measured.map((m) => m.result),
    };
    console.log(`\n${consoleTable(target)}\n`);
    return { target, profile };
  } finally {
    await teardownFixture(fixture, options.pgUrl);
  }
}

/** One more API process under `node --cpu-prof`, loaded with one scenario, then summarised. */
async function runProfile(
  key: string,
  fixture: Fixture,
  buyer: EmulatorUser,
  token: string,
  notes: string[],
): Promise<ProfileSummary | null> {
  const scenario = selectScenarios([key])[0];
  if (!scenario) return null;
  const dir = join(OUTPUT_ROOT, '.data/bench/profiles');
  mkdirSync(dir, { recursive: true });
  log(`  profiling the API on ${scenario.label}`);
  const api = await start('api', fixture, buyer, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
  const pid = api.child.pid ?? 0;
  let window: [number, number] | null = null;
  try {
    const request = await requestOf(scenario, { fixture, server: api, token }, options.uncached);
    if (options.warmup > 0)
      await load(api.base, request, { connections: options.connections, duration: options.warmup });
    const from = monotonicMicros();
    const m = await load(api.base, request, { connections: options.connections, duration: options.duration });
    window = [from, monotonicMicros()];
    log(`  under the profiler: ${fmt(m)}`);
  } finally {
    await stop(api);
  }
  const file = mainThreadProfile(dir, pid);
  if (!file) {
    notes.push('The CPU profile was not written.');
    return null;
  }
  return summariseProfile(file, scenario.label, sizeLabel(fixture.engine, fixture.size), window);
}

/** The last run's figures, so `--render` can write the docs again without measuring. */
const LAST_REPORT = join(OUTPUT_ROOT, '.data/bench/last-report.json');

async function writeDocs(report: Report) {
  const docs = join(OUTPUT_ROOT, 'docs');
  const caption =
    `npm run bench, ${report.startedAt.toISOString().slice(0, 10)}: ${report.machine.cores} × ${report.machine.cpu}, ` +
    `Node ${report.machine.node}, PostgreSQL ${report.machine.postgres ?? '–'}; ${options.connections} connections, ` +
    `${options.duration} s per scenario`;
  writeFileSync(join(docs, 'benchmarks.svg'), renderChart(report.targets, caption));
  // The sections other benches own, and the notes beside them (bench/doc-sections.ts), stay.
  let text = [markdown(report, 'benchmarks.svg'), afterTop(join(docs, 'benchmarks.md'))].join('\n');
  try {
    // Prettier keeps the repository's Markdown in one shape; the page must pass `prettier --check`.
    const prettier = await import('prettier');
    const file = join(docs, 'benchmarks.md');
    const config = (await prettier.resolveConfig(file)) ?? {};
    text = await prettier.format(text, { ...config, plugins: [], filepath: file });
  } catch (error) {
    console.warn(`prettier could not format docs/benchmarks.md: ${(error as Error).message}`);
  }
  writeFileSync(join(docs, 'benchmarks.md'), text);
  log('wrote docs/benchmarks.md and docs/benchmarks.svg');
}

async function render(file: string): Promise<void> {
  const saved = JSON.parse(readFileSync(file, 'utf8')) as Report & { startedAt: string; finishedAt: string };
  const report: Report = {
    ...saved,
    startedAt: new Date(saved.startedAt),
    finishedAt: new Date(saved.finishedAt),
    goals: evaluateGoals(saved.targets),
  };
  console.log(consoleReport(report));
  await writeDocs(report);
}

async function main(): Promise<void> {
  if (options.render) return render(options.render);
  const startedAt = new Date();
  const postgres = options.sizes.length > 0 ? await serverVersion(options.pgUrl) : null;
  const machine = describeMachine(postgres, process.env.BENCH_SNAPSHOT_OF ?? gitState(REPO_ROOT));
  log(
    `${commandLine(options)} — ${machine.cores} × ${machine.cpu}, Node ${machine.node}, PostgreSQL ${machine.postgres ?? '–'}`,
  );
  const buyer = await createBuyer(emulatorHost as string);
  const notes: string[] = [];
  const targets: TargetResult[] = [];
  let profile: ProfileSummary | null = null;
  const largest = Math.max(...options.sizes);
  const plan: [Engine, number][] = [
    ...options.sizes.map((size): [Engine, number] => ['postgres', size]),
    ...options.pgliteSizes.map((size): [Engine, number] => ['pglite', size]),
  ];
  for (const [engine, size] of plan) {
    const measured = await measureTarget(engine, size, buyer, notes, engine === 'postgres' && size === largest);
    targets.push(measured.target);
    profile = measured.profile ?? profile;
  }
  const report: Report = {
    startedAt,
    finishedAt: new Date(),
    options,
    machine,
    targets,
    goals: evaluateGoals(targets),
    profile,
    notes,
  };
  console.log(consoleReport(report));
  mkdirSync(join(OUTPUT_ROOT, '.data/bench'), { recursive: true });
  writeFileSync(LAST_REPORT, JSON.stringify(report, null, 1));
  if (options.docs) await writeDocs(report);
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(error);
  await Promise.all([...running].map((s) => s.stop()));
  process.exit(1);
}
