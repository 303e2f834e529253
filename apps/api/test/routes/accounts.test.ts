import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Account, Invoice } from '@b2b/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { callsOf } from '../helpers/calls.js';
import { companyClient } from '../helpers/companies.js';
import { usesPostgres } from '../helpers/database.js';
import type { TestUser } from '../helpers/users.js';

/*
 * Accounts (issue 41, its first part): a seller gives a buyer company net terms and a credit
 * limit; the company's checkouts go on account while the available credit covers them, and are
 * refused (409 CREDIT_LIMIT_EXCEEDED, nothing placed) when it does not; cancelling and crediting
 * give the credit back; the invoice carries the terms and its due date. Both databases; the
 * concurrent pair on PostgreSQL.
 */

let t: TestApp;
let co: ReturnType<typeof companyClient>;
const { ok, refused, known } = callsOf(() => co);
let seller: { admin: TestUser; desk: TestUser; catalogue: TestUser };
let buying: { admin: TestUser; buyer: TestUser; colleague: TestUser };
let kettle: string;

const available = async () => (await ok<Account[]>(seller.desk, 'GET', '/api/accounts'))[0]?.available;
const placeRaw = (user: TestUser) =>
  t.api.placeRaw(user, { shipTo: { name: 'Dock', line1: '1 Road', city: 'Dhaka', country: 'Bangladesh' } });

beforeAll(async () => {
  t = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', READ_RATE_LIMIT_PER_MINUTE: '100000' } });
  co = companyClient(t);
  const [admin, desk, catalogue, buyerAdmin, buyer, colleague] = await Promise.all([
    known(),
    known(),
    known(),
    known(),
    known(),
    known(),
  ]);
  await co.create(admin, 'Account Kettles');
  await co.join(admin, desk, 'sales');
  await co.join(admin, catalogue, 'catalogue');
  await co.create(buyerAdmin, 'Account Bistro');
  await co.join(buyerAdmin, buyer, 'buyer');
  await co.join(buyerAdmin, colleague, 'buyer');
  seller = { admin, desk, catalogue };
  buying = { admin: buyerAdmin, buyer, colleague };
  kettle = await t.api.addProduct(catalogue, { name: 'Kettle', price: 10, quantity: 10_000, minSellQty: 1 });
  await ok(admin, 'PUT', '/api/billing', { legalName: 'Account Kettles Ltd.', address: 'Chattogram' });
});
afterAll(async () => t.close());

