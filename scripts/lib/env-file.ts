import { existsSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';

export const repoRoot = resolve(import.meta.dirname, '../..');

/** A path as a person would type it from the repository root: relative inside it, absolute elsewhere. */
export function shownPath(path: string): string {
  const inside = relative(repoRoot, path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

/** Loads `<repo>/.env` into process.env (values already set win), like the API expects. */
export function loadEnvFile(): void {
  const file = resolve(repoRoot, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Real Firebase is configured when a web API key is given and no emulator host is set. */
export function usesRealFirebase(): boolean {
  return Boolean(process.env.FIREBASE_API_KEY) && !process.env.FIREBASE_AUTH_EMULATOR_HOST;
}
