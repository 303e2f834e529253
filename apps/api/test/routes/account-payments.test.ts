import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Account, AccountBalance, Dashboard, Invoice, InvoicePage, Payment, Statement } from '@b2b/shared';
import { and, eq, like, sql } from 'drizzle-orm';
import { invoices, notifications } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { callsOf } from '../helpers/calls.js';
import { companyClient } from '../helpers/companies.js';
import type { TestUser } from '../helpers/users.js';

/*
 * Payments and the ledger (issue 41): a payment is allocated oldest first or to the invoices it
 * names, part payments and overpayments included (the next invoice uses the credit); a reversal
 * takes a payment back by a line of its own; the statement's running balance; the buyer's side;
 * and a property test: after 200 random events the ledger adds up to the account's balance.
 * Both databases.
 */

let t: TestApp;
let co: ReturnType<typeof companyClient>;
const { ok, known } = callsOf(() => co);
let desk: TestUser;
let admin: TestUser;
let kettle: string;

/** The buyer orders `quantity` kettles at 10.00; the desk confirms and invoices it. */
async function invoiced(buyer: TestUser, quantity: number): Promise<Invoice> {
  await t.api.buy(buyer, kettle, quantity);
  const id = (await t.api.place(buyer)).orders[0]?._id ?? '';
  expect((await t.api.setStatus(desk, id, 'confirmed')).statusCode).toBe(200);
  return ok<Invoice>(desk, 'POST', `/api/orders/${id}/invoice`, undefined, 201);
}
async function account(buyer: TestUser): Promise<Account> {
  return ok<Account>(desk, 'PUT', '/api/accounts/customers', {
    email: buyer.email,
    terms: 'net',
    days: 14,
    creditLimit: null,
  });
}
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  t = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', READ_RATE_LIMIT_PER_MINUTE: '100000' } });
  co = companyClient(t);
  [admin, desk] = await Promise.all([known(), known()]);
  await co.create(admin, 'Ledger Kettles');
  await co.join(admin, desk, 'sales');
  await ok(admin, 'PUT', '/api/billing', { legalName: 'Ledger Kettles Ltd.', address: 'Chattogram' });
  kettle = await t.api.addProduct(admin, { name: 'Kettle', price: 10, quantity: 1_000_000, minSellQty: 1 });
});
afterAll(async () => t.close());

