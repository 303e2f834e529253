import { join } from 'node:path';
import { describeCycles } from './lib/import-cycles.js';

/* `npm run lint`'s import-cycle check (scripts/lib/import-cycles.ts): every project's files, as the type checker sees them. */

const root = join(import.meta.dirname, '..');
const started = performance.now();
const tsconfigs = [
  'apps/api/tsconfig.json',
  'apps/web/tsconfig.json',
  'packages/shared/tsconfig.json',
  'tooling/perf/tsconfig.json',
  'e2e/tsconfig.json',
  'tsconfig.scripts.json',
].map((project) => join(root, project));
const cycles = describeCycles(root, tsconfigs);
if (cycles.length > 0) {
  console.error(
    `Import cycles (${cycles.length}); a cycle makes the load order decide what is undefined at import time:`,
  );
  for (const cycle of cycles) console.error(`  ${cycle}`);
  process.exit(1);
}
console.log(`No import cycles (${((performance.now() - started) / 1000).toFixed(1)} s).`);
