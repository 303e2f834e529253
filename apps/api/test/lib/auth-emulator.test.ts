import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { authEmulator } from '@b2b/shared/testing/auth-emulator';
import { emulatorHost, TEST_PROJECT_ID } from '../helpers/env.js';

/*
 * The shared Auth Emulator client (packages/shared/src/testing-auth-emulator.ts) that the API
 * tests, the journeys, Lighthouse and the benchmarks make their users with; here because this
 * suite runs beside an emulator.
 */

const emulator = authEmulator(emulatorHost(), TEST_PROJECT_ID);
const PASSWORD = 'Secret#123';
const newEmail = () => `client-${randomUUID()}@example.com`;

test('signUp makes a signed-in account with its name and photo; signIn answers tokens for it', async () => {
  const email = newEmail();
  const photoUrl = 'https://example.com/cleo.png';
  const session = await emulator.signUp({ email, password: PASSWORD, displayName: 'Cleo Client', photoUrl });
  expect(session.email).toBe(email);
  expect(session.idToken).toMatch(/^ey/);
  // An ID token lasts an hour.
  expect(session.expiresAt).toBeGreaterThan(Date.now() + 59 * 60_000);
  expect(await emulator.account(session.uid)).toMatchObject({ email, displayName: 'Cleo Client', photoUrl });

  const again = await emulator.signIn(email, PASSWORD);
  expect(again.uid).toBe(session.uid);
  expect(again.idToken).not.toBe('');
  await expect(emulator.signIn(email, 'not the password')).rejects.toThrow(/answered 400/);
});

test('accountsByEmail finds an account until deleteSelf or deleteById removes it', async () => {
  const [mine, theirs] = await Promise.all([
    emulator.signUp({ email: newEmail(), password: PASSWORD }),
    emulator.signUp({ email: newEmail(), password: PASSWORD }),
  ]);
  expect((await emulator.accountsByEmail(mine.email)).map((account) => account.localId)).toEqual([mine.uid]);

  await emulator.deleteSelf(mine.idToken);
  await emulator.deleteById(theirs.uid);
  expect(await emulator.accountsByEmail(mine.email)).toEqual([]);
  expect(await emulator.account(theirs.uid)).toBeUndefined();
});

/** What "Forgot password?" in the web app asks for; the client has no call of its own for it. */
async function sendPasswordReset(email: string): Promise<void> {
  const sent = await fetch(`http://${emulator.host}/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=any`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ requestType: 'PASSWORD_RESET', email }),
  });
  expect(sent.status, await sent.text()).toBe(200);
}

test('oobCodes lists the codes of one kind sent to one address, whatever its case', async () => {
  const [mine, theirs] = await Promise.all([
    emulator.signUp({ email: newEmail(), password: PASSWORD }),
    emulator.signUp({ email: newEmail(), password: PASSWORD }),
  ]);
  await sendPasswordReset(mine.email);
  await sendPasswordReset(theirs.email);

  const codes = await emulator.oobCodes(mine.email.toUpperCase());
  expect(codes).toEqual([expect.objectContaining({ email: mine.email, requestType: 'PASSWORD_RESET' })]);
  expect(codes[0]?.oobLink).toContain(codes[0]?.oobCode);
  expect(await emulator.oobCodes(mine.email, 'VERIFY_EMAIL')).toEqual([]);
});

/**
 * A stand-in emulator that drops the connection of the first sign-up it gets, as the real one
 * does to a kept-alive connection it closes just as a request goes out on it; `reads` says whether
 * it made the account before dropping it. It answers what the emulator would after that.
 */
async function droppingEmulator(reads: boolean) {
  const seconds = Math.floor(Date.now() / 1000);
  const claims = Buffer.from(JSON.stringify({ iat: seconds, auth_time: seconds })).toString('base64url');
  const tokens = {
    localId: 'uid-1',
    email: 'drop@example.com',
    idToken: `e30.${claims}.`,
    refreshToken: 'r',
    expiresIn: '3600',
  };
  const calls: string[] = [];
  let made = false;
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname.split('/').pop() ?? '';
    calls.push(path);
    request.resume();
    request.on('end', () => {
      if (path === 'accounts:signUp' && calls.length === 1) {
        made = reads;
        request.socket.destroy();
        return;
      }
      const refused = path === 'accounts:signUp' && made;
      response.writeHead(refused ? 400 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(refused ? { error: { message: 'EMAIL_EXISTS' } } : tokens));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { host: `127.0.0.1:${port}`, calls, close: () => new Promise((resolve) => server.close(resolve)) };
}

test.each([
  { reads: false, calls: ['accounts:signUp', 'accounts:signUp'] },
  { reads: true, calls: ['accounts:signUp', 'accounts:signUp', 'accounts:signInWithPassword'] },
])(
  'a sign-up whose connection is closed under it is sent again; an account it made anyway is signed in (made before the drop: $reads)',
  async ({ reads, calls }) => {
    const stand = await droppingEmulator(reads);
    try {
      const session = await authEmulator(stand.host).signUp({ email: 'drop@example.com', password: PASSWORD });
      expect(session.uid).toBe('uid-1');
      expect(stand.calls).toEqual(calls);
    } finally {
      await stand.close();
    }
  },
);