describe('payments', () => {
  test('oldest first, part payments, an overpayment the next invoice uses, and a reversal', async () => {
    const buyer = await known();
    const { id } = await account(buyer);
    const a = await invoiced(buyer, 3); // 30.00, due in 14 days
    const b = await invoiced(buyer, 5); // 50.00
    const pay = (body: object, status = 201) => ok<Payment>(desk, 'POST', `/api/accounts/${id}/payments`, body, status);

    const first = await pay({ amount: 45, date: today(), reference: 'BANK-1' });
    expect(first.allocations.map((x) => [x.number, x.amount])).toEqual([
      [a.number, 30],
      [b.number, 15],
    ]);
    expect(first.unapplied).toBe(0);
    // The invoices say where they stand: the first paid, the second part paid, due in 14 days.
    const listed = (await ok<InvoicePage>(desk, 'GET', '/api/invoices?side=seller')).items;
    expect(listed.find((x) => x.number === a.number)).toMatchObject({ paymentStatus: 'paid', paid: 30 });
    expect(listed.find((x) => x.number === b.number)).toMatchObject({
      paymentStatus: 'partially_paid',
      paid: 15,
      dueDate: new Date(Date.parse(b.issuedAt) + 14 * 86_400_000).toISOString().slice(0, 10),
    });
    const mine = await ok<AccountBalance[]>(buyer, 'GET', '/api/account-balances');
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ seller: 'Ledger Kettles', terms: 'net', days: 14, balance: 35, overdue: 0 });
    expect(mine[0]?.openInvoices.map((x) => [x.number, x.left, x.status])).toEqual([[b.number, 35, 'partially_paid']]);

    // 50.00 against the 35.00 left: 15.00 stays unapplied, and the next invoice takes it.
    const second = await pay({ amount: 50, date: today(), reference: 'BANK-2', invoiceIds: [b._id] });
    expect(second).toMatchObject({ unapplied: 15, allocations: [{ number: b.number, amount: 35 }] });
    expect((await ok<Account>(desk, 'GET', `/api/accounts/${id}`)).balance).toBe(-15);
    const c = await invoiced(buyer, 2); // 20.00, 15.00 of it paid by the credit
    const balances = await ok<AccountBalance[]>(buyer, 'GET', '/api/account-balances');
    expect(balances[0]?.openInvoices.map((x) => [x.number, x.left])).toEqual([[c.number, 5]]);
    expect(balances[0]?.balance).toBe(5);

    // The order desk may not reverse; the admin may, once; the allocations come back.
    expect(
      (await co.call(desk, 'POST', `/api/accounts/${id}/payments/${first.id}/reverse`, { reason: 'Bounced' }))
        .statusCode,
    ).toBe(403);
    const reversal = await ok<Payment>(
      admin,
      'POST',
      `/api/accounts/${id}/payments/${first.id}/reverse`,
      { reason: 'Bounced' },
      201,
    );
    expect(reversal).toMatchObject({ amount: -45, reverses: first.id });
    expect(
      (await co.call(admin, 'POST', `/api/accounts/${id}/payments/${first.id}/reverse`, { reason: 'Again' }))
        .statusCode,
    ).toBe(409);
    expect((await ok<Account>(desk, 'GET', `/api/accounts/${id}`)).balance).toBe(50);

    const statement = await ok<Statement>(desk, 'GET', `/api/accounts/${id}/statement`);
    expect(statement.lines.map((line) => [line.kind, line.debit, line.credit, line.balance])).toEqual([
      ['invoice', 30, 0, 30],
      ['invoice', 50, 0, 80],
      ['payment', 0, 45, 35],
      ['payment', 0, 50, -15],
      ['invoice', 20, 0, 5],
      ['reversal', 45, 0, 50],
    ]);
    expect(statement).toMatchObject({ opening: 0, closing: 50, customer: buyer.displayName });
    // The buyer reads the same statement.
    const theirs = await ok<Statement>(buyer, 'GET', `/api/account-balances/${balances[0]?.sellerId}/statement`);
    expect(theirs.lines).toEqual(statement.lines);
    // Bad input changes nothing.
    expect(
      (await co.call(desk, 'POST', `/api/accounts/${id}/payments`, { amount: -5, date: today() })).statusCode,
    ).toBe(400);
    expect(
      (
        await co.call(desk, 'POST', `/api/accounts/${id}/payments`, {
          amount: 5,
          date: today(),
          invoiceIds: [a.orderId],
        })
      ).statusCode,
    ).toBe(400);
    expect((await ok<Account>(desk, 'GET', `/api/accounts/${id}`)).balance).toBe(50);
  });

  test('a credit note on a paid invoice gives the payment back for the next invoice; an invoice named twice is refused', async () => {
    const buyer = await known();
    const { id } = await account(buyer);
    const first = await invoiced(buyer, 3); // 30.00
    expect(
      (
        await co.call(desk, 'POST', `/api/accounts/${id}/payments`, {
          amount: 30,
          date: today(),
          invoiceIds: [first._id, first._id],
        })
      ).statusCode,
    ).toBe(400);
    await ok(desk, 'POST', `/api/accounts/${id}/payments`, { amount: 30, date: today() }, 201);
    await ok(
      desk,
      'POST',
      `/api/invoices/${first._id}/credit-notes`,
      { lines: [{ productId: kettle, quantity: 1 }], reason: 'Returned' },
      201,
    );
    // 10.00 of the payment is free again: the account is in credit, and the next invoice takes it.
    expect((await ok<Account>(desk, 'GET', `/api/accounts/${id}`)).balance).toBe(-10);
    expect((await ok<AccountBalance[]>(buyer, 'GET', '/api/account-balances'))[0]?.openInvoices).toEqual([]);
    const second = await invoiced(buyer, 2); // 20.00, 10.00 of it paid by the credit
    const [mine] = await ok<AccountBalance[]>(buyer, 'GET', '/api/account-balances');
    expect(mine?.openInvoices.map((x) => [x.number, x.left])).toEqual([[second.number, 10]]);
    expect(mine?.balance).toBe(10);
  });

  test('a statement between two days opens with the balance before the first and closes with the last line’s', async () => {
    const buyer = await known();
    const { id } = await account(buyer);
    await invoiced(buyer, 10); // 100.00, today
    for (const [amount, date] of [
      [10, '2026-01-05'],
      [20, '2026-02-10'],
      [30, '2026-03-15'],
    ] as const) {
      await ok(desk, 'POST', `/api/accounts/${id}/payments`, { amount, date, reference: `P-${date}` }, 201);
    }
    const february = await ok<Statement>(desk, 'GET', `/api/accounts/${id}/statement?from=2026-02-01&to=2026-02-28`);
    expect(february).toMatchObject({ from: '2026-02-01', to: '2026-02-28', opening: -10, closing: -30 });
    expect(february.lines.map((line) => [line.date, line.number, line.credit, line.balance])).toEqual([
      ['2026-02-10', 'P-2026-02-10', 20, -30],
    ]);
    const whole = await ok<Statement>(desk, 'GET', `/api/accounts/${id}/statement`);
    expect(whole.closing).toBe(40);
    expect((await co.call(desk, 'GET', `/api/accounts/${id}/statement?from=February`)).statusCode).toBe(400);
  });

  test('a company’s plain buyer may not read its accounts; another seller’s account is not there', async () => {
    const [owner, member] = await Promise.all([known(), known()]);
    await co.create(owner, `Ledger Bistro ${Date.now()}`);
    await co.join(owner, member, 'buyer');
    const { id } = await account(member);
    expect((await co.call(member, 'GET', '/api/account-balances')).statusCode).toBe(403);
    expect(await ok<AccountBalance[]>(owner, 'GET', '/api/account-balances')).toHaveLength(1);
    const other = await known();
    for (const url of [`/api/accounts/${id}`, `/api/accounts/${id}/statement`]) {
      expect((await co.call(other, 'GET', url)).statusCode).toBe(404);
    }
    expect(
      (await co.call(other, 'POST', `/api/accounts/${id}/payments`, { amount: 5, date: today() })).statusCode,
    ).toBe(404);
  });

  test('after 200 random events the ledger adds up: each running balance, the closing one and the account’s balance', async () => {
    const buyer = await known();
    const { id } = await account(buyer);
    // A fixed seed: the same events every run (mulberry32).
    let seed = 0x5eed;
    const random = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const issued: Invoice[] = [];
    const paid: Payment[] = [];
    for (let event = 0; event < 200; event++) {
      const roll = random();
      if (roll < 0.35 || issued.length === 0) {
        issued.push(await invoiced(buyer, 1 + Math.floor(random() * 9)));
      } else if (roll < 0.75) {
        const amount = Math.round(random() * 9000) / 100 + 0.01;
        paid.push(await ok<Payment>(desk, 'POST', `/api/accounts/${id}/payments`, { amount, date: today() }, 201));
      } else if (roll < 0.9) {
        const invoice = issued[Math.floor(random() * issued.length)] as Invoice;
        const res = await co.call(desk, 'POST', `/api/invoices/${invoice._id}/credit-notes`, {
          lines: [{ productId: kettle, quantity: 1 }],
          reason: 'Returned',
        });
        expect([201, 409]).toContain(res.statusCode);
      } else if (paid.length > 0) {
        const payment = paid.splice(Math.floor(random() * paid.length), 1)[0] as Payment;
        await ok(admin, 'POST', `/api/accounts/${id}/payments/${payment.id}/reverse`, { reason: 'Mistake' }, 201);
      }
    }
    const statement = await ok<Statement>(desk, 'GET', `/api/accounts/${id}/statement`);
    let cents = 0;
    for (const line of statement.lines) {
      cents += Math.round(line.debit * 100) - Math.round(line.credit * 100);
      expect(Math.round(line.balance * 100)).toBe(cents);
    }
    expect(Math.round(statement.closing * 100)).toBe(cents);
    expect((await ok<Account>(desk, 'GET', `/api/accounts/${id}`)).balance).toBe(statement.closing);
    // No invoice was paid beyond what was left of it: every open one still has something left.
    const [balance] = await ok<AccountBalance[]>(buyer, 'GET', '/api/account-balances');
    for (const invoice of balance?.openInvoices ?? []) expect(invoice.left).toBeGreaterThan(0);
  }, 120_000);
});

