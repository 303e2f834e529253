import { resolve } from 'node:path';
import { parseArgs } from 'node:util';

/*
 * The bench's command line: `npm run bench -- --sizes 1000,100000 --duration 5` at the root
 * (flags after `--` reach this script). Every flag has a default that gives the full run of
 * docs/benchmarks.md.
 */

export interface BenchOptions {
  /** Catalogue sizes measured on PostgreSQL. */
  sizes: number[];
  /** Catalogue sizes measured on PGlite (API only: PGlite has one connection, no raw reference). */
  pgliteSizes: number[];
  /** Seconds each server is measured per scenario. */
  duration: number;
  /** Seconds of unmeasured load before each measurement (JIT, caches, pool). */
  warmup: number;
  connections: number;
  /** Only these scenario keys (default: all). */
  scenarios: string[] | null;
  /** Maintenance database of the PostgreSQL server the bench creates its databases on. */
  pgUrl: string;
  /** Connections per server process (the API's DATABASE_POOL_SIZE; the raw server uses the same). */
  poolSize: number;
  /** Write docs/benchmarks.md and docs/benchmarks.svg. */
  docs: boolean;
  /** Run the API from apps/api/dist (npm run build) instead of its TypeScript source. */
  dist: boolean;
  /** Scenario key to CPU-profile on the API at the largest PostgreSQL size, after the measurements. */
  profile: string | null;
  /** Wait before each scenario until the machine's CPUs are at most this busy (0–1)… */
  quiet: number;
  /** …for at most this many seconds over the whole run (0: do not wait). */
  quietWait: number;
  /** Measure this commit (exported to a temporary folder) instead of the work tree. */
  ref: string | null;
  /** Write the docs from a saved report (.data/bench/last-report.json) instead of measuring. */
  render: string | null;
  /**
   * Send every GET with `Cache-Control: no-cache`: the API's catalogue cache then answers none of
   * them, and the figures are those of the database work (the raw server has no cache either way).
   */
  uncached: boolean;
  /** The flags as given, for the report's "how to rerun". */
  argv: string[];
}

export const USAGE = `npm run bench [-- flags]   (at the repository root: starts the Auth Emulator around it)

  --sizes 1000,100000,1000000   catalogue sizes on PostgreSQL ("none" for none)
  --pglite 100000               catalogue sizes on PGlite, API only ("none" for none)
  --duration 6                  seconds measured per scenario and server
  --warmup 2                    seconds of unmeasured load before each measurement
  --connections 64              concurrent connections (autocannon)
  --scenarios list,product      only these scenarios (keys in bench/scenarios.ts)
  --pg-url postgres://postgres@127.0.0.1:5432/postgres
                                server to create the bench_<size> databases on (or BENCH_PG_URL)
  --pool 10                     database connections per server process
  --profile list                CPU-profile the API on one scenario at the largest size
  --ref HEAD                    measure a commit (git archive to a temporary folder), not the work tree
  --dist                        run the built API (apps/api/dist) instead of the source
  --quiet 25                    before each scenario, wait until other processes use at most 25% of the CPUs…
  --quiet-wait 600              …for at most this many seconds in all (0: never wait)
  --render .data/bench/last-report.json
                                write the docs again from the last run's figures, measuring nothing
  --uncached                    send GETs with Cache-Control: no-cache (the API's catalogue cache answers none)
  --no-docs                     do not rewrite docs/benchmarks.md and docs/benchmarks.svg`;

function sizesOf(value: string, flag: string): number[] {
  if (value === 'none' || value === '') return [];
  return value.split(',').map((part) => {
    const n = Number(part.replaceAll('_', '').trim());
    if (!Number.isInteger(n) || n < 10 || n > 10_000_000)
      throw new Error(`--${flag}: ${part} is not a size (10…10,000,000)`);
    return n;
  });
}

function positive(value: string, flag: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${flag} needs a positive number, got ${value}`);
  return n;
}

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      sizes: { type: 'string', default: '1000,100000,1000000' },
      pglite: { type: 'string', default: '100000' },
      duration: { type: 'string', default: '6' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '64' },
      scenarios: { type: 'string' },
      'pg-url': { type: 'string', default: process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
      pool: { type: 'string', default: '10' },
      profile: { type: 'string' },
      dist: { type: 'boolean', default: false },
      ref: { type: 'string' },
      render: { type: 'string' },
      quiet: { type: 'string', default: '25' },
      'quiet-wait': { type: 'string', default: '600' },
      'no-docs': { type: 'boolean', default: false },
      uncached: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  return {
    sizes: sizesOf(values.sizes, 'sizes'),
    pgliteSizes: sizesOf(values.pglite, 'pglite'),
    duration: positive(values.duration, 'duration'),
    warmup: values.warmup === '0' ? 0 : positive(values.warmup, 'warmup'),
    connections: Math.round(positive(values.connections, 'connections')),
    scenarios: values.scenarios ? values.scenarios.split(',').map((s) => s.trim()) : null,
    pgUrl: values['pg-url'],
    poolSize: Math.round(positive(values.pool, 'pool')),
    docs: !values['no-docs'],
    uncached: values.uncached,
    dist: values.dist,
    profile: values.profile ?? null,
    ref: values.ref ?? null,
    // Relative to where `npm run bench` was typed (npm runs the workspace script in tooling/perf).
    render: values.render ? resolve(process.env.INIT_CWD ?? process.cwd(), values.render) : null,
    quiet: positive(values.quiet, 'quiet') / 100,
    quietWait: values['quiet-wait'] === '0' ? 0 : positive(values['quiet-wait'], 'quiet-wait'),
    // A run re-started from a --ref export reports the command as it was typed.
    argv: process.env.BENCH_ARGV ? (JSON.parse(process.env.BENCH_ARGV) as string[]) : argv,
  };
}
