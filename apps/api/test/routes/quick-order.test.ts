import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  ErrorBody,
  ListAddToCartResult,
  ListSummary,
  QuickOrderPreview,
  QuickOrderResult,
  SavedList,
  SkuSuggestion,
} from '@b2b/shared';
import { cartItems, products } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct } from '../helpers/factories.js';
import { stockInDatabase } from '../helpers/rows.js';
import { createUser, createUsers, type TestUser } from '../helpers/users.js';

/* Quick order by SKU and saved lists (docs/architecture.md, "Quick order and lists"). */

let t: TestApp;
let seller: TestUser;
let rival: TestUser;
/** A prefix unique to this run, so SKUs never meet another test file's on a shared database. */
const run = randomUUID().slice(0, 8).toUpperCase();
const sku = (name: string) => `${run}-${name}`;

beforeAll(async () => {
  t = await createTestApp();
  [seller, rival] = await createUsers('Seller', 'Rival');
});
afterAll(async () => t.close());

type Line = { sku: string; quantity: number | string; sellerEmail?: string };
const post = (user: TestUser, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...user.headers, ...headers }, payload: payload as object });
const preview = async (user: TestUser, lines: Line[]) => {
  const res = await post(user, '/api/quick-order/preview', { lines });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<QuickOrderPreview>();
};

