import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './env-file.js';

const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/build',
  'packages/shared/src',
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Builds apps/web when its build is missing or older than any of its sources. */
export function buildWebIfStale(): void {
  const builtAt = newestMtime(join(repoRoot, 'apps/web/dist/index.html'));
  const changedAt = Math.max(...SOURCES.map((s) => newestMtime(join(repoRoot, s))));
  if (builtAt > changedAt) return;
  console.log(builtAt ? 'Web app sources changed: rebuilding…' : 'Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@b2b/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web app build failed; see the output above.');
}
