import { spawn } from 'node:child_process';

/*
 * `tsx scripts/parallel.ts typecheck lint`: runs these npm scripts side by side (both cores busy
 * instead of one after the other), each one's output printed whole when it ends, so nothing
 * interleaves. Exits non-zero when any of them failed, after all have ended.
 */

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: tsx scripts/parallel.ts <npm script> [<npm script> …]');
  process.exit(2);
}

function run(name: string): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`── npm run ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
      if (text) console.log(text);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(names.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
