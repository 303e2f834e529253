import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Notification, Order, Quote, QuoteAcceptResult, QuotePage, QuoteRequestResult } from '@b2b/shared';
import { queryRows } from '../../src/db/client.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { callsOf } from '../helpers/calls.js';
import { companyClient } from '../helpers/companies.js';
import { usesPostgres } from '../helpers/database.js';
import type { TestUser } from '../helpers/users.js';

/*
 * Requests for quote (issue 40), on both databases: every transition of QUOTE_TRANSITIONS with
 * its status code and every refusal; acceptance placing an order at the offered prices through
 * checkout (stock taken, approvals, the company's orders), whatever the list price, tiers and
 * contracts do meanwhile; the sweep's expiry and warning; requests from the cart and from a list.
 * The race of two accepts on PostgreSQL, where transactions really run at once.
 */

let t: TestApp;
let co: ReturnType<typeof companyClient>;
const { ok, refused, known } = callsOf(() => co);
let seller: { admin: TestUser; desk: TestUser; catalogue: TestUser };
let hotel: { admin: TestUser; buyer: TestUser; approver: TestUser; chef: TestUser; keeper: TestUser };
let outsider: TestUser;
let solo: TestUser;
let pan: string;
let towel: string;
let soap: string;

const shipTo = { name: 'New site', line1: '1 Harbour Road', city: 'Chattogram', country: 'Bangladesh' };
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function ask(user: TestUser, lines: { productId: string; quantity: number; targetPrice?: number }[]) {
  return (await ok<QuoteRequestResult>(user, 'POST', '/api/quotes', { lines, message: 'For the new site' }, 201))
    .quotes;
}
async function askPans(user = hotel.buyer, quantity = 400): Promise<string> {
  const [quote] = await ask(user, [{ productId: pan, quantity, targetPrice: 15 }]);
  if (!quote) throw new Error('no quote');
  return quote._id;
}
const offerPans = (id: string, unitPrice: number, quantity = 400, validUntil = inDays(14)) =>
  ok<Quote>(seller.desk, 'POST', `/api/quotes/${id}/offer`, {
    lines: [{ productId: pan, quantity, unitPrice }],
    validUntil,
    message: 'Our best price',
  });