describe('reminders', () => {
  const sent = async (uid: string, kind: string) =>
    t.database.db
      .select({ title: notifications.title, body: notifications.body })
      .from(notifications)
      .where(and(eq(notifications.userUid, uid), eq(notifications.kind, kind as 'payment_due')));

  test('3 days before an invoice is due and once it is overdue, the customer hears of it once, however often the sweep runs', async () => {
    const buyer = await known();
    const { id } = await ok<Account>(desk, 'PUT', '/api/accounts/customers', {
      email: buyer.email,
      terms: 'net',
      days: 2,
      creditLimit: null,
    });
    const invoice = await invoiced(buyer, 4); // 40.00, due in 2 days
    // Two sweeps at once (as two API processes would run them), then another: one reminder.
    await Promise.all([t.app.paymentReminders.sweep(), t.app.paymentReminders.sweep()]);
    await t.app.paymentReminders.sweep();
    const due = await sent(buyer.uid, 'payment_due');
    expect(due).toHaveLength(1);
    expect(due[0]?.title).toMatch(new RegExp(`^Invoice ${invoice.number} is due on `));
    expect(due[0]?.body).toContain('$40.00 of invoice');
    // A part payment, then the due date passes: the rest is overdue, said once.
    await ok(desk, 'POST', `/api/accounts/${id}/payments`, { amount: 15, date: today() }, 201);
    await t.database.db
      .update(invoices)
      .set({ dueDate: sql`current_date - 1` })
      .where(eq(invoices.id, invoice._id));
    await Promise.all([t.app.paymentReminders.sweep(), t.app.paymentReminders.sweep()]);
    await t.app.paymentReminders.sweep();
    const overdue = await sent(buyer.uid, 'payment_overdue');
    expect(overdue).toHaveLength(1);
    expect(overdue[0]).toMatchObject({ title: `Invoice ${invoice.number} is overdue` });
    expect(overdue[0]?.body).toContain('$25.00 of invoice');
    const [balance] = await ok<AccountBalance[]>(buyer, 'GET', '/api/account-balances');
    expect(balance).toMatchObject({ overdue: 25 });
    expect(balance?.openInvoices[0]?.status).toBe('overdue');
  });

  test('a customer passing 90% of their limit: the order desk hears of it once per limit', async () => {
    const buyer = await known();
    await ok(desk, 'PUT', '/api/accounts/customers', { email: buyer.email, terms: 'net', days: 30, creditLimit: 100 });
    await t.api.buy(buyer, kettle, 8); // 80.00: below 90%
    await t.api.place(buyer);
    const warnings = () =>
      t.database.db
        .select({ title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.userUid, desk.uid), like(notifications.key, 'credit_limit_near:%')));
    expect(await warnings()).toHaveLength(0);
    await t.api.buy(buyer, kettle, 1); // 90.00: at 90%
    await t.api.place(buyer);
    await t.api.buy(buyer, kettle, 1); // 100.00: still the same limit
    await t.api.place(buyer);
    const said = await warnings();
    expect(said).toHaveLength(1);
    expect(said[0]?.title).toMatch(/has used 90% of their credit$/);
  });
});

