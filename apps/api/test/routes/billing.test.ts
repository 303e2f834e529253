import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BillingDetails } from '@b2b/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { companyClient } from '../helpers/companies.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * Billing details (issue 39): GET/PUT /api/billing for the caller's business, their company's
 * (kept by its admin) or their own without one; what an invoice still needs; bad input refused
 * with a reason and nothing changed. Who may call it is the seller matrix's (seller-authorization.test.ts).
 */

let t: TestApp;
let co: ReturnType<typeof companyClient>;

beforeAll(async () => {
  t = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000' } });
  co = companyClient(t);
});
afterAll(async () => t.close());

async function billing(user: TestUser, method = 'GET', payload?: unknown, status = 200): Promise<BillingDetails> {
  const res = await co.call(user, method, '/api/billing', payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<BillingDetails>();
}

const DETAILS = {
  legalName: 'রহমান ট্রেডার্স লিমিটেড (Rahman Traders Ltd.)',
  address: '12 Agrabad Commercial Area\nChattogram 4100\nBangladesh',
  taxId: 'BIN 000123456-0101',
  defaultTaxRate: 15,
  invoiceFooter: 'Pay within 30 days to Dutch-Bangla Bank, account 123.456.789.',
};

describe('billing details', () => {
  test('a business of one starts empty, saying what an invoice needs, and keeps what it saves', async () => {
    const seller = await createUser();
    const empty = await billing(seller);
    expect(empty).toEqual({
      legalName: '',
      address: '',
      taxId: '',
      defaultTaxRate: 0,
      invoiceFooter: '',
      invoicePrefix: 'INV',
      creditNotePrefix: 'CN',
      numberWithYear: true,
      companyName: null,
      missing: ['legalName', 'address'],
      updatedAt: null,
    });
    const saved = await billing(seller, 'PUT', DETAILS);
    expect(saved).toMatchObject({ ...DETAILS, companyName: null, missing: [] });
    expect(Date.parse(saved.updatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await billing(seller)).toEqual(saved);
    // Optional fields left out are emptied; the rate goes back to 0.
    const fewer = await billing(seller, 'PUT', { legalName: 'Rahman Traders Ltd.', address: 'Chattogram' });
    expect(fewer).toMatchObject({ taxId: '', defaultTaxRate: 0, invoiceFooter: '', missing: [] });
    // Someone else has their own, still empty.
    expect((await billing(await createUser())).missing).toEqual(['legalName', 'address']);
  });

  test('a company’s details are the company’s: its admin keeps them, other members may not, a leaver gets their own', async () => {
    const [admin, sales, other] = await Promise.all([createUser(), createUser(), createUser()]);
    await co.create(admin, 'Rahman Traders');
    await co.join(admin, sales, 'sales');
    await co.create(other, 'Other Traders');
    const saved = await billing(admin, 'PUT', DETAILS);
    expect(saved.companyName).toBe('Rahman Traders');
    const refused = await co.call(sales, 'PUT', '/api/billing', { ...DETAILS, legalName: 'Hijacked' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only a company admin can keep the billing details (legal name, address, tax id, tax rate).',
    });
    expect((await co.call(sales, 'GET', '/api/billing')).statusCode).toBe(403);
    // Another company's admin reads and writes only their own.
    expect((await billing(other)).legalName).toBe('');
    await billing(other, 'PUT', { legalName: 'Other Traders Ltd.', address: 'Dhaka' });
    expect((await billing(admin)).legalName).toBe(DETAILS.legalName);
    // A member who leaves keeps nothing of the company's: their own details are empty.
    expect((await co.removeMember(admin, sales.uid)).statusCode).toBe(204);
    expect(await billing(sales)).toMatchObject({ legalName: '', companyName: null });
  });

  test('bad input is refused with a reason and changes nothing', async () => {
    const seller = await createUser();
    await billing(seller, 'PUT', DETAILS);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...DETAILS, legalName: '   ' }, 'Enter the legal name.'],
      [{ ...DETAILS, address: '' }, 'Enter the billing address.'],
      [{ ...DETAILS, defaultTaxRate: 101 }, 'The default tax rate must be 100% or less.'],
      [{ ...DETAILS, defaultTaxRate: -1 }, 'The default tax rate must be 0% or more.'],
      [{ ...DETAILS, defaultTaxRate: 7.555 }, 'The default tax rate can have at most 2 decimals.'],
      [{ ...DETAILS, defaultTaxRate: '15' }, 'The default tax rate must be a number (percent).'],
      [{ ...DETAILS, taxId: 'x'.repeat(101) }, 'Must be at most 100 characters.'],
      [{ ...DETAILS, invoiceFooter: 'a\0b' }, 'Must not contain NUL characters.'],
    ];
    for (const [payload, message] of cases) {
      const res = await co.call(seller, 'PUT', '/api/billing', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await billing(seller)).toMatchObject(DETAILS);
    expect((await co.call(null, 'GET', '/api/billing')).statusCode).toBe(401);
  });
});