const accept = (user: TestUser, id: string, key?: string, version?: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/quotes/${id}/accept`,
    headers: { ...user.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { shipTo, poNumber: 'PO-77', ...(version === undefined ? {} : { version }) },
  });
const kinds = async (user: TestUser) =>
  (await ok<Notification[]>(user, 'GET', '/api/notifications?limit=50')).map((n) => n.kind);
const countOf = async (query: SQL) => (await queryRows<{ n: number }>(t.database.db, query))[0]?.n;
const orderCount = () => countOf(sql`select count(*)::int as n from orders`);

beforeAll(async () => {
  t = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', READ_RATE_LIMIT_PER_MINUTE: '100000' } });
  co = companyClient(t);
  const users = await Promise.all(Array.from({ length: 10 }, () => known()));
  const [admin, desk, catalogue, hotelAdmin, buyer, approver, chef, keeper, other, alone] = users as TestUser[] &
    [TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser, TestUser];
  await co.create(admin, 'Quote Pans');
  await co.join(admin, desk, 'sales');
  await co.join(admin, catalogue, 'catalogue');
  await co.create(hotelAdmin, 'Harbour Hotels');
  await co.join(hotelAdmin, buyer, 'buyer', 10_000);
  await co.join(hotelAdmin, approver, 'approver');
  await co.join(hotelAdmin, chef, 'buyer', 500);
  await co.join(hotelAdmin, keeper, 'catalogue');
  seller = { admin, desk, catalogue };
  hotel = { admin: hotelAdmin, buyer, approver, chef, keeper };
  outsider = other;
  solo = alone;
  pan = await t.api.addProduct(catalogue, {
    name: 'Saucepan 24 cm',
    sku: 'PAN-24',
    price: 20,
    quantity: 5_000,
    minSellQty: 10,
    packSize: 10,
    priceTiers: [{ minQty: 200, price: 18 }],
  });
  towel = await t.api.addProduct(catalogue, { name: 'Bath towel', price: 5, quantity: 10_000, minSellQty: 1 });
  soap = await t.api.addProduct(solo, { name: 'Hotel soap', price: 1, quantity: 10_000, minSellQty: 1 });
});
afterAll(async () => t.close());

describe('requests', () => {
  test('a request for two sellers is one quote each, priced from the buyer’s own price; only the parties see it', async () => {
    const quotes = await ask(hotel.buyer, [
      { productId: pan, quantity: 400, targetPrice: 15 },
      { productId: towel, quantity: 2_000 },
      { productId: soap, quantity: 500, targetPrice: 0.8 },
    ]);
    expect(quotes.map((q) => [q.status, q.lineCount, q.seller.name]).sort()).toEqual(
      [
        ['requested', 2, 'Quote Pans'],
        ['requested', 1, null],
      ].sort(),
    );
    expect(new Set(quotes.map((q) => q.requestId)).size).toBe(1);
    const pans = quotes.find((q) => q.seller.name === 'Quote Pans');
    if (!pans) throw new Error('no quote of Quote Pans');
    const quote = await ok<Quote>(seller.desk, 'GET', `/api/quotes/${pans._id}`);
    expect(quote).toMatchObject({ side: 'seller', moves: ['offered', 'withdrawn'], companyName: 'Harbour Hotels' });
    // 400 pans reach the 200-tier: the buyer's own price is 18.00, their target 15.00.
    expect(quote.lines.map((l) => [l.name, l.quantity, l.targetPrice, l.listPrice, l.yourPrice])).toEqual([
      ['Saucepan 24 cm', 400, 15, 20, 18],
      ['Bath towel', 2000, null, 5, 5],
    ]);
    expect(quote.thread).toMatchObject([{ kind: 'request', side: 'buyer', text: 'For the new site' }]);
    // The buyer's side: the buyer and the company's approvers and admins; nobody else sees it.
    expect((await ok<Quote>(hotel.approver, 'GET', `/api/quotes/${pans._id}`)).moves).toEqual(['declined']);
    for (const user of [outsider, hotel.chef, hotel.keeper, seller.catalogue, solo]) {
      expect((await co.call(user, 'GET', `/api/quotes/${pans._id}`)).statusCode).toBe(404);
    }
    const company = await ok<QuotePage>(hotel.admin, 'GET', '/api/quotes?side=buyer');
    expect(company.items.map((q) => q._id)).toEqual(expect.arrayContaining(quotes.map((q) => q._id)));
    expect((await ok<QuotePage>(hotel.chef, 'GET', '/api/quotes')).items).toEqual([]);
    const desk = await ok<QuotePage>(seller.desk, 'GET', '/api/quotes?side=seller&status=requested');
    expect(desk.items.map((q) => q._id)).toContain(pans._id);
    expect((await refused(seller.catalogue, 'GET', '/api/quotes?side=seller', 403)).code).toBe('FORBIDDEN');
    // The seller's admins and order desk hear of it; the catalogue manager does not.
    expect(await kinds(seller.desk)).toContain('quote_requested');
    expect(await kinds(seller.admin)).toContain('quote_requested');
    expect(await kinds(seller.catalogue)).not.toContain('quote_requested');
    expect(await kinds(solo)).toContain('quote_requested');
  });

  test('refusals: a role that may not ask, a quantity off the rules, the caller’s own product, an unknown product', async () => {
    const line = { productId: pan, quantity: 400 };
    expect((await refused(hotel.keeper, 'POST', '/api/quotes', 403, { lines: [line] })).code).toBe('FORBIDDEN');
    const pack = await refused(hotel.buyer, 'POST', '/api/quotes', 422, { lines: [{ productId: pan, quantity: 45 }] });
    expect(pack).toMatchObject({ code: 'QUANTITY_NOT_MULTIPLE', details: [{ field: pan }] });
    expect(pack.message).toContain('Saucepan 24 cm');
    const own = await refused(seller.admin, 'POST', '/api/quotes', 400, { lines: [line] });
    expect(own.message).toContain('Saucepan 24 cm is your own product');
    const unknown = { lines: [{ productId: randomUUID(), quantity: 1 }] };
    expect((await refused(hotel.buyer, 'POST', '/api/quotes', 404, unknown)).code).toBe('NOT_FOUND');
    expect((await refused(hotel.buyer, 'POST', '/api/quotes', 400, { lines: [line, line] })).code).toBe(
      'VALIDATION_ERROR',
    );
  });

  test('from the cart: its lines move into the request with their targets, the cart empties and the stock returns', async () => {
    const before = await t.api.stockOf(towel);
    await t.api.buy(hotel.buyer, towel, 30);
    await t.api.buy(hotel.buyer, towel, 20);
    await t.api.buy(hotel.buyer, pan, 200);
    expect(await t.api.stockOf(towel)).toBe(before - 50);
    const { quotes } = await ok<QuoteRequestResult>(
      hotel.buyer,
      'POST',
      '/api/quotes/from-cart',
      { targets: [{ productId: towel, targetPrice: 4 }], message: 'Towels for 80 rooms' },
      201,
    );
    expect(quotes).toHaveLength(1);
    const quote = await ok<Quote>(hotel.buyer, 'GET', `/api/quotes/${quotes[0]?._id}`);
    expect(quote.lines.map((l) => [l.name, l.quantity, l.targetPrice])).toEqual([
      ['Bath towel', 50, 4],
      ['Saucepan 24 cm', 200, null],
    ]);
    expect(await t.api.cart(hotel.buyer)).toEqual([]);
    expect(await t.api.stockOf(towel)).toBe(before);
    const empty = await refused(hotel.buyer, 'POST', '/api/quotes/from-cart', 409, {});
    expect(empty.code).toBe('EMPTY_CART');
  });

  test('from a saved list: at the list’s quantities, the list kept; another’s list is 404', async () => {
    const list = await ok<{ _id: string }>(hotel.buyer, 'POST', '/api/lists', { name: 'Kitchen' }, 201);
    await ok(hotel.buyer, 'PUT', `/api/lists/${list._id}/lines/${pan}`, { quantity: 60 });
    const { quotes } = await ok<QuoteRequestResult>(hotel.buyer, 'POST', `/api/quotes/from-list/${list._id}`, {}, 201);
    const quote = await ok<Quote>(hotel.buyer, 'GET', `/api/quotes/${quotes[0]?._id}`);
    expect(quote.lines.map((l) => [l.productId, l.quantity])).toEqual([[pan, 60]]);
    expect((await ok<{ lineCount: number }>(hotel.buyer, 'GET', `/api/lists/${list._id}`)).lineCount).toBe(1);
    expect((await co.call(outsider, 'POST', `/api/quotes/from-list/${list._id}`, {})).statusCode).toBe(404);
  });

  test('a retried request with the same Idempotency-Key asks once', async () => {
    const key = randomUUID();
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/quotes',
        headers: { ...hotel.buyer.headers, 'idempotency-key': key },
        payload: { lines: [{ productId: towel, quantity: 7 }] },
      });
    const [first, retry] = [await send(), await send()];
    expect(first.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    const mine = await ok<QuotePage>(hotel.buyer, 'GET', '/api/quotes?limit=50');
    expect(mine.items.filter((q) => q._id === first.json<QuoteRequestResult>().quotes[0]?._id)).toHaveLength(1);
  });
});

describe('negotiation', () => {
  test('offer, revision, a second offer, acceptance: the order carries the second offer’s prices, whatever the list does', async () => {
    const id = await askPans();
    // The buyer's side cannot offer; the seller's cannot accept or revise.
    expect(
      (
        await refused(hotel.buyer, 'POST', `/api/quotes/${id}/offer`, 403, {
          lines: [{ productId: pan, quantity: 400, unitPrice: 1 }],
          validUntil: inDays(3),
        })
      ).code,
    ).toBe('FORBIDDEN');
    expect((await accept(seller.desk, id)).statusCode).toBe(403);
    const first = await offerPans(id, 17);
    expect(first).toMatchObject({ status: 'offered', version: 1, offerNet: 6800 });
    expect(first.moves).toEqual(['offered', 'withdrawn']);
    expect((await ok<Quote>(hotel.buyer, 'GET', `/api/quotes/${id}`)).moves).toEqual([
      'revision_requested',
      'accepted',
      'declined',
    ]);
    expect((await refused(seller.desk, 'POST', `/api/quotes/${id}/revision`, 403, { message: 'x' })).code).toBe(
      'FORBIDDEN',
    );
    expect((await refused(hotel.buyer, 'POST', `/api/quotes/${id}/revision`, 400, { message: '' })).code).toBe(
      'VALIDATION_ERROR',
    );
    const revision = await ok<Quote>(hotel.buyer, 'POST', `/api/quotes/${id}/revision`, {
      message: '16.00 and we order today',
    });
    expect(revision.status).toBe('revision_requested');
    expect((await accept(hotel.buyer, id)).json()).toMatchObject({ code: 'INVALID_TRANSITION' });
    // An offer's lines must be the quote's, within the rules.
    const bad = await refused(seller.desk, 'POST', `/api/quotes/${id}/offer`, 400, {
      lines: [{ productId: pan, quantity: 405, unitPrice: 16 }],
      validUntil: inDays(7),
    });
    expect(bad.message).toContain('Saucepan 24 cm');
    expect(
      (
        await refused(seller.desk, 'POST', `/api/quotes/${id}/offer`, 400, {
          lines: [{ productId: pan, quantity: 400, unitPrice: 16 }],
          validUntil: inDays(-1),
        })
      ).details,
    ).toEqual([{ field: 'validUntil', message: 'Choose a day from today to 180 days ahead.' }]);
    const second = await offerPans(id, 16.35, 500);
    // The buyer who read version 1 and accepts it now is told of version 2 instead of ordering it unseen.
    expect((await accept(hotel.buyer, id, undefined, 1)).json()).toMatchObject({ code: 'QUOTE_CHANGED' });
    expect(second).toMatchObject({ version: 2, offerNet: 8175 });
    expect(second.versions.map((v) => [v.version, v.lines[0]?.unitPrice, v.lines[0]?.quantity])).toEqual([
      [1, 17, 400],
      [2, 16.35, 500],
    ]);
    // Meanwhile the list price, a new tier and a contract for the buyer all change.
    await ok(seller.catalogue, 'PUT', `/api/products/${pan}`, { price: 30, priceTiers: [{ minQty: 100, price: 12 }] });
    const list = await ok<{ id: string }>(seller.catalogue, 'POST', '/api/price-lists', { name: 'Hotels' }, 201);
    await ok(seller.catalogue, 'PUT', `/api/price-lists/${list.id}/lines/${pan}`, { price: 11 });
    await ok(seller.catalogue, 'POST', `/api/price-lists/${list.id}/customers`, { email: hotel.buyer.email }, 201);
    const stock = await t.api.stockOf(pan);
    const key = randomUUID();
    const [placed, retried] = [await accept(hotel.buyer, id, key, 2), await accept(hotel.buyer, id, key, 2)];
    expect(placed.statusCode, placed.body).toBe(201);
    expect(retried.json()).toEqual(placed.json());
    const result = placed.json<QuoteAcceptResult>();
    expect(result.orders).toHaveLength(1);
    expect(result.orders[0]).toMatchObject({ status: 'placed', total: 8175 });
    const order = await t.api.order(hotel.buyer, result.orders[0]?._id ?? '');
    expect(order.lines.map((l) => [l.name, l.quantity, l.price, l.lineTotal])).toEqual([
      ['Saucepan 24 cm', 500, 16.35, 8175],
    ]);
    expect(order).toMatchObject({ poNumber: 'PO-77', companyName: 'Harbour Hotels', quote: { _id: id } });
    expect(order.quote?.number).toMatch(/^Q-\d{6}$/);
    expect(await t.api.stockOf(pan)).toBe(stock - 500);
    const accepted = await ok<Quote>(seller.desk, 'GET', `/api/quotes/${id}`);
    expect(accepted).toMatchObject({
      status: 'accepted',
      orderId: order._id,
      orderNumber: order.orderNumber,
      moves: [],
    });
    expect(accepted.thread.map((e) => e.kind)).toEqual(['request', 'offer', 'revision', 'offer', 'accept']);
    // Accepting again is refused: one order.
    expect((await accept(hotel.admin, id)).json()).toMatchObject({ code: 'INVALID_TRANSITION' });
    // It is the company's order, and the seller's sale.
    const companyOrders = await ok<{ _id: string }[]>(hotel.admin, 'GET', '/api/companies/current/orders');
    expect(companyOrders.map((o) => o._id)).toContain(order._id);
    expect((await t.api.list(seller.desk, '/api/sales')).items.map((o) => o._id)).toContain(order._id);
    expect(await kinds(hotel.buyer)).toEqual(expect.arrayContaining(['quote_offered', 'order_placed']));
    expect(await kinds(seller.desk)).toEqual(
      expect.arrayContaining(['quote_revision_requested', 'quote_accepted', 'order_received']),
    );
    // Put the product back as the other tests expect it.
    await ok(seller.catalogue, 'PUT', `/api/products/${pan}`, { price: 20, priceTiers: [{ minQty: 200, price: 18 }] });
    expect((await co.call(seller.catalogue, 'DELETE', `/api/price-lists/${list.id}`)).statusCode).toBe(204);
  });

  test('above the buyer’s spending limit the accepted order awaits approval; the seller hears once it is approved; a rejection gives the offer back', async () => {
    const id = await askPans(hotel.chef, 40);
    await offerPans(id, 15, 40);
    const stock = await t.api.stockOf(pan);
    const placed = await accept(hotel.chef, id);
    expect(placed.statusCode, placed.body).toBe(201);
    const orderId = placed.json<QuoteAcceptResult>().orders[0]?._id ?? '';
    expect(placed.json<QuoteAcceptResult>().orders[0]?.status).toBe('awaiting_approval');
    const waiting = await ok<Order[]>(hotel.admin, 'GET', '/api/companies/current/orders?status=awaiting_approval');
    expect(waiting.map((o) => o._id)).toContain(orderId);
    expect(await t.api.stockOf(pan)).toBe(stock - 40);
    // Not the seller's yet: no order on their side of the quote, no acceptance notice.
    const notices = async () =>
      (await ok<Notification[]>(seller.desk, 'GET', '/api/notifications?limit=50')).filter(
        (n) => n.kind === 'quote_accepted' && n.link === `/quotes/${id}`,
      );
    expect(await ok<Quote>(seller.desk, 'GET', `/api/quotes/${id}`)).toMatchObject({
      status: 'accepted',
      orderId: null,
      orderNumber: null,
    });
    expect(await notices()).toHaveLength(0);
    // The approver rejects: the stock returns and the offer stands again; the chef accepts once more.
    expect((await co.reject(hotel.approver, orderId, 'Not this month')).statusCode).toBe(200);
    expect(await t.api.stockOf(pan)).toBe(stock);
    const reopened = await ok<Quote>(hotel.chef, 'GET', `/api/quotes/${id}`);
    expect(reopened).toMatchObject({ status: 'offered', orderId: null });
    expect(reopened.thread.at(-1)).toMatchObject({ kind: 'reopen', side: 'system' });
    expect(reopened.thread.at(-1)?.text).toMatch(/^Order B2B-\d{6} was rejected: the offer stands again\.$/);
    const again = await accept(hotel.chef, id);
    expect(again.statusCode, again.body).toBe(201);
    const second = again.json<QuoteAcceptResult>().orders[0]?._id ?? '';
    expect((await co.approve(hotel.approver, second)).statusCode).toBe(200);
    expect(await notices()).toHaveLength(1);
    expect((await ok<Quote>(seller.desk, 'GET', `/api/quotes/${id}`)).orderId).toBe(second);
  });

  test('a trade rule changed since the offer refuses the acceptance with 422 naming the line; nothing is placed', async () => {
    const box = await t.api.addProduct(seller.catalogue, { name: 'Lunch box', price: 3, quantity: 900, minSellQty: 1 });
    const [quote] = await ask(hotel.buyer, [{ productId: box, quantity: 100 }]);
    const id = quote?._id ?? '';
    await ok(seller.desk, 'POST', `/api/quotes/${id}/offer`, {
      lines: [{ productId: box, quantity: 100, unitPrice: 2.5 }],
      validUntil: inDays(5),
    });
    await ok(seller.catalogue, 'PUT', `/api/products/${box}`, { packSize: 12, minSellQty: 12 });
    const orders = await orderCount();
    const refusal = await accept(hotel.buyer, id);
    expect(refusal.statusCode).toBe(422);
    expect(refusal.json()).toMatchObject({ code: 'QUANTITY_NOT_MULTIPLE', details: [{ field: box }] });
    expect(refusal.json<{ message: string }>().message).toMatch(/^Nothing was ordered: Lunch box: /);
    expect(await orderCount()).toBe(orders);
    expect(await t.api.stockOf(box)).toBe(900);
  });

  test('a requester who left the company no longer sees its quotes; a product deleted since may be left out of an offer', async () => {
    const leaver = await known();
    await co.join(hotel.admin, leaver, 'buyer');
    const gone = await t.api.addProduct(seller.catalogue, { name: 'Old wok', price: 9, quantity: 50, minSellQty: 1 });
    const [quote] = await ask(leaver, [
      { productId: pan, quantity: 40 },
      { productId: gone, quantity: 5 },
    ]);
    const id = quote?._id ?? '';
    expect((await co.removeMember(hotel.admin, leaver.uid)).statusCode).toBe(204);
    expect((await co.call(leaver, 'GET', `/api/quotes/${id}`)).statusCode).toBe(404);
    expect((await ok<QuotePage>(leaver, 'GET', '/api/quotes')).items).toEqual([]);
    // The company's admins still see and answer it.
    expect((await ok<Quote>(hotel.admin, 'GET', `/api/quotes/${id}`)).side).toBe('buyer');
    expect((await co.call(seller.catalogue, 'DELETE', `/api/products/${gone}`)).statusCode).toBe(200);
    const offered = await ok<Quote>(seller.desk, 'POST', `/api/quotes/${id}/offer`, {
      lines: [{ productId: pan, quantity: 40, unitPrice: 16 }],
      validUntil: inDays(5),
    });
    expect(offered.versions[0]?.lines.map((l) => l.productId)).toEqual([pan]);
    expect(offered.lines.find((l) => l.productId === gone)).toMatchObject({ available: false });
  });

  test('stock no longer there: 409 naming the line, nothing placed, the quote still open', async () => {
    const scarce = await t.api.addProduct(seller.catalogue, {
      name: 'Copper pot',
      price: 50,
      quantity: 30,
      minSellQty: 1,
    });
    const [quote] = await ask(hotel.buyer, [{ productId: scarce, quantity: 25 }]);
    const id = quote?._id ?? '';
    await ok(seller.desk, 'POST', `/api/quotes/${id}/offer`, {
      lines: [{ productId: scarce, quantity: 25 }].map((l) => ({ ...l, unitPrice: 45 })),
      validUntil: inDays(5),
    });
    await t.api.buy(outsider, scarce, 10);
    const orders = await orderCount();
    const refusal = await accept(hotel.buyer, id);
    expect(refusal.statusCode).toBe(409);
    expect(refusal.json()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: 'Nothing was ordered: Copper pot: Not enough stock: only 20 units available.',
      details: [{ field: scarce }],
    });
    expect(await orderCount()).toBe(orders);
    expect(await t.api.stockOf(scarce)).toBe(20);
    expect((await ok<Quote>(hotel.buyer, 'GET', `/api/quotes/${id}`)).status).toBe('offered');
  });

  test('decline, withdraw and the thread: each by its side only', async () => {
    const declined = await askPans();
    await offerPans(declined, 17);
    expect(
      (await ok<Quote>(hotel.buyer, 'POST', `/api/quotes/${declined}/decline`, { message: 'Too dear' })).status,
    ).toBe('declined');
    expect(await kinds(seller.desk)).toContain('quote_declined');
    expect((await refused(seller.desk, 'POST', `/api/quotes/${declined}/withdraw`, 409)).code).toBe(
      'INVALID_TRANSITION',
    );

    const withdrawn = await askPans();
    expect((await refused(hotel.buyer, 'POST', `/api/quotes/${withdrawn}/withdraw`, 403)).code).toBe('FORBIDDEN');
    expect((await ok<Quote>(seller.admin, 'POST', `/api/quotes/${withdrawn}/withdraw`)).status).toBe('withdrawn');
    expect(
      (await ok<Notification[]>(hotel.buyer, 'GET', '/api/notifications?limit=50')).filter(
        (n) => n.kind === 'quote_withdrawn' && n.link === `/quotes/${withdrawn}`,
      ),
    ).toHaveLength(1);
    expect((await accept(hotel.buyer, withdrawn)).json()).toMatchObject({ code: 'INVALID_TRANSITION' });
    expect(
      (
        await refused(seller.desk, 'POST', `/api/quotes/${withdrawn}/offer`, 409, {
          lines: [{ productId: pan, quantity: 400, unitPrice: 1 }],
          validUntil: inDays(3),
        })
      ).code,
    ).toBe('INVALID_TRANSITION');

    const talk = await askPans();
    await ok(seller.desk, 'POST', `/api/quotes/${talk}/messages`, { text: 'Which colour?' }, 201);
    const answered = await ok<Quote>(hotel.approver, 'POST', `/api/quotes/${talk}/messages`, { text: 'Steel' }, 201);
    expect(answered.thread.map((e) => [e.kind, e.side, e.text])).toEqual([
      ['request', 'buyer', 'For the new site'],
      ['message', 'seller', 'Which colour?'],
      ['message', 'buyer', 'Steel'],
    ]);
    expect((await co.call(outsider, 'POST', `/api/quotes/${talk}/messages`, { text: 'hi' })).statusCode).toBe(404);
  });

  test('an offer ends by itself: warned a day before, once; expired after; QUOTE_EXPIRED; the seller may offer again', async () => {
    const id = await askPans();
    await offerPans(id, 17);
    const setValidity = (interval: string) =>
      t.database.db.execute(sql`update quotes set valid_until = now() + ${interval}::interval where id = ${id}`);
    await setValidity('2 hours');
    await t.app.quoteSweep.sweep();
    await t.app.quoteSweep.sweep();
    const warned = await ok<Notification[]>(hotel.buyer, 'GET', '/api/notifications?limit=50');
    expect(warned.filter((n) => n.kind === 'quote_expiring' && n.link === `/quotes/${id}`)).toHaveLength(1);
    // Past validUntil: refused before the sweep has even seen it.
    await setValidity('-1 minute');
    expect((await accept(hotel.buyer, id)).json()).toMatchObject({ code: 'QUOTE_EXPIRED' });
    await t.app.quoteSweep.sweep();
    const expired = await ok<Quote>(hotel.buyer, 'GET', `/api/quotes/${id}`);
    expect(expired).toMatchObject({ status: 'expired', moves: [] });
    expect(expired.thread.at(-1)).toMatchObject({ kind: 'expire', side: 'system', author: null });
    expect((await accept(hotel.buyer, id)).json()).toMatchObject({ code: 'QUOTE_EXPIRED' });
    expect((await offerPans(id, 17.5)).status).toBe('offered');
    expect((await accept(hotel.buyer, id)).statusCode).toBe(201);
  });
});

describe.runIf(usesPostgres())('two accepts at once (PostgreSQL)', () => {
  test('two colleagues accepting the same offer at once place exactly one order', async () => {
    for (let round = 0; round < 5; round += 1) {
      const id = await askPans(hotel.buyer, 40);
      await offerPans(id, 15, 40);
      const stock = await t.api.stockOf(pan);
      const answers = await Promise.all([accept(hotel.buyer, id), accept(hotel.admin, id)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((a) => a.statusCode === 409)?.json()).toMatchObject({ code: 'INVALID_TRANSITION' });
      expect(await t.api.stockOf(pan)).toBe(stock - 40);
      expect(await countOf(sql`select count(*)::int as n from orders where quote_id = ${id}`)).toBe(1);
    }
  });
});
