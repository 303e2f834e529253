import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from 'vitest';

/*
 * Every exact user-facing string of the product spec (docs/product-spec.md, listed in
 * docs/product-spec-strings.txt) is written somewhere in the app's own source (the web app and
 * the shared package it renders constants from), not only in tests: a string that drifts or
 * disappears fails here.
 */

const srcDir = resolve(import.meta.dirname);
const repoRoot = resolve(srcDir, '../../..');
const listFile = resolve(repoRoot, 'docs/product-spec-strings.txt');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(path);
    return /\.(ts|tsx|html|css)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const spec = readFileSync(listFile, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'));
const source = [
  ...sourceFiles(srcDir),
  ...sourceFiles(resolve(repoRoot, 'packages/shared/src')),
  resolve(srcDir, '../index.html'),
]
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');

test('the spec lists its strings', () => {
  expect(spec.length).toBeGreaterThan(50);
});

test.each(spec)('the app shows the spec string %j', (text) => {
  expect(source).toContain(text);
});
