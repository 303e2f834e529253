import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_PROJECT_ID } from '@b2b/shared';
import { repoRoot } from './env-file.js';

/*
 * The Auth Emulator's accounts in a backup (npm run backup / restore): a JSON file beside the
 * database's dump, `<time>-<reason>.auth.json`, with what the emulator's own export holds
 * (`auth_export/accounts.json` and `config.json`). Taken from the running emulator through its
 * REST API (the same two requests its export makes), or from the saved export in `.data/auth`
 * when nothing runs; put back as that saved export, which the emulator imports when it starts.
 */

export interface AccountsBackup {
  format: 'b2b-auth-accounts/1';
  projectId: string;
  /** The emulator's accounts:batchGet answer (`{kind, users}`), as in auth_export/accounts.json. */
  accounts: { kind?: string; users?: { localId?: string }[] };
  /** The emulator's project config, as in auth_export/config.json. */
  config: unknown;
}

export const accountsFileFor = (dumpFile: string) => dumpFile.replace(/\.tar\.gz$/, '.auth.json');

export const accountCount = (backup: AccountsBackup) => backup.accounts.users?.length ?? 0;

/** The accounts of the emulator at `host` right now. */
export async function exportAccounts(host: string, projectId = DEMO_PROJECT_ID): Promise<AccountsBackup> {
  const get = async (path: string) => {
    const res = await fetch(`http://${host}${path}`, { headers: { authorization: 'Bearer owner' } });
    if (!res.ok) throw new Error(`The Auth Emulator at ${host} answered ${res.status} to ${path}`);
    return res.json() as Promise<unknown>;
  };
  const accounts = (await get(
    `/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`,
  )) as AccountsBackup['accounts'];
  const config = await get(`/emulator/v1/projects/${projectId}/config`);
  return { format: 'b2b-auth-accounts/1', projectId, accounts, config };
}

/** The accounts saved in an emulator data folder (`.data/auth`), or null when it holds none. */
export function savedAccounts(authDir: string, projectId = DEMO_PROJECT_ID): AccountsBackup | null {
  const file = join(authDir, 'auth_export', 'accounts.json');
  if (!existsSync(file)) return null;
  const configFile = join(authDir, 'auth_export', 'config.json');
  return {
    format: 'b2b-auth-accounts/1',
    projectId,
    accounts: JSON.parse(readFileSync(file, 'utf8')) as AccountsBackup['accounts'],
    config: existsSync(configFile) ? (JSON.parse(readFileSync(configFile, 'utf8')) as unknown) : {},
  };
}

export function readAccountsBackup(file: string): AccountsBackup {
  const backup = JSON.parse(readFileSync(file, 'utf8')) as AccountsBackup;
  if (backup.format !== 'b2b-auth-accounts/1') throw new Error(`${file} is not an accounts backup.`);
  return backup;
}

export function writeAccountsBackup(file: string, backup: AccountsBackup): void {
  const draft = `${file}.partial-${process.pid}`;
  writeFileSync(draft, `${JSON.stringify(backup)}\n`, { mode: 0o600 });
  renameSync(draft, file);
}

/**
 * Makes `authDir` the emulator export of `backup`: written beside it and swapped in, so the old
 * accounts stay until the new ones are complete.
 */
export function restoreAccounts(authDir: string, backup: AccountsBackup): void {
  const version = (
    JSON.parse(readFileSync(join(repoRoot, 'node_modules/firebase-tools/package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
  const staging = `${authDir}.restoring-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(join(staging, 'auth_export'), { recursive: true });
  writeFileSync(join(staging, 'auth_export', 'accounts.json'), JSON.stringify(backup.accounts));
  writeFileSync(join(staging, 'auth_export', 'config.json'), JSON.stringify(backup.config));
  writeFileSync(
    join(staging, 'firebase-export-metadata.json'),
    JSON.stringify({ version, auth: { version, path: 'auth_export' } }, null, 2),
  );
  const old = `${authDir}.replaced-${process.pid}`;
  if (existsSync(authDir)) renameSync(authDir, old);
  renameSync(staging, authDir);
  rmSync(old, { recursive: true, force: true });
}
