import { existsSync, readFileSync } from 'node:fs';

/*
 * docs/benchmarks.md is written by more than one bench: `npm run bench` writes the top of the
 * page, and each bench of its own (`npm run bench:dashboard`) owns one section between markers.
 * Everything from the first owned section on (the sections, and the notes written by hand beside
 * them) stays when the top is written again.
 */

const START = (name: string) => `<!-- bench-section:${name} -->`;
const END = (name: string) => `<!-- /bench-section:${name} -->`;
const SECTIONS = /<!-- bench-section:([a-z-]+) -->[\s\S]*?<!-- \/bench-section:\1 -->\n?/g;

/**
 * The page at `file` from its first owned section to its end, as it is (markers, sections and
 * whatever was written between and after them); empty without one.
 */
export function afterTop(file: string): string {
  if (!existsSync(file)) return '';
  const page = readFileSync(file, 'utf8');
  const first = page.search(SECTIONS);
  return first === -1 ? '' : page.slice(first);
}

/** `page` with the section `name` replaced by `body` (or added at the end). */
export function withSection(page: string, name: string, body: string): string {
  const block = `${START(name)}\n\n${body.trim()}\n\n${END(name)}\n`;
  const at = page.indexOf(START(name));
  if (at === -1) return `${page.trimEnd()}\n\n${block}`;
  const end = page.indexOf(END(name), at);
  return `${page.slice(0, at)}${block}${page.slice(end + END(name).length).replace(/^\n/, '')}`;
}
