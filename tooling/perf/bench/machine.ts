import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';

/* What the figures were measured on, for the report. */

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  os: string;
  node: string;
  postgres: string | null;
  postgresSettings: Record<string, string>;
  pglite: string;
  autocannon: string;
  /** The commit measured, and whether the API's or the contract's source differed from it. */
  commit: string;
}

/** `abc1234`, or `abc1234 + uncommitted changes in apps/api/src` when the servers ran other code. */
export function gitState(repoRoot: string): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
    const head = git('rev-parse', '--short', 'HEAD');
    const dirty = git('status', '--porcelain', '--', 'apps/api/src', 'packages/shared/src');
    return dirty ? `${head} + uncommitted changes in apps/api/src or packages/shared/src` : head;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

const require = createRequire(import.meta.url);

function packageVersion(name: string): string {
  try {
    // The package's main entry lives inside its folder; walk up to its package.json.
    let dir = require.resolve(name);
    for (let i = 0; i < 6; i++) {
      dir = dir.slice(0, dir.lastIndexOf('/'));
      try {
        const pkg = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8')) as { name?: string; version?: string };
        if (pkg.name === name && pkg.version) return pkg.version;
      } catch {
        // keep walking up
      }
    }
  } catch {
    // not installed
  }
  return '?';
}

export function describeMachine(
  postgres: { version: string; settings: Record<string, string> } | null,
  commit: string,
): Machine {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  const mhz = cpus[0]?.speed ? ` @ ${(cpus[0].speed / 1000).toFixed(2)} GHz` : '';
  return {
    cpu: `${model}${mhz}`,
    cores: cpus.length,
    memoryGiB: os.totalmem() / 1024 ** 3,
    os: `${os.type()} ${os.release()} (${os.arch()})`,
    node: process.version,
    postgres: postgres?.version ?? null,
    postgresSettings: postgres?.settings ?? {},
    pglite: packageVersion('@electric-sql/pglite'),
    autocannon: packageVersion('autocannon'),
    commit,
  };
}

export function machineLines(m: Machine): string[] {
  const settings = Object.entries(m.postgresSettings)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return [
    `CPU: ${m.cpu}, ${m.cores} logical cores (os.cpus())`,
    `Memory: ${m.memoryGiB.toFixed(1)} GiB`,
    `OS: ${m.os}`,
    `Node.js: ${m.node}`,
    `PostgreSQL: ${m.postgres ?? 'not used'}${settings ? ` (${settings})` : ''}`,
    `PGlite: ${m.pglite}; autocannon: ${m.autocannon}`,
    `Code: ${m.commit}`,
  ];
}
