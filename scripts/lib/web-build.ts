import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

/** The currency the build in apps/web/dist was made for (its shop.json; USD before there was one). */
function builtCurrency(): string | undefined {
  const file = join(repoRoot, 'apps/web/dist/shop.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { currency?: string }).currency : 'USD';
}

/**
 * Builds apps/web when its build is missing, older than any of its sources, or made for another
 * currency than CURRENCY (the API serves no build of another currency: apps/api/src/plugins/web.ts).
 */
export function buildWebIfStale(): void {
  const builtAt = newestMtime(join(repoRoot, 'apps/web/dist/index.html'));
  const changedAt = Math.max(...SOURCES.map((s) => newestMtime(join(repoRoot, s))));
  const currency = process.env.CURRENCY?.trim() || 'USD';
  const otherCurrency = builtAt > 0 && builtCurrency() !== currency;
  if (builtAt > changedAt && !otherCurrency) return;
  console.log(
    !builtAt
      ? 'Building the web app…'
      : otherCurrency
        ? `The web app was built for ${builtCurrency()}, the shop's currency is ${currency}: rebuilding…`
        : 'Web app sources changed: rebuilding…',
  );
  const result = spawnSync('npm', ['run', 'build', '-w', '@b2b/web'], { cwd: repoRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('The web app build failed; see the output above.');
}
