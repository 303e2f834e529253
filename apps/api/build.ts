import { cpSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { build, type Plugin } from 'esbuild';

/*
 * `npm run build -w @b2b/api`: the API as plain JavaScript, so production runs on `node` with
 * only the production dependencies installed (no tsx, no TypeScript).
 *
 *   dist/**             every file of src/ as its own ES module, in the same folders (the app
 *                       autoloads its plugins and routes from the folder tree), with source maps;
 *   dist/_shared/       @b2b/shared (a TypeScript-source package) bundled into one module, which
 *                       every file imports in place of the package;
 *   dist/db/migrations/, dist/seed/catalogue.csv and the documents' fonts: copies of the files the code reads from
 *                       beside itself.
 *
 * Every npm package stays an import from node_modules, and must be one of this workspace's
 * `dependencies`: the build fails otherwise, so a package that would vanish with
 * `npm prune --omit=dev` cannot slip into production.
 *
 * Paths from import.meta.dirname hold in both forms: dist/ mirrors src/, so config.ts's
 * REPO_ROOT ('../../..') is the repository root either way, and client.ts's MIGRATIONS_DIR
 * ('migrations' beside the code) is src/db/migrations from source and dist/db/migrations built.
 */

const root = import.meta.dirname;
const outdir = join(root, 'dist');
const SHARED = '@b2b/shared';
const SHARED_OUT = join('_shared', 'index.js');

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
      if (name === SHARED) return undefined;
      if (!dependencies.has(name)) {
        return { errors: [{ text: `"${name}" is imported but is not in the dependencies of apps/api/package.json.` }] };
      }
      return { external: true };
    });
  },
};

/** Every source file under a folder (what the app may load: code, not type declarations). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The package names a built file imports (bare specifiers of static, side-effect and dynamic imports). */
function importedPackages(code: string): string[] {
  const patterns = [
    /^\s*(?:import|export)\b[^;]*?\bfrom\s*"([^"\n]+)"/gm,
    /^\s*import\s*"([^"\n]+)"/gm,
    /\bimport\(\s*"([^"\n]+)"\s*\)/g,
  ];
  const specifiers = patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[1] ?? ''));
  return specifiers.filter((s) => !s.startsWith('.') && !isBuiltin(s)).map(packageName);
}

rmSync(outdir, { recursive: true, force: true });
const common = {
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
} as const;
// @b2b/shared, once, with its own imports checked like the app's.
await build({
  ...common,
  entryPoints: [join(root, '../../packages/shared/src/index.ts')],
  outfile: join(outdir, SHARED_OUT),
  bundle: true,
  plugins: [productionDependenciesOnly],
});
// The app, file by file.
const { metafile } = await build({
  ...common,
  entryPoints: sources(join(root, 'src')),
  outbase: join(root, 'src'),
  outdir,
  bundle: false,
  metafile: true,
});
for (const file of Object.keys(metafile.outputs).filter((f) => f.endsWith('.js'))) {
  const path = join(process.cwd(), file);
  const code = readFileSync(path, 'utf8');
  const unknown = importedPackages(code).filter((name) => name !== SHARED && !dependencies.has(name));
  if (unknown.length > 0) {
    throw new Error(`${file} imports ${unknown.join(', ')}, not in the dependencies of apps/api/package.json.`);
  }
  let shared = relative(dirname(path), join(outdir, SHARED_OUT));
  if (!shared.startsWith('.')) shared = `./${shared}`;
  writeFileSync(path, code.replaceAll(`"${SHARED}"`, JSON.stringify(shared)));
}
cpSync(join(root, 'src/db/migrations'), join(outdir, 'db/migrations'), { recursive: true });
cpSync(join(root, 'src/seed/catalogue.csv'), join(outdir, 'seed/catalogue.csv'));
cpSync(join(root, 'src/capabilities/invoices/pdf/fonts'), join(outdir, 'capabilities/invoices/pdf/fonts'), {
  recursive: true,
});
console.log(`Built the API into ${outdir}`);