test('the seller’s dashboard shows receivables and what of them is overdue', async () => {
  const seller = await known();
  await ok(seller, 'PUT', '/api/billing', { legalName: 'Dash Kettles Ltd.', address: 'Dhaka' });
  const pot = await t.api.addProduct(seller, { name: 'Pot', price: 15, quantity: 100, minSellQty: 1 });
  const buyer = await known();
  await ok(seller, 'PUT', '/api/accounts/customers', { email: buyer.email, terms: 'net', days: 30, creditLimit: null });
  const ids: string[] = [];
  for (const quantity of [2, 4]) {
    await t.api.buy(buyer, pot, quantity);
    const id = (await t.api.place(buyer)).orders[0]?._id ?? '';
    expect((await t.api.setStatus(seller, id, 'confirmed')).statusCode).toBe(200);
    ids.push((await ok<Invoice>(seller, 'POST', `/api/orders/${id}/invoice`, undefined, 201))._id);
  }
  const receivables = async () => (await ok<Dashboard>(seller, 'GET', '/api/dashboard')).receivables;
  expect(await receivables()).toEqual({ owed: 90, overdue: 0 });
  await t.database.db
    .update(invoices)
    .set({ dueDate: sql`current_date - 1` })
    .where(eq(invoices.id, ids[0] ?? ''));
  expect(await receivables()).toEqual({ owed: 90, overdue: 30 });
});
