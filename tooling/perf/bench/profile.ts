import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/* Reads a V8 .cpuprofile (node --cpu-prof) and sums self time per function and per package. */

interface CpuProfile {
  startTime: number;
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileEntry {
  name: string;
  where: string;
  ms: number;
  share: number;
}

export interface ProfileSummary {
  scenario: string;
  target: string;
  file: string;
  /** Whether only the measured run was counted (else the whole life of the process). */
  windowed: boolean;
  totalMs: number;
  functions: ProfileEntry[];
  packages: ProfileEntry[];
}

/** Where a function lives, short: a package name, a file of the app, or node's internals. */
function origin(url: string): string {
  if (!url) return '(native / V8)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node internals';
  const apps = url.indexOf('/apps/');
  if (apps !== -1)
    return url
      .slice(apps + 1)
      .split('/')
      .slice(0, 3)
      .join('/');
  const packages = url.indexOf('/packages/');
  if (packages !== -1)
    return url
      .slice(packages + 1)
      .split('/')
      .slice(0, 2)
      .join('/');
  return url;
}

function shortFile(url: string): string {
  if (!url) return '';
  const modules = url.lastIndexOf('node_modules/');
  if (modules !== -1) return url.slice(modules + 'node_modules/'.length);
  const apps = url.indexOf('/apps/');
  if (apps !== -1) return url.slice(apps + 1);
  return url.replace(/^file:\/\//, '');
}

/** The main thread's profile of process `pid` (tsx's module loader thread writes one too). */
export function mainThreadProfile(dir: string, pid: number): string | null {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.cpuprofile') && f.includes(`.${pid}.0.`))
    .sort();
  const last = files.at(-1);
  return last ? join(dir, last) : null;
}

/** Microseconds on the clock V8 stamps profiles with (CLOCK_MONOTONIC, like process.hrtime). */
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Self time per function and package. With `window` ([from, to] in monotonicMicros), only the
 * samples taken inside it count: the measured run, without start-up and warm-up.
 */
export function summariseProfile(
  file: string,
  scenario: string,
  target: string,
  window: [number, number] | null = null,
  top = 15,
): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const collect = (inWindow: (at: number) => boolean) => {
    const byNode = new Map<number, number>();
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      const delta = profile.timeDeltas[i] ?? 0;
      at += delta;
      if (inWindow(at)) byNode.set(id, (byNode.get(id) ?? 0) + delta);
    });
    return byNode;
  };
  let byNode = window ? collect((at) => at >= window[0] && at <= window[1]) : collect(() => true);
  let windowed = window !== null;
  if (byNode.size === 0) {
    // The clocks did not line up: fall back to the whole profile.
    byNode = collect(() => true);
    windowed = false;
  }
  const functions = new Map<string, ProfileEntry>();
  const packages = new Map<string, ProfileEntry>();
  let total = 0;
  for (const node of profile.nodes) {
    const us = byNode.get(node.id) ?? 0;
    if (us === 0) continue;
    total += us;
    const { functionName, url, lineNumber } = node.callFrame;
    const name = functionName || '(anonymous)';
    const where = url ? `${shortFile(url)}:${lineNumber + 1}` : '';
    const key = `${name}@${where}`;
    const f = functions.get(key) ?? { name, where, ms: 0, share: 0 };
    f.ms += us / 1000;
    functions.set(key, f);
    const pkg = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : origin(url);
    const p = packages.get(pkg) ?? { name: pkg, where: '', ms: 0, share: 0 };
    p.ms += us / 1000;
    packages.set(pkg, p);
  }
  const finish = (entries: Iterable<ProfileEntry>) =>
    [...entries]
      .map((e) => ({ ...e, share: e.ms / (total / 1000) }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, top);
  return {
    scenario,
    target,
    file,
    windowed,
    totalMs: total / 1000,
    functions: finish(functions.values()),
    packages: finish(packages.values()),
  };
}

export function profileLines(p: ProfileSummary): string[] {
  const pct = (share: number) => `${(share * 100).toFixed(1)}%`.padStart(6);
  return [
    `CPU profile of the API, ${p.scenario} at ${p.target} (${(p.totalMs / 1000).toFixed(1)} s sampled` +
      `${p.windowed ? ' during the measured run' : ', whole process'}): ${p.file}`,
    'self time by package:',
    ...p.packages.slice(0, 10).map((e) => `  ${pct(e.share)}  ${e.name}`),
    'top functions by self time:',
    ...p.functions.map((e) => `  ${pct(e.share)}  ${e.name}  ${e.where}`),
  ];
}
