import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { cyclicGroups, cycleThrough, describeCycles } from '../../../../scripts/lib/import-cycles.js';

/* The lint's import-cycle check (scripts/lib/import-cycles.ts) on small projects of its own. */

let work: string | undefined;
afterEach(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  work = undefined;
});

/** A project of `files` (path → text) with a tsconfig like the repository's; answers its cycles. */
function cyclesOf(files: Record<string, string>): string[] {
  work = mkdtempSync(join(tmpdir(), 'b2b-cycles-'));
  const all: Record<string, string> = {
    'tsconfig.json': JSON.stringify({
      compilerOptions: { module: 'ESNext', moduleResolution: 'Bundler', strict: true, paths: { '@/*': ['./src/*'] } },
      include: ['src'],
    }),
    ...files,
  };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(work, path)), { recursive: true });
    writeFileSync(join(work, path), text);
  }
  return describeCycles(work, [join(work, 'tsconfig.json')]);
}

test('a value import back is a cycle, named as a path from its first file round to it', () => {
  expect(
    cyclesOf({
      'src/a.ts': "import { b } from './b.js';\nexport const a = () => b;",
      'src/b.ts': "import { c } from './c.js';\nexport const b = c;",
      'src/c.ts': "import { a } from './a.js';\nexport const c = 1; export const d = a;",
    }),
  ).toEqual(['src/a.ts → src/b.ts → src/c.ts → src/a.ts']);
});

test('re-exports, side-effect imports, import(), require() and the @/ alias are edges too', () => {
  const back = (how: string) =>
    cyclesOf({ 'src/a.ts': "import './b';\nexport const a = 1;", 'src/b.tsx': `${how}\nexport const b = 1;` });
  expect(back("export { a } from './a';")).toHaveLength(1);
  expect(back("export * from '@/a';")).toHaveLength(1);
  expect(back("import '@/a';")).toHaveLength(1);
  expect(back("export const later = () => import('./a');")).toHaveLength(1);
  expect(back("const a = require('./a');")).toHaveLength(1);
});

test('imports of types only, packages and missing files are not edges', () => {
  const back = (how: string) =>
    cyclesOf({ 'src/a.ts': "import { b } from './b';\nexport type A = 1; export const a = b;", 'src/b.ts': how });
  expect(back("import type { A } from './a';\nexport const b: A = 1;")).toEqual([]);
  expect(back("import { type A } from './a';\nexport const b: A = 1;")).toEqual([]);
  expect(back("export type { A } from './a';\nexport const b = 1;")).toEqual([]);
  expect(back("import { z } from 'zod';\nimport './missing';\nexport const b = z;")).toEqual([]);
  // A default or namespace binding beside type specifiers loads the module.
  expect(back("import a, { type A } from './a';\nexport const b: A = a;")).toHaveLength(1);
});

test('every strongly connected group is found once, however the graph is entered', () => {
  const graph = new Map<string, string[]>([
    ['a', ['b']],
    ['b', ['a', 'c']],
    ['c', ['d']],
    ['d', ['e']],
    ['e', ['c', 'f']],
    ['f', []],
    ['g', ['g']],
  ]);
  const groups = cyclicGroups(graph);
  expect(groups.sort()).toEqual([
    ['a', 'b'],
    ['c', 'd', 'e'],
  ]);
  expect(cycleThrough(graph, ['c', 'd', 'e'])).toEqual(['c', 'd', 'e', 'c']);
  // A long chain does not overflow the stack.
  const chain = new Map(Array.from({ length: 100_000 }, (_, i) => [`n${i}`, [`n${(i + 1) % 100_000}`]]));
  expect(cyclicGroups(chain)[0]).toHaveLength(100_000);
});
