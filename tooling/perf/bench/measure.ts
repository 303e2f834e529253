import autocannon from 'autocannon';
import { processCpuMs } from './quiet.js';
import type { BenchRequest } from './scenarios.js';

/* One autocannon run against one server, reduced to the figures the report shows. */

export interface Measurement {
  /** Successful (2xx) responses per second over the run. */
  rps: number;
  p50: number;
  p99: number;
  /** 2xx responses. */
  ok: number;
  /** Non-2xx responses, connection errors and timeouts. */
  errors: number;
  seconds: number;
  /** Counts of the failures: non-2xx statuses, "timeout", "error". */
  failures: Record<string, number>;
  /** CPU time the server process spent per 2xx answer (ms), from /proc; null where unknown. */
  cpuPerRequest: number | null;
}

export interface LoadOptions {
  connections: number;
  duration: number;
}

export async function load(
  base: string,
  request: BenchRequest,
  options: LoadOptions,
  pid?: number,
): Promise<Measurement> {
  const cpuBefore = processCpuMs(pid);
  const result = await autocannon({
    url: `${base}${request.path}`,
    method: request.method,
    connections: options.connections,
    duration: options.duration,
    timeout: 10,
    ...(request.body ? { body: request.body } : {}),
    ...(request.headers ? { headers: request.headers } : {}),
  });
  const cpuAfter = processCpuMs(pid);
  const ok = result['2xx'];
  const seconds = result.duration || options.duration;
  const cpuPerRequest = cpuBefore !== null && cpuAfter !== null && ok > 0 ? (cpuAfter - cpuBefore) / ok : null;
  const failures = failuresOf(result);
  return {
    rps: ok / seconds,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok,
    errors: result.non2xx + result.errors + result.timeouts,
    seconds,
    failures,
    cpuPerRequest,
  };
}

/** What went wrong in an autocannon run, by status code, plus timeouts and connection errors. */
export function failuresOf(result: autocannon.Result): Record<string, number> {
  const failures: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith('2') && stat.count) failures[status] = stat.count;
  }
  if (result.timeouts) failures.timeout = result.timeouts;
  if (result.errors) failures.error = result.errors;
  return failures;
}

export interface Sample {
  status: number;
  total: string | null;
  relation: string | null;
  hasNext: boolean;
  body: unknown;
}

/** One request outside the load, to check it succeeds and to compare the two servers' answers. */
export async function sample(base: string, request: BenchRequest): Promise<Sample> {
  const response = await fetch(`${base}${request.path}`, {
    method: request.method,
    ...(request.body ? { body: request.body } : {}),
    ...(request.headers ? { headers: request.headers } : {}),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // keep the text
  }
  return {
    status: response.status,
    total: response.headers.get('x-total-count'),
    relation: response.headers.get('x-total-count-relation'),
    hasNext: response.headers.has('x-next-cursor'),
    body,
  };
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([k, v]) => [k, canonical(v)]),
    );
  }
  return value;
}

/** Differences between two answers to the same request; empty when they are the same. */
export function differences(a: Sample, b: Sample): string[] {
  const out: string[] = [];
  if (a.status !== b.status) out.push(`status ${a.status} vs ${b.status}`);
  if (a.total !== b.total) out.push(`X-Total-Count ${a.total} vs ${b.total}`);
  if (a.relation !== b.relation) out.push(`X-Total-Count-Relation ${a.relation} vs ${b.relation}`);
  if (a.hasNext !== b.hasNext)
    out.push(`X-Next-Cursor ${a.hasNext ? 'present' : 'absent'} vs ${b.hasNext ? 'present' : 'absent'}`);
  if (JSON.stringify(canonical(a.body)) !== JSON.stringify(canonical(b.body))) {
    const ids = (body: unknown) =>
      Array.isArray(body) ? body.map((p) => String((p as { _id?: unknown })._id).slice(0, 8)).join(',') : '';
    const [ia, ib] = [ids(a.body), ids(b.body)];
    if (ia !== ib) out.push(`rows differ (${ia.slice(0, 60)} vs ${ib.slice(0, 60)})`);
    else out.push(`row contents differ: ${fieldDifferences(a.body, b.body).join(', ')}`);
  }
  return out;
}

/** The fields whose values differ in the first differing row (or object). */
function fieldDifferences(a: unknown, b: unknown): string[] {
  const rowsA = (Array.isArray(a) ? a : [a]) as Record<string, unknown>[];
  const rowsB = (Array.isArray(b) ? b : [b]) as Record<string, unknown>[];
  for (const [i, rowA] of rowsA.entries()) {
    const rowB = rowsB[i] ?? {};
    const keys = new Set([...Object.keys(rowA ?? {}), ...Object.keys(rowB)]);
    const differing = [...keys].filter((k) => JSON.stringify(rowA?.[k]) !== JSON.stringify(rowB[k]));
    if (differing.length > 0) {
      return differing.map(
        (k) => `${k}: ${JSON.stringify(rowA?.[k])?.slice(0, 40)} vs ${JSON.stringify(rowB[k])?.slice(0, 40)}`,
      );
    }
  }
  return ['(order of keys or nesting)'];
}

/** Row count of a list answer (or 1 for one product), for the report. */
export function rowCount(s: Sample): number | null {
  if (Array.isArray(s.body)) return s.body.length;
  return s.status >= 200 && s.status < 300 ? 1 : null;
}
