import { existsSync, readFileSync } from 'node:fs';

/*
 * docs/benchmarks.md is written by more than one bench: `npm run bench` writes the page, and
 * each bench of its own (`npm run bench:dashboard`) owns one section between markers, which the
 * page keeps when it is written again.
 */

const START = (name: string) => `<!-- bench-section:${name} -->`;
const END = (name: string) => `<!-- /bench-section:${name} -->`;
const SECTIONS = /<!-- bench-section:([a-z-]+) -->[\s\S]*?<!-- \/bench-section:\1 -->\n?/g;

/** The owned sections of the page at `file` (as they are, markers included). */
export function ownedSections(file: string): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').match(SECTIONS) ?? [];
}

/** `page` with the section `name` replaced by `body` (or added at the end). */
export function withSection(page: string, name: string, body: string): string {
  const block = `${START(name)}\n\n${body.trim()}\n\n${END(name)}\n`;
  const at = page.indexOf(START(name));
  if (at === -1) return `${page.trimEnd()}\n\n${block}`;
  const end = page.indexOf(END(name), at);
  return `${page.slice(0, at)}${block}${page.slice(end + END(name).length).replace(/^\n/, '')}`;
}