describe('accounts', () => {
  test('the desk gives a company net 30 and a limit; bad terms, other roles and itself are refused', async () => {
    const url = '/api/accounts/customers';
    expect(
      (await refused(seller.desk, 'PUT', url, 400, { email: buying.buyer.email, terms: 'net', creditLimit: 100 }))
        .message,
    ).toContain('Net terms need the days an invoice is due in.');
    expect(
      (
        await refused(seller.desk, 'PUT', url, 400, {
          email: buying.buyer.email,
          terms: 'prepaid',
          days: 30,
          creditLimit: null,
        })
      ).message,
    ).toContain('Prepaid terms have no days: leave them out.');
    expect(
      (
        await refused(seller.catalogue, 'PUT', url, 403, {
          email: buying.buyer.email,
          terms: 'net',
          days: 30,
          creditLimit: 100,
        })
      ).code,
    ).toBe('FORBIDDEN');
    expect(
      (
        await refused(seller.desk, 'PUT', url, 400, {
          email: seller.admin.email,
          terms: 'net',
          days: 30,
          creditLimit: 100,
        })
      ).message,
    ).toBe('That is your own company: an account is for your customers.');
    const account = await ok<Account>(seller.desk, 'PUT', url, {
      email: buying.buyer.email,
      terms: 'net',
      days: 30,
      creditLimit: 100,
    });
    expect(account).toMatchObject({ terms: 'net', days: 30, creditLimit: 100, balance: 0, available: 100 });
    expect(account.customer.name).toBe('Account Bistro');
    // The colleague's email names the same customer: one account for the company.
    const same = await ok<Account>(seller.desk, 'PUT', url, {
      email: buying.colleague.email,
      terms: 'net',
      days: 30,
      creditLimit: 100,
    });
    expect(same.id).toBe(account.id);
    expect(await ok<Account[]>(seller.admin, 'GET', '/api/accounts')).toHaveLength(1);
    // Any member of the buying company reads the credit it checks out on.
    expect(await ok(buying.buyer, 'GET', '/api/account-balances/credit')).toMatchObject([
      { seller: 'Account Kettles', terms: 'net', days: 30, available: 100 },
    ]);
    expect((await co.call(await known(), 'GET', `/api/accounts/${account.id}`)).statusCode).toBe(404);
  });

  test('checkouts go on account within the limit, to the cent; above it nothing is placed; cancelling gives the credit back', async () => {
    await t.api.buy(buying.buyer, kettle, 9);
    const first = await t.api.place(buying.buyer);
    expect(await available()).toBe(10);
    // The colleague's 20.00 is above the 10.00 left: refused, and their cart stays as it was.
    await t.api.buy(buying.colleague, kettle, 2);
    const over = await placeRaw(buying.colleague);
    expect(over.statusCode, over.body).toBe(409);
    expect(over.json()).toMatchObject({
      code: 'CREDIT_LIMIT_EXCEEDED',
      message:
        'Your order from Account Kettles of $20.00 is more than the $10.00 of credit left on your account with them, so nothing was ordered. Remove some of it, or ask them to raise your limit.',
      details: [
        { field: 'available', message: '10' },
        { field: 'orderTotal', message: '20' },
      ],
    });
    expect(await t.api.cart(buying.colleague)).toHaveLength(1);
    // Exactly the 10.00 left is within it.
    await t.api.removeFromCart(buying.colleague, (await t.api.cart(buying.colleague))[0]?._id ?? '');
    await t.api.buy(buying.colleague, kettle, 1);
    const exact = await t.api.place(buying.colleague);
    expect(await available()).toBe(0);
    // The buyer cancels the first order: its 90.00 of credit comes back.
    expect((await t.api.setStatus(buying.buyer, first.orders[0]?._id ?? '', 'cancelled')).statusCode).toBe(200);
    expect(await available()).toBe(90);

    // Invoiced, the order stays owed (now as the balance), due in 30 days; a credit note gives it back.
    const id = exact.orders[0]?._id ?? '';
    expect((await t.api.setStatus(seller.desk, id, 'confirmed')).statusCode).toBe(200);
    const invoice = await ok<Invoice>(seller.desk, 'POST', `/api/orders/${id}/invoice`, undefined, 201);
    const due = new Date(Date.parse(invoice.issuedAt) + 30 * 86_400_000).toISOString().slice(0, 10);
    expect(invoice.snapshot).toMatchObject({ paymentTerms: 'Net 30', dueDate: due });
    expect((await ok<Account[]>(seller.desk, 'GET', '/api/accounts'))[0]).toMatchObject({ balance: 10, available: 90 });
    await ok(seller.desk, 'POST', `/api/invoices/${invoice._id}/credit-notes`, { reason: 'Returned' }, 201);
    expect((await ok<Account[]>(seller.desk, 'GET', '/api/accounts'))[0]).toMatchObject({ balance: 0, available: 100 });
  });

  test('prepaid: the order ships once its invoice is paid', async () => {
    const buyer = await known();
    const account = await ok<Account>(seller.desk, 'PUT', '/api/accounts/customers', {
      email: buyer.email,
      terms: 'prepaid',
      creditLimit: null,
    });
    expect(account).toMatchObject({ terms: 'prepaid', days: null });
    await t.api.buy(buyer, kettle, 3);
    const id = (await t.api.place(buyer)).orders[0]?._id ?? '';
    expect((await t.api.setStatus(seller.desk, id, 'confirmed')).statusCode).toBe(200);
    const ship = () => t.api.setStatus(seller.desk, id, 'shipped');
    const early = await ship();
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      message: expect.stringMatching(/is prepaid: issue its invoice and record its payment before shipping it\.$/),
    });
    await ok<Invoice>(seller.desk, 'POST', `/api/orders/${id}/invoice`, undefined, 201);
    expect((await ship()).json()).toMatchObject({
      message: expect.stringMatching(/record the payment of its invoice/),
    });
    const today = new Date().toISOString().slice(0, 10);
    await ok(seller.desk, 'POST', `/api/accounts/${account.id}/payments`, { amount: 20, date: today }, 201);
    expect((await ship()).statusCode).toBe(409);
    await ok(seller.desk, 'POST', `/api/accounts/${account.id}/payments`, { amount: 10, date: today }, 201);
    expect((await ship()).statusCode).toBe(200);
  });

  test.runIf(usesPostgres())(
    '(PostgreSQL) two colleagues who each fit alone but not together: exactly one is placed',
    async () => {
      await ok(seller.desk, 'PUT', '/api/accounts/customers', {
        email: buying.buyer.email,
        terms: 'net',
        days: 30,
        creditLimit: 100,
      });
      expect(await available()).toBe(100);
      await t.api.buy(buying.buyer, kettle, 6);
      await t.api.buy(buying.colleague, kettle, 6);
      const answers = await Promise.all([placeRaw(buying.buyer), placeRaw(buying.colleague)]);
      expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
      expect(await available()).toBe(40);
    },
  );
});
