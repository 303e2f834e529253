import type { Engine, StockCheck } from './fixture.js';
import type { Measurement } from './measure.js';

/* The figures of one run, and the goals of the issue "The catalogue at wholesale scale" checked against them. */

export interface StormCheck extends StockCheck {
  /** 201 answers the load generator received (warm-up included): each must be one cart row. */
  acknowledged: number;
  /** Most requests that can have been cut off unanswered at the end of the runs. */
  inFlight: number;
}

export interface ScenarioResult {
  key: string;
  label: string;
  catalogue: boolean;
  storm: boolean;
  path: string;
  api: Measurement;
  raw: Measurement | null;
  /** Rows in the API's answer, and its X-Total-Count (with the relation). */
  rows: number | null;
  total: string | null;
  /** Differences between the API's and the raw server's answers (null: not compared). */
  mismatch: string[] | null;
  stock: { api: StormCheck; raw: StormCheck | null } | null;
  /** How busy the machine's CPUs were just before the scenario (0–1). */
  busy: number;
}

export interface TargetResult {
  engine: Engine;
  size: number;
  setupSeconds: { generate: number; total: number };
  /** Sequential one-row commits per second on this database (null on PGlite). */
  commitsPerSecond: number | null;
  scenarios: ScenarioResult[];
}

export interface Goal {
  group: string;
  name: string;
  /** null: could not be judged in this run (e.g. a size was not measured). */
  pass: boolean | null;
  detail: string;
}

export const GOALS = {
  p99Growth: 2,
  rawRatio: 0.6,
  purchasesPerSecond: 500,
};

const n = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

export const sizeLabel = (engine: Engine, size: number) =>
  `${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'} ${n(size)}`;

export function evaluateGoals(targets: TargetResult[]): Goal[] {
  const goals: Goal[] = [];
  const pg = targets.filter((t) => t.engine === 'postgres').sort((a, b) => a.size - b.size);
  const small = pg[0];
  const large = pg.at(-1);
  const find = (t: TargetResult | undefined, key: string) => t?.scenarios.find((s) => s.key === key);

  const growth = `catalogue p99 at ${large ? n(large.size) : '?'} ≤ ${GOALS.p99Growth}× p99 at ${small ? n(small.size) : '?'}, 0 errors`;
  const catalogueKeys = (large ?? small)?.scenarios.filter((s) => s.catalogue) ?? [];
  for (const { key, label } of catalogueKeys) {
    const a = find(small, key);
    const b = find(large, key);
    if (!a || !b || small === large) {
      goals.push({ group: growth, name: label, pass: null, detail: 'needs two PostgreSQL sizes' });
      continue;
    }
    const limit = GOALS.p99Growth * Math.max(a.api.p99, 1);
    const errors = a.api.errors + b.api.errors;
    goals.push({
      group: growth,
      name: label,
      pass: b.api.p99 <= limit && errors === 0,
      detail: `${n(b.api.p99)} ms vs ${GOALS.p99Growth}×${n(a.api.p99)} ms = ${n(limit)} ms; ${n(errors)} errors`,
    });
  }

  const ratio = `API ≥ ${GOALS.rawRatio}× the raw server's requests/s at ${large ? n(large.size) : '?'}`;
  for (const key of ['list', 'product']) {
    const s = find(large, key);
    if (!s || !s.raw) {
      goals.push({ group: ratio, name: key, pass: null, detail: 'not measured' });
      continue;
    }
    const r = s.api.rps / Math.max(s.raw.rps, 1e-9);
    goals.push({
      group: ratio,
      name: s.label,
      pass: r >= GOALS.rawRatio && s.api.errors === 0,
      detail: `${n(s.api.rps)} vs ${n(s.raw.rps)} req/s = ${n(r, 2)}×; ${n(s.api.errors)} errors`,
    });
  }

  const storm = `purchases on one hot product at ${large ? n(large.size) : '?'}`;
  const p = find(large, 'purchase');
  if (!p) {
    goals.push({ group: storm, name: 'purchases', pass: null, detail: 'not measured' });
  } else {
    goals.push({
      group: storm,
      name: `≥ ${GOALS.purchasesPerSecond}/s`,
      pass: p.api.rps >= GOALS.purchasesPerSecond && p.api.errors === 0,
      detail:
        `${n(p.api.rps)} purchases/s; ${n(p.api.errors)} errors` +
        (large?.commitsPerSecond
          ? ` (one connection commits ${n(large.commitsPerSecond)} transactions/s on this server: the ceiling ` +
            `for one product bought one purchase per transaction, as its row lock is held until the commit is flushed)`
          : ''),
    });
    if (p.raw) {
      const r = p.api.rps / Math.max(p.raw.rps, 1e-9);
      goals.push({
        group: storm,
        name: `≥ ${GOALS.rawRatio}× the raw transaction`,
        pass: r >= GOALS.rawRatio,
        detail: `${n(p.api.rps)} vs ${n(p.raw.rps)} /s = ${n(r, 2)}×`,
      });
    }
  }
  // Every storm of the run, on every engine and size, for both servers.
  const checks = targets.flatMap((t) =>
    t.scenarios.flatMap((s) =>
      s.stock
        ? [
            { where: `${sizeLabel(t.engine, t.size)} API`, c: s.stock.api },
            ...(s.stock.raw ? [{ where: `${sizeLabel(t.engine, t.size)} raw`, c: s.stock.raw }] : []),
          ]
        : [],
    ),
  );
  if (checks.length > 0) {
    const bad = checks.filter(
      ({ c }) =>
        c.drift !== 0 ||
        c.oversold > 0 ||
        c.stock < 0 ||
        c.rows < c.acknowledged ||
        c.rows > c.acknowledged + c.inFlight,
    );
    goals.push({
      group: storm,
      name: '0 oversell: stock + bought = initial',
      pass: bad.length === 0,
      detail:
        bad.length === 0
          ? `${checks.length} storms: stock + bought = initial, and every 201 has its cart row`
          : bad
              .map(
                ({ where, c }) =>
                  `${where}: stock ${n(c.stock)} + bought ${n(c.bought)} − initial = ${n(c.drift)}, ` +
                  `${n(c.rows)} rows for ${n(c.acknowledged)} 201s`,
              )
              .join('; '),
    });
  }
  return goals;
}
