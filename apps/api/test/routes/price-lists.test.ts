import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CartItem, Customer, PriceList, PriceListSummary, PricedLine } from '@b2b/shared';
import { buildShipTo } from '@b2b/shared/testing';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { companyClient } from '../helpers/companies.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * Contract prices (issue 38): a seller's price lists, their customers, and the price rule — a
 * buyer pays the lowest of the base price for the quantity and every valid list of theirs that
 * covers the product — as POST /prices and a purchase answer it.
 */

let t: TestApp;
let co: ReturnType<typeof companyClient>;

beforeAll(async () => {
  // The catalogue cache on, as in production: no cached answer may carry a contract price.
  t = await createTestApp({
    env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', READ_RATE_LIMIT_PER_MINUTE: '100000', CATALOGUE_CACHE: 'true' },
  });
  co = companyClient(t);
});
afterAll(async () => t.close());

const call = (user: TestUser | null, method: string, url: string, payload?: unknown) =>
  co.call(user, method, url, payload);
async function ok<T>(user: TestUser, method: string, url: string, payload?: unknown, status = 200): Promise<T> {
  const res = await call(user, method, url, payload);
  expect(res.statusCode, res.body).toBe(status);
  return res.json<T>();
}
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const newList = async (seller: TestUser, body: Record<string, unknown>) =>
  (await ok<{ id: string }>(seller, 'POST', '/api/price-lists', body, 201)).id;
const setLine = (seller: TestUser, list: string, product: string, price: number, tiers: unknown[] = []) =>
  ok(seller, 'PUT', `/api/price-lists/${list}/lines/${product}`, { price, tiers });
const give = async (seller: TestUser, list: string, email: string) =>
  (await ok<{ customer: Customer }>(seller, 'POST', `/api/price-lists/${list}/customers`, { email }, 201)).customer;
const prices = async (buyer: TestUser, lines: { productId: string; quantity: number }[]) =>
  (await ok<{ lines: PricedLine[] }>(buyer, 'POST', '/api/prices', { lines })).lines;
const priceOf = async (buyer: TestUser, productId: string, quantity = 1) =>
  (await prices(buyer, [{ productId, quantity }]))[0] as PricedLine;

/** A signed-in user the shop knows of (their first request records the account). */
async function known(): Promise<TestUser> {
  const user = await createUser();
  await ok(user, 'GET', '/api/profile');
  return user;
}

/** A selling company (owner and a catalogue manager), a frying pan with a volume ladder, and a kettle. */
async function seller(name: string) {
  const [owner, manager] = await Promise.all([known(), known()]);
  await co.create(owner, name);
  await co.join(owner, manager, 'catalogue');
  const pan = await t.api.addProduct(manager, {
    name: `${name} frying pan`,
    price: 10,
    quantity: 10_000,
    minSellQty: 1,
    packSize: 1,
    priceTiers: [{ minQty: 100, price: 9 }],
  });
  const kettle = await t.api.addProduct(manager, {
    name: `${name} kettle`,
    price: 20,
    quantity: 10_000,
    minSellQty: 1,
  });
  return { owner, manager, pan, kettle };
}

/** A buying company with two buyers. */
async function buyers(name: string) {
  const [admin, buyer] = await Promise.all([known(), known()]);
  await co.create(admin, name);
  await co.join(admin, buyer, 'buyer');
  return { admin, buyer };
}

