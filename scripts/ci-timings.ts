import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './lib/env-file.js';

/*
 * `tsx scripts/ci-timings.ts [steps file]`: the end of `.ci/run`. Prints how long each step took
 * (lines `<seconds>\t<step>` that .ci/run wrote) and the 15 slowest tests of each runner, from
 * the JSON reports in test-results/ (Vitest's `vitest-<workspace>.json`, Playwright's
 * `e2e-report*.json`), so the next person sees where the time goes without guessing.
 */

const SLOWEST = 15;
const results = join(repoRoot, 'test-results');

interface Timed {
  name: string;
  ms: number;
}

interface VitestReport {
  testResults?: { name: string; assertionResults?: { fullName: string; duration?: number | null }[] }[];
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; tests: { projectName?: string; results: { duration: number }[] }[] }[];
}

function vitestTests(report: VitestReport): Timed[] {
  return (report.testResults ?? []).flatMap((file) =>
    (file.assertionResults ?? []).map((test) => ({
      name: `${file.name.replace(`${repoRoot}/`, '')} › ${test.fullName}`,
      ms: test.duration ?? 0,
    })),
  );
}

function playwrightTests(suite: PlaywrightSuite): Timed[] {
  const own = (suite.specs ?? []).flatMap((spec) =>
    spec.tests.map((test) => ({
      name: `${spec.file} › ${spec.title}`,
      ms: test.results.reduce((sum, result) => sum + result.duration, 0),
    })),
  );
  return [...own, ...(suite.suites ?? []).flatMap(playwrightTests)];
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

function printSlowest(runner: string, tests: Timed[]): void {
  const total = tests.reduce((sum, test) => sum + test.ms, 0);
  console.log(`\n${runner}: ${tests.length} tests, ${seconds(total).trim()} in all; the ${SLOWEST} slowest:`);
  for (const test of [...tests].sort((a, b) => b.ms - a.ms).slice(0, SLOWEST)) {
    console.log(`${seconds(test.ms)}  ${test.name}`);
  }
}

const stepsFile = process.argv[2];
if (stepsFile && existsSync(stepsFile)) {
  console.log('Steps:');
  for (const line of readFileSync(stepsFile, 'utf8').split('\n').filter(Boolean)) {
    const [secs = '0', step = ''] = line.split('\t');
    const s = Number(secs);
    console.log(`${`${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`.padStart(7)}  ${step}`);
  }
}

const reports = existsSync(results)
  ? readdirSync(results)
      .filter((f) => f.endsWith('.json'))
      .sort()
  : [];
for (const file of reports) {
  const path = join(results, file);
  try {
    const report = JSON.parse(readFileSync(path, 'utf8')) as VitestReport & { suites?: PlaywrightSuite[] };
    if (file.startsWith('vitest-')) printSlowest(`Vitest (${file})`, vitestTests(report));
    else if (file.startsWith('e2e-report'))
      printSlowest(`Playwright (${file})`, (report.suites ?? []).flatMap(playwrightTests));
  } catch (error) {
    console.log(`\n${file}: not readable (${error instanceof Error ? error.message : String(error)})`);
  }
}
