import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ErrorBody, Profile, SellerName } from '@b2b/shared';
import { profiles } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { createUser, createUsers, deleteUser, type TestUser } from '../helpers/users.js';

let t: TestApp;
let ann: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [ann, bob] = await createUsers('Ann', 'Bob');
});
afterAll(async () => t.close());

const getProfile = (user: TestUser) => t.app.inject({ method: 'GET', url: '/api/profile', headers: user.headers });
const putProfile = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/profile', headers: user.headers, payload });
const lookup = (query: string, user: TestUser | null = ann) =>
  t.app.inject({ method: 'GET', url: `/api/sellers${query}`, headers: user ? user.headers : {} });

describe('GET/PUT /api/profile', () => {
  test('a profile never saved is empty, with the caller’s email', async () => {
    const user = await createUser();
    const res = await getProfile(user);
    expect(res.statusCode).toBe(200);
    expect(res.json<Profile>()).toEqual({
      email: user.email.toLowerCase(),
      displayName: '',
      photoURL: '',
      companyName: '',
      updatedAt: null,
    });
  });

  test('saves and reads back the whole profile, trimmed', async () => {
    const res = await putProfile(ann, {
      displayName: '  Ann Agent ',
      photoURL: 'https://cdn.example.com/ann.png',
      companyName: ' Ann Imports Ltd ',
    });
    expect(res.statusCode).toBe(200);
    const saved = res.json<Profile>();
    expect(saved).toMatchObject({
      email: ann.email.toLowerCase(),
      displayName: 'Ann Agent',
      photoURL: 'https://cdn.example.com/ann.png',
      companyName: 'Ann Imports Ltd',
    });
    expect(saved.updatedAt).not.toBeNull();
    expect((await getProfile(ann)).json<Profile>()).toEqual(saved);

    // Saving again replaces it (a missing field is saved empty), still one row.
    const again = await putProfile(ann, { displayName: 'Ann', photoURL: '/images/avatars/ann.svg' });
    expect(again.json<Profile>()).toMatchObject({
      displayName: 'Ann',
      photoURL: '/images/avatars/ann.svg',
      companyName: '',
    });
    const rows = await t.database.db.select().from(profiles).where(eq(profiles.uid, ann.uid));
    expect(rows).toHaveLength(1);
  });

  test.each([
    ['an http photo (the CSP loads https images only)', { photoURL: 'http://example.com/a.png' }, 'photoURL'],
    ['a protocol-relative photo', { photoURL: '//evil.example/a.png' }, 'photoURL'],
    ['a javascript: photo', { photoURL: 'javascript:alert(1)' }, 'photoURL'],
    ['a company name that is too long', { companyName: 'x'.repeat(121) }, 'companyName'],
    ['a display name that is too long', { displayName: 'x'.repeat(101) }, 'displayName'],
    ['a NUL character', { companyName: 'a\u0000b' }, 'companyName'],
    ['a number for a name', { displayName: 42 }, 'displayName'],
  ])('refuses %s with 400 and changes nothing', async (_case, payload, field) => {
    const user = await createUser();
    await putProfile(user, { companyName: 'Before' });
    const res = await putProfile(user, { displayName: 'After', ...payload });
    expect(res.statusCode).toBe(400);
    const body = res.json<ErrorBody>();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details?.map((d) => d.field)).toContain(field);
    expect((await getProfile(user)).json<Profile>().companyName).toBe('Before');
  });

  test('anonymous and forged callers get 401 before anything is written', async () => {
    const anonymous = await t.app.inject({ method: 'PUT', url: '/api/profile', payload: { companyName: 'X' } });
    expect(anonymous.statusCode).toBe(401);
    const garbage = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: { authorization: 'Bearer not-a-token' },
      payload: { companyName: 'X' },
    });
    expect(garbage.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/profile' })).statusCode).toBe(401);
  });

  test('nobody can write another user’s profile: identity in the body is ignored', async () => {
    await putProfile(bob, { companyName: 'Bob Bulk Goods', displayName: 'Bob' });
    const res = await putProfile(ann, {
      companyName: 'Mallory Co',
      uid: bob.uid,
      email: bob.email,
      userEmail: bob.email,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Profile>()).toMatchObject({ email: ann.email.toLowerCase(), companyName: 'Mallory Co' });
    // Bob's row is untouched, and Ann's write landed on Ann's row only.
    expect((await getProfile(bob)).json<Profile>()).toMatchObject({
      companyName: 'Bob Bulk Goods',
      displayName: 'Bob',
    });
    const [bobRow] = await t.database.db.select().from(profiles).where(eq(profiles.uid, bob.uid));
    expect(bobRow?.companyName).toBe('Bob Bulk Goods');
    const [annRow] = await t.database.db.select().from(profiles).where(eq(profiles.uid, ann.uid));
    expect(annRow?.email).toBe(ann.email.toLowerCase());
  });
});

describe('GET /api/sellers', () => {
  test('answers the names of the emails asked for, case-insensitively, leaving out emails without a profile', async () => {
    const [named, nameOnly, unknown] = await Promise.all([createUser(), createUser(), createUser()]);
    await putProfile(named, { companyName: 'Named Wholesale', displayName: 'Nia' });
    await putProfile(nameOnly, { displayName: 'Otto Only' });

    const res = await lookup(
      `?email=${encodeURIComponent(named.email.toUpperCase())}&email=${encodeURIComponent(nameOnly.email)}` +
        `&email=${encodeURIComponent(unknown.email)}`,
    );
    expect(res.statusCode).toBe(200);
    const names = res.json<SellerName[]>();
    expect(names).toHaveLength(2);
    expect(names).toEqual(
      expect.arrayContaining([
        { email: named.email.toLowerCase(), companyName: 'Named Wholesale', displayName: 'Nia' },
        { email: nameOnly.email.toLowerCase(), companyName: '', displayName: 'Otto Only' },
      ]),
    );
  });

  test('one email works too, and the answer holds no uid or photo', async () => {
    const user = await createUser();
    await putProfile(user, { companyName: 'Solo Traders', photoURL: 'https://cdn.example.com/solo.png' });
    const res = await lookup(`?email=${encodeURIComponent(user.email)}`, bob);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ email: user.email.toLowerCase(), companyName: 'Solo Traders', displayName: '' }]);
  });

  test('an email reused by a later account: the newest profile counts', async () => {
    const first = await createUser();
    await putProfile(first, { companyName: 'Old Owner' });
    await deleteUser(first);
    const second = await createUser({ email: first.email });
    await putProfile(second, { companyName: 'New Owner' });
    const res = await lookup(`?email=${encodeURIComponent(first.email)}`);
    expect(res.json<SellerName[]>()).toEqual([
      { email: first.email.toLowerCase(), companyName: 'New Owner', displayName: '' },
    ]);
  });

  test.each([
    ['no email', ''],
    ['an empty email', '?email='],
    ['more than 100 emails', `?${Array.from({ length: 101 }, (_, i) => `email=s${i}%40example.com`).join('&')}`],
    ['an email longer than 320 characters', `?email=${'a'.repeat(321)}`],
  ])('refuses %s with 400', async (_case, query) => {
    const res = await lookup(query);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().code).toBe('VALIDATION_ERROR');
  });

  test('100 emails are one request', async () => {
    const res = await lookup(`?${Array.from({ length: 100 }, (_, i) => `email=s${i}%40example.com`).join('&')}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  test('anonymous callers get 401', async () => {
    const res = await lookup(`?email=${encodeURIComponent(ann.email)}`, null);
    expect(res.statusCode).toBe(401);
  });
});