describe('price lists', () => {
  test('a catalogue manager keeps a list: lines with tiers, dates, a customer by email, and reads it back', async () => {
    const s = await seller('Keepers');
    const rahman = await buyers('Rahman Restaurants');
    const id = await newList(s.manager, { name: 'Key accounts 2027', validFrom: day(-1), validUntil: day(365) });
    await setLine(s.manager, id, s.pan, 8.9, [{ minQty: 100, price: 8.2 }]);
    const customer = await give(s.manager, id, rahman.buyer.email.toUpperCase());
    expect(customer).toEqual({ id: expect.any(String), companyId: expect.any(String), name: 'Rahman Restaurants' });
    // The same company by another member's email: one customer, not two.
    expect((await give(s.manager, id, rahman.admin.email)).id).toBe(customer.id);

    const list = await ok<PriceList>(s.owner, 'GET', `/api/price-lists/${id}`);
    expect(list).toMatchObject({
      name: 'Key accounts 2027',
      validFrom: day(-1),
      validUntil: day(365),
      discountPercent: null,
      lineCount: 1,
      customers: [customer],
      lines: [
        {
          productId: s.pan,
          name: 'Keepers frying pan',
          listPrice: 10,
          price: 8.9,
          tiers: [{ minQty: 100, price: 8.2 }],
        },
      ],
    });
    expect(await ok<PriceListSummary[]>(s.manager, 'GET', '/api/price-lists')).toMatchObject([{ id, lineCount: 1 }]);

    const renamed = await ok<PriceListSummary>(s.manager, 'PATCH', `/api/price-lists/${id}`, {
      name: 'Key accounts',
      validUntil: null,
    });
    expect(renamed).toMatchObject({ name: 'Key accounts', validFrom: day(-1), validUntil: null });

    expect((await call(s.manager, 'DELETE', `/api/price-lists/${id}/customers/${customer.id}`)).statusCode).toBe(204);
    expect((await call(s.manager, 'DELETE', `/api/price-lists/${id}/lines/${s.pan}`)).statusCode).toBe(204);
    expect(await ok<PriceList>(s.manager, 'GET', `/api/price-lists/${id}`)).toMatchObject({ lines: [], customers: [] });
    expect((await call(s.manager, 'DELETE', `/api/price-lists/${id}`)).statusCode).toBe(204);
    expect((await call(s.manager, 'GET', `/api/price-lists/${id}`)).statusCode).toBe(404);
  });

  test('lines go out and come back as CSV: every valid row set, every other one reported by its row number', async () => {
    const s = await seller('Spreadsheets');
    const skuPan = `PAN-${Date.now()}`;
    await ok(s.manager, 'PUT', `/api/products/${s.pan}`, { sku: skuPan });
    const id = await newList(s.manager, { name: 'From a file' });
    const csv = [
      'sku,price,tiers',
      `${skuPan.toLowerCase()},8.90,100:8.20|500:7.90`,
      'NOPE-1,5,',
      `${skuPan},abc,`,
      `${skuPan},8,10:9`,
      '',
    ].join('\r\n');
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/price-lists/${id}/lines/import`,
      headers: { ...s.manager.headers, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      updated: 1,
      failed: [
        { row: 3, message: 'You sell no product with the SKU NOPE-1.' },
        { row: 4, message: '“abc” is not a price (a number with at most 2 decimals).' },
        { row: 5, message: "Tier 1: the price must be less than the line's price (8.00)." },
      ],
    });
    const exported = await call(s.manager, 'GET', `/api/price-lists/${id}/lines/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(
      exported.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\n'),
    ).toEqual(['sku,price,tiers,productId,name', `${skuPan},8.90,100:8.20|500:7.90,${s.pan},Spreadsheets frying pan`]);
    // The file read back changes nothing; another seller cannot read it.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/price-lists/${id}/lines/import`,
      headers: { ...s.manager.headers, 'content-type': 'text/csv' },
      payload: exported.body,
    });
    expect(again.json()).toEqual({ updated: 1, failed: [] });
    expect((await ok<PriceList>(s.manager, 'GET', `/api/price-lists/${id}`)).lines).toHaveLength(1);
    const other = await seller('Reader');
    expect((await call(other.manager, 'GET', `/api/price-lists/${id}/lines/export`)).statusCode).toBe(404);
  });

  test('bad input is refused with a reason and changes nothing', async () => {
    const s = await seller('Careful');
    const other = await seller('Elsewhere');
    const id = await newList(s.manager, { name: 'Trade' });
    const refused = async (method: string, url: string, body: unknown, status = 400) => {
      const res = await call(s.manager, method, url, body);
      expect(res.statusCode, res.body).toBe(status);
      return res.json<{ message: string }>().message;
    };
    expect(await refused('POST', '/api/price-lists', { name: ' ' })).toMatch(/Name is required/);
    expect(await refused('POST', '/api/price-lists', { name: 'X', validFrom: day(2), validUntil: day(1) })).toMatch(
      /Valid until must not be before valid from/,
    );
    expect(await refused('POST', '/api/price-lists', { name: 'X', validFrom: '2027-02-30' })).toMatch(/not a day/);
    expect(await refused('POST', '/api/price-lists', { name: 'X', discountPercent: 100 })).toMatch(/less than 100%/);
    await ok(s.manager, 'PATCH', `/api/price-lists/${id}`, { validUntil: day(3) });
    expect(await refused('PATCH', `/api/price-lists/${id}`, { validFrom: day(5) })).toMatch(/must not be before/);
    expect(
      await refused('PUT', `/api/price-lists/${id}/lines/${s.pan}`, { price: 8, tiers: [{ minQty: 10, price: 8.5 }] }),
    ).toMatch(/less than the line's price/);
    expect(await refused('PUT', `/api/price-lists/${id}/lines/${other.pan}`, { price: 8 })).toMatch(/not one of yours/);
    expect(
      await refused('POST', `/api/price-lists/${id}/customers`, { email: 'nobody-ever@example.com' }, 404),
    ).toMatch(/No user of the shop/);
    expect(await refused('POST', `/api/price-lists/${id}/customers`, { email: s.owner.email })).toMatch(
      /your own company/,
    );
    expect(await ok<PriceList>(s.manager, 'GET', `/api/price-lists/${id}`)).toMatchObject({
      validFrom: null,
      validUntil: day(3),
      lines: [],
      customers: [],
    });
  });

  test('another seller, a buyer and a desk clerk: 404, 403 and read-only', async () => {
    const s = await seller('Private');
    const other = await seller('Nosy');
    const clerk = await known();
    await co.join(s.owner, clerk, 'sales');
    const stranger = await known();
    const id = await newList(s.manager, { name: 'Secret' });
    for (const [method, url, body] of [
      ['GET', `/api/price-lists/${id}`],
      ['PATCH', `/api/price-lists/${id}`, { name: 'Mine now' }],
      ['DELETE', `/api/price-lists/${id}`],
      ['PUT', `/api/price-lists/${id}/lines/${other.pan}`, { price: 1 }],
      ['POST', `/api/price-lists/${id}/customers`, { email: stranger.email }],
    ] as const) {
      expect((await call(other.manager, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    // A user selling on their own has lists of their own, and none of the company's.
    expect(await ok(stranger, 'GET', '/api/price-lists')).toEqual([]);
    // The desk reads; only the catalogue and admins change.
    expect((await call(clerk, 'GET', `/api/price-lists/${id}`)).statusCode).toBe(200);
    expect((await call(clerk, 'PATCH', `/api/price-lists/${id}`, { name: 'Desk' })).statusCode).toBe(403);
    const buyer = await known();
    await co.join(s.owner, buyer, 'buyer');
    expect((await call(buyer, 'GET', '/api/price-lists')).statusCode).toBe(403);
    expect((await ok<PriceList>(s.owner, 'GET', `/api/price-lists/${id}`)).name).toBe('Secret');
  });
});

describe('the price rule', () => {
  test('without a list a buyer pays the base price or its tier, and says so', async () => {
    const s = await seller('Plain');
    const buyer = await known();
    expect(
      await prices(buyer, [
        { productId: s.pan, quantity: 1 },
        { productId: s.pan, quantity: 150 },
      ]),
    ).toEqual([
      { productId: s.pan, quantity: 1, unitPrice: 10, lineTotal: 10, source: 'base' },
      { productId: s.pan, quantity: 150, unitPrice: 9, lineTotal: 1350, source: 'tier' },
    ]);
  });

  test('a contract tier from 3 does not apply to 1 and 2, and the base tier wins where it is lower', async () => {
    const s = await seller('Ladders');
    const b = await buyers('Climbers');
    const id = await newList(s.manager, { name: 'Climbers 2027' });
    await setLine(s.manager, id, s.pan, 9.8, [{ minQty: 3, price: 9.5 }]);
    await give(s.manager, id, b.buyer.email);
    const ref = { id, name: 'Climbers 2027' };
    expect(await priceOf(b.buyer, s.pan, 1)).toMatchObject({ unitPrice: 9.8, source: 'contract', priceList: ref });
    expect(await priceOf(b.buyer, s.pan, 2)).toMatchObject({ unitPrice: 9.8, lineTotal: 19.6, source: 'contract' });
    expect(await priceOf(b.buyer, s.pan, 3)).toMatchObject({ unitPrice: 9.5, lineTotal: 28.5, source: 'contract' });
    // From 100 the product's own tier (9.00) is lower than the contract's 9.50.
    expect(await priceOf(b.buyer, s.pan, 100)).toMatchObject({ unitPrice: 9, source: 'tier' });
    expect((await priceOf(b.buyer, s.pan, 100)).priceList).toBeUndefined();
  });

  test('the lowest of two lists wins; a list that starts tomorrow or ended yesterday does not count', async () => {
    const s = await seller('Many lists');
    const b = await buyers('Two contracts');
    const dearer = await newList(s.manager, { name: 'Dearer' });
    const cheaper = await newList(s.manager, { name: 'Cheaper' });
    const tomorrow = await newList(s.manager, { name: 'Tomorrow', validFrom: day(1) });
    const ended = await newList(s.manager, { name: 'Ended', validFrom: day(-30), validUntil: day(-1) });
    const today = await newList(s.manager, { name: 'Today only', validFrom: day(0), validUntil: day(0) });
    await setLine(s.manager, dearer, s.pan, 9.5);
    await setLine(s.manager, cheaper, s.pan, 9.1);
    await setLine(s.manager, tomorrow, s.pan, 5);
    await setLine(s.manager, ended, s.pan, 5);
    await setLine(s.manager, today, s.kettle, 18);
    for (const list of [dearer, cheaper, tomorrow, ended, today]) await give(s.manager, list, b.admin.email);
    expect(await priceOf(b.buyer, s.pan)).toMatchObject({
      unitPrice: 9.1,
      priceList: { id: cheaper, name: 'Cheaper' },
    });
    expect(await priceOf(b.buyer, s.kettle)).toMatchObject({ unitPrice: 18, priceList: { name: 'Today only' } });
    // Tomorrow comes.
    await t.database.db.execute(sql`update price_lists set valid_from = valid_from - 1 where id = ${tomorrow}`);
    expect(await priceOf(b.buyer, s.pan)).toMatchObject({ unitPrice: 5, priceList: { name: 'Tomorrow' } });
  });

  test('a discount covers the seller’s products without a line, not another seller’s; a line wins over its own discount', async () => {
    const s = await seller('Discounts');
    const other = await seller('Not theirs');
    const b = await buyers('Discounted');
    const id = await newList(s.manager, { name: 'Ten off', discountPercent: 12.5 });
    await setLine(s.manager, id, s.kettle, 19.5);
    await give(s.manager, id, b.buyer.email);
    // 10.00 less 12.5% is 8.75; from 100, 9.00 less 12.5% is 7.875, which rounds half up to 7.88.
    expect(await priceOf(b.buyer, s.pan, 1)).toMatchObject({ unitPrice: 8.75, source: 'contract' });
    expect(await priceOf(b.buyer, s.pan, 100)).toMatchObject({ unitPrice: 7.88, lineTotal: 788, source: 'contract' });
    expect(await priceOf(b.buyer, s.kettle)).toMatchObject({ unitPrice: 19.5, source: 'contract' });
    expect(await priceOf(b.buyer, other.pan)).toMatchObject({ unitPrice: 10, source: 'base' });
  });

  test('every member of the customer company gets the price; one who leaves loses it at their next request; others never see it', async () => {
    const s = await seller('Contracted');
    const b = await buyers('Members');
    const outsider = await known();
    const id = await newList(s.manager, { name: 'Members 2027' });
    await setLine(s.manager, id, s.pan, 8.9);
    await give(s.manager, id, b.admin.email);
    expect(await priceOf(b.buyer, s.pan)).toMatchObject({ unitPrice: 8.9, source: 'contract' });
    expect(await priceOf(b.admin, s.pan)).toMatchObject({ unitPrice: 8.9 });
    expect(await priceOf(outsider, s.pan)).toMatchObject({ unitPrice: 10, source: 'base' });
    expect((await co.removeMember(b.admin, b.buyer.uid)).statusCode).toBe(204);
    expect(await priceOf(b.buyer, s.pan)).toMatchObject({ unitPrice: 10, source: 'base' });
    // A buyer without a company can be a customer in their own right.
    await give(s.manager, id, outsider.email);
    expect(await priceOf(outsider, s.pan)).toMatchObject({ unitPrice: 8.9, source: 'contract' });
  });

  test('a purchase charges the contract price, and a buyer without the contract the list price', async () => {
    const s = await seller('Charged');
    const b = await buyers('Buys at contract');
    const outsider = await known();
    const id = await newList(s.manager, { name: 'Charged 2027' });
    await setLine(s.manager, id, s.pan, 8.9, [{ minQty: 50, price: 8.2 }]);
    await give(s.manager, id, b.buyer.email);
    await t.api.buy(b.buyer, s.pan, 10);
    await t.api.buy(outsider, s.pan, 10);
    const [mine] = await t.api.cart(b.buyer);
    const [theirs] = await t.api.cart(outsider);
    expect(mine).toMatchObject<Partial<CartItem>>({ price: 8.9, buyQuantity: 10, priceListId: id });
    expect(mine?.nextTier).toEqual({ minQty: 50, price: 8.2, more: 40 });
    expect(theirs).toMatchObject<Partial<CartItem>>({ price: 10, buyQuantity: 10, priceListId: null });
    // The contract's tier reached by the buyer's total moves their earlier hold too.
    await t.api.buy(b.buyer, s.pan, 40);
    expect((await t.api.cart(b.buyer)).map((item) => item.price)).toEqual([8.2, 8.2]);
  });

  test('a product without tiers of its own is charged its contract price, and a contract tier moves earlier holds', async () => {
    const s = await seller('No ladder');
    const b = await buyers('Kettle buyers');
    const id = await newList(s.manager, { name: 'Kettles 2027' });
    await setLine(s.manager, id, s.kettle, 18, [{ minQty: 20, price: 17 }]);
    await give(s.manager, id, b.admin.email);
    await t.api.buy(b.buyer, s.kettle, 10);
    expect((await t.api.cart(b.buyer)).map((item) => item.price)).toEqual([18]);
    await t.api.buy(b.buyer, s.kettle, 10);
    expect((await t.api.cart(b.buyer)).map((item) => item.price)).toEqual([17, 17]);
    // Taking one back leaves 10: both holds return to the contract's own price.
    const [first] = await t.api.cart(b.buyer);
    expect((await call(b.buyer, 'DELETE', `/api/carts/${first?._id}`)).statusCode).toBe(200);
    expect((await t.api.cart(b.buyer)).map((item) => item.price)).toEqual([18]);
    const placed = await t.api.place(b.buyer);
    const order = await t.api.order(b.buyer, placed.orders[0]?._id ?? '');
    expect(order.lines.map((line) => [line.price, line.listPrice, line.quantity])).toEqual([[18, 20, 10]]);
  });

  test('the seller asks what a customer pays, and why; only for their own products and their own lists', async () => {
    const s = await seller('Asked');
    const rival = await seller('Rival');
    const b = await buyers('Asking customer');
    const id = await newList(s.manager, { name: 'Asked 2027', validUntil: day(30) });
    await setLine(s.manager, id, s.pan, 8.9);
    await give(s.manager, id, b.buyer.email);
    // The rival's list for the same customer says nothing to this seller.
    const theirs = await newList(rival.manager, { name: 'Rival deal', discountPercent: 50 });
    await give(rival.manager, theirs, b.buyer.email);
    const asked = await ok(s.owner, 'POST', '/api/price-lists/price-for', {
      email: b.admin.email,
      productId: s.pan,
      quantity: 120,
    });
    expect(asked).toEqual({
      customer: { companyId: expect.any(String), name: 'Asking customer' },
      basePrice: 9,
      line: {
        productId: s.pan,
        quantity: 120,
        unitPrice: 8.9,
        lineTotal: 1068,
        source: 'contract',
        priceList: { id, name: 'Asked 2027', validFrom: null, validUntil: day(30) },
      },
    });
    const refused = await call(s.owner, 'POST', '/api/price-lists/price-for', {
      email: b.admin.email,
      productId: rival.pan,
      quantity: 1,
    });
    expect(refused.statusCode).toBe(400);
    // A buyer role may not ask at all.
    const buyerAsks = { email: b.admin.email, productId: s.pan, quantity: 1 };
    expect((await call(b.buyer, 'POST', '/api/price-lists/price-for', buyerAsks)).statusCode).toBe(403);
  });

  test('the shared catalogue never carries a contract price: company B and a visitor get the base price from the warm cache', async () => {
    const s = await seller('Cached');
    const a = await buyers('Company A');
    const b = await buyers('Company B');
    const id = await newList(s.manager, { name: 'A only' });
    await setLine(s.manager, id, s.pan, 7.5);
    await give(s.manager, id, a.buyer.email);
    const page = `/api/products/${s.pan}`;
    const search = `/api/products?q=${encodeURIComponent('Cached frying pan')}`;
    // Company A loads the pages first (they are kept), and its own prices say 7.50.
    for (const url of [page, search]) expect((await call(a.buyer, 'GET', url)).statusCode).toBe(200);
    expect(await priceOf(a.buyer, s.pan)).toMatchObject({ unitPrice: 7.5, source: 'contract' });
    for (const who of [b.buyer, null]) {
      const one = await call(who, 'GET', page);
      expect(one.headers['x-cache']).toBe(who ? 'hit' : 'miss');
      expect(one.json<{ price: number }>().price).toBe(10);
      const listed = await call(who, 'GET', search);
      expect(listed.json<{ _id: string; price: number }[]>().find((p) => p._id === s.pan)?.price).toBe(10);
      // No value of 7.5 anywhere in the page (a timestamp's "…:57.563Z" is not one).
      expect(listed.body).not.toMatch(/:7\.5[,}\]]/);
    }
    expect(await priceOf(b.buyer, s.pan)).toMatchObject({ unitPrice: 10, source: 'base' });
  });

  test('a contract that ended before checkout: the cart moves to the price now, the buyer is told, then the order places', async () => {
    const s = await seller('Ending');
    const b = await buyers('Ended contract');
    const id = await newList(s.manager, { name: 'Until yesterday', validUntil: day(30) });
    await setLine(s.manager, id, s.kettle, 18);
    await give(s.manager, id, b.buyer.email);
    await t.api.buy(b.buyer, s.kettle, 5);
    await t.api.buy(b.buyer, s.pan, 2);
    expect((await t.api.cart(b.buyer)).map((item) => item.price).sort()).toEqual([10, 18]);
    // The contract ends.
    await t.database.db.execute(sql`update price_lists set valid_until = ${day(-1)} where id = ${id}`);
    const refused = await t.api.placeRaw(b.buyer, { shipTo: buildShipTo() });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'PRICES_CHANGED',
      message: expect.stringContaining('Ending kettle: now $20.00 each (was $18.00).'),
    });
    // Nothing was placed; the cart shows the price now.
    expect((await t.api.cart(b.buyer)).map((item) => item.price).sort()).toEqual([10, 20]);
    const placed = await t.api.place(b.buyer);
    const order = await t.api.order(b.buyer, placed.orders[0]?._id ?? '');
    expect(order.total).toBe(120);
  });

  test('POST /prices: an unknown product is 404 and a bad line 400', async () => {
    const buyer = await known();
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call(buyer, 'POST', '/api/prices', { lines: [{ productId: unknown, quantity: 1 }] })).statusCode,
    ).toBe(404);
    expect((await call(buyer, 'POST', '/api/prices', { lines: [] })).statusCode).toBe(400);
    expect(
      (await call(buyer, 'POST', '/api/prices', { lines: [{ productId: unknown, quantity: 0 }] })).statusCode,
    ).toBe(400);
    expect((await call(null, 'POST', '/api/prices', { lines: [{ productId: unknown, quantity: 1 }] })).statusCode).toBe(
      401,
    );
  });
});
