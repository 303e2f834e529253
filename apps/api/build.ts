import { cpSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { build, type Plugin } from 'esbuild';

/*
 * `npm run build -w @b2b/api`: the API as plain JavaScript, so production runs on `node` with
 * only the production dependencies installed (no tsx, no TypeScript).
 *
 *   dist/server.js      src/server.ts and everything it imports from src/ and @b2b/shared
 *                       (a TypeScript-source package) in one ES module, with a source map;
 *   dist/migrations/    a copy of src/db/migrations;
 *   dist/catalogue.csv  a copy of src/seed/catalogue.csv, the demo catalogue.
 *
 * Every npm package stays an import from node_modules, and must be one of this workspace's
 * `dependencies`: the build fails otherwise, so a package that would vanish with
 * `npm prune --omit=dev` cannot slip into production.
 *
 * Paths from import.meta.dirname hold in both forms: dist/ sits as deep as src/, so
 * config.ts's REPO_ROOT ('../../..') is the repository root either way, and client.ts's
 * MIGRATIONS_DIR ('migrations' beside the code) is src/db/migrations from source and
 * dist/migrations once built; the demo catalogue, likewise, is read from beside the code.
 */

const root = import.meta.dirname;
const outdir = join(root, 'dist');
const BUNDLED = new Set(['@b2b/shared']);

const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
};
const dependencies = new Set(Object.keys(manifest.dependencies));

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

const productionDependenciesOnly: Plugin = {
  name: 'production-dependencies-only',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (isBuiltin(args.path)) return { external: true };
      const name = packageName(args.path);
      if (BUNDLED.has(name)) return undefined;
      if (!dependencies.has(name)) {
        return { errors: [{ text: `"${name}" is imported but is not in the dependencies of apps/api/package.json.` }] };
      }
      return { external: true };
    });
  },
};

rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: { server: join(root, 'src/server.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [productionDependenciesOnly],
  logLevel: 'warning',
});
cpSync(join(root, 'src/db/migrations'), join(outdir, 'migrations'), { recursive: true });
cpSync(join(root, 'src/seed/catalogue.csv'), join(outdir, 'catalogue.csv'));
console.log(`Built the API into ${outdir}`);