describe('quick order preview', () => {
  test('explains every line: ok with its tier price, unknown, ambiguous, minimum, pack, maximum, stock, not a number', async () => {
    const buyer = await createUser();
    const ok = await insertProduct(t.database.db, seller, {
      sku: sku('OK'),
      price: 10,
      minSellQty: 1,
      priceTiers: [{ minQty: 50, price: 9 }],
    });
    await insertProduct(t.database.db, seller, { sku: sku('BOTH') });
    await insertProduct(t.database.db, rival, { sku: sku('BOTH') });
    const min = await insertProduct(t.database.db, seller, { sku: sku('MIN'), minSellQty: 10 });
    const pack = await insertProduct(t.database.db, seller, { sku: sku('PACK'), packSize: 6, minSellQty: 6 });
    const max = await insertProduct(t.database.db, seller, { sku: sku('MAX'), maxOrderQty: 20 });
    const low = await insertProduct(t.database.db, seller, { sku: sku('LOW'), quantity: 5 });
    const { lines, totals } = await preview(buyer, [
      { sku: sku('ok').toLowerCase(), quantity: 60 },
      { sku: sku('NOPE'), quantity: 1 },
      { sku: sku('BOTH'), quantity: 1 },
      { sku: sku('MIN'), quantity: 3 },
      { sku: sku('PACK'), quantity: 13 },
      { sku: sku('MAX'), quantity: 21 },
      { sku: sku('LOW'), quantity: 6 },
      { sku: sku('OK'), quantity: 'a dozen' },
    ]);
    const view = lines.map((l) => [l.line, l.status, l.code ?? null, l.message ?? null]);
    expect(view).toEqual([
      [1, 'ok', null, null],
      [2, 'error', 'SKU_UNKNOWN', `No product has the SKU ${sku('NOPE')}. Check it for typing errors.`],
      [3, 'error', 'SKU_AMBIGUOUS', `2 sellers sell SKU ${sku('BOTH')}: choose one.`],
      [4, 'error', 'MIN_ORDER_NOT_MET', 'You must buy at least 10 units.'],
      [5, 'error', 'QUANTITY_NOT_MULTIPLE', 'Sold in packs of 6: choose 12 or 18.'],
      [6, 'error', 'MAX_ORDER_EXCEEDED', 'You can order at most 20 of this product.'],
      [7, 'error', 'INSUFFICIENT_STOCK', 'Not enough stock: only 5 units available.'],
      [8, 'error', 'VALIDATION_ERROR', 'Quantity “a dozen” is not a whole number of at least 1.'],
    ]);
    expect(lines[0]).toMatchObject({ product: { _id: ok, sellerEmail: seller.email }, unitPrice: 9, lineTotal: 540 });
    expect(lines[2]?.choices?.map((c) => c.sellerEmail).sort()).toEqual([seller.email, rival.email].sort());
    expect(lines[3]?.suggestions).toEqual([10]);
    expect(lines[4]?.suggestions).toEqual([12, 18]);
    expect(lines[5]?.suggestions).toEqual([20]);
    expect(lines[6]?.suggestions).toEqual([5]);
    expect(totals).toEqual({
      lines: 1,
      units: 60,
      total: 540,
      sellers: [{ sellerEmail: seller.email, sellerName: null, lines: 1, units: 60, total: 540 }],
    });
    // Nothing was bought.
    expect(await t.api.cart(buyer, '?limit=100')).toEqual([]);
    for (const id of [min, pack, max]) expect(await stockInDatabase(t.database.db, id)).toBe(500);
    expect(await stockInDatabase(t.database.db, low)).toBe(5);
  });

  test('merges lines for one product (shown on each), judges the total, and counts the buyer’s cart', async () => {
    const buyer = await createUser();
    const id = await insertProduct(t.database.db, seller, {
      sku: sku('MERGE'),
      price: 10,
      minSellQty: 1,
      maxOrderQty: 50,
      priceTiers: [{ minQty: 40, price: 8 }],
    });
    await t.api.buy(buyer, id, 10);
    const { lines } = await preview(buyer, [
      { sku: sku('MERGE'), quantity: 15 },
      { sku: 'other', quantity: 'x' },
      { sku: sku('MERGE'), quantity: '15' },
    ]);
    expect(lines.map((l) => [l.status, l.mergedWith, l.unitPrice, l.lineTotal])).toEqual([
      ['ok', [3], 8, 120],
      ['error', undefined, undefined, undefined],
      ['ok', [1], 8, 120],
    ]);
    // A seller's email picks one of several sellers of a SKU.
    await insertProduct(t.database.db, rival, { sku: sku('MERGE') });
    const picked = await preview(buyer, [{ sku: sku('MERGE'), quantity: 5, sellerEmail: seller.email.toUpperCase() }]);
    expect(picked.lines[0]).toMatchObject({ status: 'ok', product: { _id: id } });
  });

  test('refuses more than 1,000 lines with a clear 400, and takes exactly 1,000', async () => {
    const buyer = await createUser();
    const many = Array.from({ length: 1001 }, (_, i) => ({ sku: `X${i}`, quantity: 1 }));
    const res = await post(buyer, '/api/quick-order/preview', { lines: many });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().message).toContain('At most 1,000 lines per request: split the order.');
    expect((await post(buyer, '/api/quick-order/preview', { lines: many.slice(0, 1000) })).statusCode).toBe(200);
  });

  test('takes a pasted spreadsheet as CSV (semicolons, a header, a BOM) and an .xlsx file, also as a form upload', async () => {
    const buyer = await createUser();
    await insertProduct(t.database.db, seller, { sku: sku('FILE'), minSellQty: 1 });
    const csv = `\uFEFFQuantity;SKU\r\n4;${sku('FILE')}\r\n2;${sku('NONE')}\r\n`;
    const fromCsv = await post(buyer, '/api/quick-order/preview', csv, { 'content-type': 'text/csv' });
    expect(fromCsv.statusCode, fromCsv.body).toBe(200);
    expect(fromCsv.json<QuickOrderPreview>().lines.map((l) => [l.line, l.sku, l.quantity, l.status])).toEqual([
      [1, sku('FILE'), 4, 'ok'],
      [2, sku('NONE'), 2, 'error'],
    ]);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Order');
    sheet.addRow(['sku', 'quantity', 'seller']);
    sheet.addRow([sku('FILE'), 6, seller.email]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    const type = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
    const fromXlsx = await post(buyer, '/api/quick-order/preview', xlsx, { 'content-type': type });
    expect(fromXlsx.json<QuickOrderPreview>().lines).toEqual([expect.objectContaining({ quantity: 6, status: 'ok' })]);

    const boundary = 'b2b-test-boundary';
    const form = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="order.xlsx"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      xlsx,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const fromForm = await post(buyer, '/api/quick-order/preview', form, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    expect(fromForm.statusCode, fromForm.body).toBe(200);
    expect(fromForm.json<QuickOrderPreview>().lines).toHaveLength(1);

    const xml = await post(buyer, '/api/quick-order/preview', '<order/>', { 'content-type': 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json<ErrorBody>().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  test('suggests SKUs as the buyer types (prefix, case-insensitive)', async () => {
    const buyer = await createUser();
    await insertProduct(t.database.db, seller, { sku: sku('SUG-1'), name: 'Suggested one' });
    await insertProduct(t.database.db, seller, { sku: sku('SUG-2') });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/skus?prefix=${encodeURIComponent(sku('sug').toLowerCase())}`,
      headers: buyer.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<SkuSuggestion[]>().map((s) => s.sku)).toEqual([sku('SUG-1'), sku('SUG-2')]);
    // LIKE wildcards are taken literally.
    const wild = await t.app.inject({ method: 'GET', url: `/api/skus?prefix=${run}%25`, headers: buyer.headers });
    expect(wild.json<SkuSuggestion[]>()).toEqual([]);
  });
});

describe('quick order add to cart', () => {
  test('adds every valid line through the purchase rules, one result per line, and nothing twice on a retry', async () => {
    const buyer = await createUser();
    const a = await insertProduct(t.database.db, seller, { sku: sku('ADD-A'), minSellQty: 1, quantity: 100 });
    const b = await insertProduct(t.database.db, seller, { sku: sku('ADD-B'), packSize: 5, minSellQty: 5 });
    const body = {
      lines: [
        { sku: sku('ADD-A'), quantity: 3 },
        { sku: sku('ADD-B'), quantity: 7 },
        { sku: sku('ADD-A'), quantity: 2 },
        { sku: sku('ADD-NONE'), quantity: 1 },
      ],
    };
    const key = { 'idempotency-key': randomUUID() };
    const res = await post(buyer, '/api/quick-order', body, key);
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json<QuickOrderResult>();
    expect(results.map((r) => [r.line, r.outcome, r.code ?? null, r.mergedWith ?? null])).toEqual([
      [1, 'added', null, [3]],
      [2, 'error', 'QUANTITY_NOT_MULTIPLE', null],
      [3, 'added', null, [1]],
      [4, 'error', 'SKU_UNKNOWN', null],
    ]);
    expect(results[0]?.cartItemId).toBe(results[2]?.cartItemId);
    expect(await stockInDatabase(t.database.db, a)).toBe(95);
    expect(await stockInDatabase(t.database.db, b)).toBe(500);
    const again = await post(buyer, '/api/quick-order', body, key);
    expect(again.json()).toEqual(res.json());
    expect(await stockInDatabase(t.database.db, a)).toBe(95);
    expect((await t.api.cart(buyer, '?limit=100')).map((i) => [i.productId, i.buyQuantity])).toEqual([[a, 5]]);
  });
});

describe('saved lists', () => {
  const get = (user: TestUser, url: string) => t.app.inject({ method: 'GET', url, headers: user.headers });

  test('create, rename, set and remove lines, delete; another user gets 404 for every route', async () => {
    const owner = await createUser();
    const stranger = await createUser();
    const p1 = await insertProduct(t.database.db, seller, { sku: sku('L1'), name: 'List kettle' });
    const created = await post(owner, '/api/lists', { name: '  Weekly kitchen restock ' });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json<SavedList>();
    expect(list).toMatchObject({ name: 'Weekly kitchen restock', lineCount: 0, lines: [] });

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/lists/${list._id}/lines/${p1}`,
      headers: owner.headers,
      payload: { quantity: 12 },
    });
    expect(put.json<SavedList>().lines).toEqual([
      expect.objectContaining({ productId: p1, quantity: 12, name: 'List kettle', sku: sku('L1') }),
    ]);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/lists/${list._id}`,
      headers: owner.headers,
      payload: { name: 'Monday restock' },
    });
    expect(renamed.json<SavedList>().name).toBe('Monday restock');
    expect((await get(owner, '/api/lists')).json<ListSummary[]>()).toEqual([
      expect.objectContaining({ _id: list._id, name: 'Monday restock', lineCount: 1 }),
    ]);

    // A stranger can neither see nor touch it, and cannot tell it exists.
    const theirs = [
      await get(stranger, `/api/lists/${list._id}`),
      await t.app.inject({
        method: 'PATCH',
        url: `/api/lists/${list._id}`,
        headers: stranger.headers,
        payload: { name: 'x' },
      }),
      await t.app.inject({
        method: 'PUT',
        url: `/api/lists/${list._id}/lines/${p1}`,
        headers: stranger.headers,
        payload: { quantity: 1 },
      }),
      await t.app.inject({ method: 'DELETE', url: `/api/lists/${list._id}/lines/${p1}`, headers: stranger.headers }),
      await post(stranger, `/api/lists/${list._id}/add-to-cart`, {}),
      await t.app.inject({ method: 'DELETE', url: `/api/lists/${list._id}`, headers: stranger.headers }),
    ];
    expect(theirs.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect((await get(stranger, '/api/lists')).json()).toEqual([]);
    expect((await get(owner, `/api/lists/${list._id}`)).json<SavedList>().lines).toHaveLength(1);

    const unknownProduct = await t.app.inject({
      method: 'PUT',
      url: `/api/lists/${list._id}/lines/${randomUUID()}`,
      headers: owner.headers,
      payload: { quantity: 1 },
    });
    expect(unknownProduct.statusCode).toBe(404);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/lists/${list._id}/lines/${p1}`,
      headers: owner.headers,
    });
    expect(removed.json<SavedList>().lines).toEqual([]);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/lists/${list._id}`, headers: owner.headers })).statusCode,
    ).toBe(204);
    expect((await get(owner, `/api/lists/${list._id}`)).statusCode).toBe(404);
  });

  test('save the cart as a list, empty the cart, add the list again; a deleted product is reported', async () => {
    const buyer = await createUser();
    const kept = await insertProduct(t.database.db, seller, { sku: sku('CART-1'), minSellQty: 1 });
    const gone = await insertProduct(t.database.db, seller, { sku: sku('CART-2'), minSellQty: 1, name: 'Soon gone' });
    await t.api.buy(buyer, kept, 3);
    await t.api.buy(buyer, kept, 2);
    await t.api.buy(buyer, gone, 1);
    const saved = await post(buyer, '/api/lists/from-cart', { name: 'From my cart' });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(
      saved
        .json<SavedList>()
        .lines.map((l) => [l.productId, l.quantity])
        .sort(),
    ).toEqual(
      [
        [kept, 5],
        [gone, 1],
      ].sort(),
    );
    await t.database.db.delete(cartItems).where(eq(cartItems.userUid, buyer.uid));
    await t.database.db.delete(products).where(eq(products.id, gone));

    const listId = saved.json<SavedList>()._id;
    const shown = (await get(buyer, `/api/lists/${listId}`)).json<SavedList>();
    expect(shown.lines.find((l) => l.productId === gone)).toMatchObject({ product: null, name: 'Soon gone' });
    const added = await post(buyer, `/api/lists/${listId}/add-to-cart`, {});
    expect(added.statusCode, added.body).toBe(200);
    const { results } = added.json<ListAddToCartResult>();
    expect(results.map((r) => [r.productId, r.outcome, r.code ?? null]).sort()).toEqual(
      [
        [kept, 'added', null],
        [gone, 'error', 'NOT_FOUND'],
      ].sort(),
    );
    expect((await t.api.cart(buyer, '?limit=100')).map((i) => [i.productId, i.buyQuantity])).toEqual([[kept, 5]]);

    // An empty cart cannot be saved.
    await t.database.db.delete(cartItems).where(eq(cartItems.userUid, buyer.uid));
    expect((await post(buyer, '/api/lists/from-cart', { name: 'Nothing' })).statusCode).toBe(409);
  });

  test('save an order as a list (the buyer only)', async () => {
    const buyer = await createUser();
    const id = await insertProduct(t.database.db, seller, { sku: sku('ORD'), minSellQty: 1 });
    await t.api.buy(buyer, id, 4);
    const orderId = (await t.api.place(buyer)).orders[0]?._id ?? '';
    const saved = await post(buyer, `/api/lists/from-order/${orderId}`, { name: 'Last order' });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json<SavedList>().lines.map((l) => [l.productId, l.quantity])).toEqual([[id, 4]]);
    // The seller of that order is not its buyer.
    expect((await post(seller, `/api/lists/from-order/${orderId}`, { name: 'Mine?' })).statusCode).toBe(404);
  });
});
