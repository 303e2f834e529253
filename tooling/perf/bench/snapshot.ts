import { execFileSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * `--ref <commit>`: measure committed code, not whatever the work tree holds at the moment. The
 * commit's files are exported to a temporary folder (git archive) that borrows this checkout's
 * installed packages, except the workspace packages (@b2b/*), which point into the export, and
 * the bench runs again from there. A commit whose lockfile differs from this checkout's installs
 * its own packages instead (npm ci in the export).
 */

export interface Snapshot {
  dir: string;
  commit: string;
}

export function exportSnapshot(repoRoot: string, ref: string): Snapshot {
  const commit = execFileSync('git', ['rev-parse', '--short', `${ref}^{commit}`], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).trim();
  const dir = mkdtempSync(join(tmpdir(), `bench-${commit}-`));
  execSync(`git archive --format=tar ${commit} | tar -x -C ${JSON.stringify(dir)}`, { cwd: repoRoot });
  const lockfile = (root: string) => readFileSync(join(root, 'package-lock.json'), 'utf8');
  if (lockfile(dir) !== lockfile(repoRoot)) {
    // The commit installed other packages than this checkout (one since added or removed): it
    // gets its own, from its lockfile (the registry is needed), and its workspace links with them.
    execSync('npm ci --no-audit --no-fund', { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
    return { dir, commit };
  }
  const modules = join(repoRoot, 'node_modules');
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  for (const entry of readdirSync(modules)) {
    if (entry === '@b2b') {
      mkdirSync(join(dir, 'node_modules/@b2b'));
      // Workspace links are relative (../../packages/shared): the same link finds the exported copy.
      for (const pkg of readdirSync(join(modules, '@b2b'))) {
        symlinkSync(readlinkSync(join(modules, '@b2b', pkg)), join(dir, 'node_modules/@b2b', pkg));
      }
    } else {
      symlinkSync(join(modules, entry), join(dir, 'node_modules', entry));
    }
  }
  // Packages some workspaces install beside themselves.
  for (const workspace of ['apps/api', 'apps/web', 'packages/shared', 'tooling/perf']) {
    const local = join(repoRoot, workspace, 'node_modules');
    if (!existsSync(local) || !existsSync(join(dir, workspace))) continue;
    mkdirSync(join(dir, workspace, 'node_modules'), { recursive: true });
    for (const entry of readdirSync(local)) {
      symlinkSync(join(local, entry), join(dir, workspace, 'node_modules', entry));
    }
  }
  return { dir, commit };
}
