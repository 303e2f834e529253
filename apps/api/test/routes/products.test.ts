import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ErrorBody, Product } from '@b2b/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct, productBody } from '../helpers/factories.js';
import { createUser, type TestUser } from '../helpers/users.js';

let t: TestApp;
let seller: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  [seller, other] = await Promise.all([createUser({ displayName: 'Seller' }), createUser()]);
});
afterAll(async () => t.close());

/** As a signed-in user sees it: sellers' emails are not sent to anonymous callers. */
async function getProduct(id: string): Promise<Product> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/${id}`, headers: other.headers });
  expect(res.statusCode).toBe(200);
  return res.json<Product>();
}

async function create(body: Record<string, unknown>, user: TestUser = seller) {
  return t.app.inject({ method: 'POST', url: '/api/products', headers: user.headers, payload: body });
}

describe('POST /api/products', () => {
  test('creates a product owned by the signed-in user', async () => {
    const res = await create(productBody({ name: '  Trimmed Name  ', price: 12.5, minSellQty: 5 }));
    expect(res.statusCode).toBe(201);
    const { acknowledged, insertedId } = res.json<{ acknowledged: boolean; insertedId: string }>();
    expect(acknowledged).toBe(true);
    const product = await getProduct(insertedId);
    expect(product).toMatchObject({
      _id: insertedId,
      email: seller.email,
      name: 'Trimmed Name',
      price: 12.5,
      quantity: 250,
      minSellQty: 5,
      rating: 4.2,
      category: 'electronics',
    });
    expect(typeof product.price).toBe('number');
    expect(Date.parse(product.createdAt)).not.toBeNaN();
  });

  test('ignores identity fields in the body', async () => {
    const res = await create(
      productBody({ email: 'someone-else@example.com', ownerUid: other.uid, _id: randomUUID(), userEmail: 'x@y.z' }),
    );
    expect(res.statusCode).toBe(201);
    const product = await getProduct(res.json<{ insertedId: string }>().insertedId);
    expect(product.email).toBe(seller.email);
    // Only the token's owner may change it: the body could not make `other` the owner.
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${product._id}`,
      headers: other.headers,
      payload: { name: 'Hijacked' },
    });
    expect(put.statusCode).toBe(403);
  });

  test('fills the optional fields with their defaults', async () => {
    const res = await create({ name: 'Bare', quantity: 0, minSellQty: 1, category: 'others', price: 0 });
    expect(res.statusCode).toBe(201);
    const product = await getProduct(res.json<{ insertedId: string }>().insertedId);
    expect(product).toMatchObject({
      image: '',
      brand: '',
      description: '',
      content: '',
      rating: null,
      price: 0,
      taxRate: null,
    });
  });

  const long = (n: number) => 'x'.repeat(n);
  const invalid: Array<[string, Record<string, unknown>, string]> = [
    ['name missing', { name: undefined }, 'name'],
    ['name wrong type', { name: 123 }, 'name'],
    ['name blank', { name: '   ' }, 'name'],
    ['name too long', { name: long(201) }, 'name'],
    ['quantity missing', { quantity: undefined }, 'quantity'],
    ['quantity as text', { quantity: '5' }, 'quantity'],
    ['quantity fractional', { quantity: 1.5 }, 'quantity'],
    ['quantity negative', { quantity: -1 }, 'quantity'],
    ['quantity too large', { quantity: 1_000_000_001 }, 'quantity'],
    ['minSellQty missing', { minSellQty: undefined }, 'minSellQty'],
    ['minSellQty as text', { minSellQty: 'one' }, 'minSellQty'],
    ['minSellQty zero', { minSellQty: 0 }, 'minSellQty'],
    ['minSellQty fractional', { minSellQty: 2.5 }, 'minSellQty'],
    ['price missing', { price: undefined }, 'price'],
    ['price as text', { price: 'ten' }, 'price'],
    ['price negative', { price: -0.01 }, 'price'],
    ['price with 3 decimals', { price: 10.001 }, 'price'],
    ['price too large', { price: 1e10 }, 'price'],
    ['rating as text', { rating: 'good' }, 'rating'],
    ['rating below 0', { rating: -0.1 }, 'rating'],
    ['rating above 5', { rating: 5.1 }, 'rating'],
    ['tax rate above 100', { taxRate: 100.01 }, 'taxRate'],
    ['tax rate negative', { taxRate: -1 }, 'taxRate'],
    ['tax rate with 3 decimals', { taxRate: 7.125 }, 'taxRate'],
    ['tax rate as text', { taxRate: '15' }, 'taxRate'],
    ['category missing', { category: undefined }, 'category'],
    ['category unknown', { category: 'toys' }, 'category'],
    ['category wrong type', { category: 5 }, 'category'],
    ['image not a URL or path', { image: 'javascript:alert(1)' }, 'image'],
    ['image over plain http (the CSP would block it)', { image: 'http://cdn.example.com/a.png' }, 'image'],
    ['image protocol-relative', { image: '//cdn.example.com/a.png' }, 'image'],
    ['name with a NUL character', { name: 'a\u0000b' }, 'name'],
    ['description with a NUL character', { description: '\u0000' }, 'description'],
    ['image too long', { image: `/${long(2048)}` }, 'image'],
    ['brand wrong type', { brand: 7 }, 'brand'],
    ['brand too long', { brand: long(101) }, 'brand'],
    ['description too long', { description: long(5001) }, 'description'],
    ['content too long', { content: long(10_001) }, 'content'],
  ];

  test.each(invalid)('400 when %s', async (_case, override, field) => {
    const body = productBody(override);
    for (const [key, value] of Object.entries(override)) if (value === undefined) delete body[key];
    const before = await t.app.inject({ method: 'GET', url: '/api/products' });
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    const error = res.json<ErrorBody>();
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details?.map((d) => d.field)).toContain(field);
    // Bad input changes nothing.
    const after = await t.app.inject({ method: 'GET', url: '/api/products' });
    expect(after.headers['x-total-count']).toBe(before.headers['x-total-count']);
  });

  test('a NUL character gets a clear 400, not a database error', async () => {
    const res = await create(productBody({ name: 'a\u0000b' }));
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details).toEqual([{ field: 'name', message: 'Must not contain NUL characters.' }]);
  });

  test('a large price with two decimals is stored exactly', async () => {
    const res = await create(productBody({ price: 1270425621.66, image: 'https://cdn.example.com/a.png' }));
    expect(res.statusCode).toBe(201);
    const product = await getProduct(res.json<{ insertedId: string }>().insertedId);
    expect(product).toMatchObject({ price: 1270425621.66, image: 'https://cdn.example.com/a.png' });
  });

  test('400 when the body is not JSON at all', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: { ...seller.headers, 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().code).toBe('VALIDATION_ERROR');
  });
});

describe('GET /api/products/:id', () => {
  test('404 for an unknown id', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/products/${randomUUID()}` });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>()).toMatchObject({ statusCode: 404, code: 'NOT_FOUND', error: 'Not Found' });
  });

  test('400 naming the id when it is not a UUID', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products/not-a-uuid' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details).toEqual([{ field: 'id', message: 'Id must be a UUID.' }]);
  });
});

describe('PUT /api/products/:id', () => {
  test('updates the sent fields and reports one modification', async () => {
    const id = await insertProduct(t.database.db, seller, { name: 'Old', price: 10, rating: 3 });
    const before = await getProduct(id);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: seller.headers,
      payload: { name: 'New', price: 11.25 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const after = await getProduct(id);
    expect(after).toMatchObject({ name: 'New', price: 11.25, rating: 3, brand: before.brand });
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
  });

  test('modifiedCount is 0 and updatedAt stays when nothing changes', async () => {
    const id = await insertProduct(t.database.db, seller, { name: 'Same', price: 10, rating: 4, quantity: 7 });
    const before = await getProduct(id);
    // 10 and 10.00 are the same price; 4 and 4.0 the same rating.
    const same = { name: ' Same ', price: 10.0, rating: 4, quantity: 7, category: 'electronics', brand: 'Acme' };
    for (const payload of [same, {}]) {
      const res = await t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: seller.headers, payload });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
    }
    expect((await getProduct(id)).updatedAt).toBe(before.updatedAt);
  });

  test('can clear the rating with null', async () => {
    const id = await insertProduct(t.database.db, seller, { rating: 4 });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: seller.headers,
      payload: { rating: null },
    });
    expect(res.json<{ modifiedCount: number }>().modifiedCount).toBe(1);
    expect((await getProduct(id)).rating).toBeNull();
  });

  test('sets a tax rate of its own, and clears it back to the seller’s default with null', async () => {
    const id = await insertProduct(t.database.db, seller, {});
    const put = (taxRate: number | null) =>
      t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: seller.headers, payload: { taxRate } });
    expect((await put(7.5)).json<{ modifiedCount: number }>().modifiedCount).toBe(1);
    expect((await getProduct(id)).taxRate).toBe(7.5);
    expect((await put(7.5)).json<{ modifiedCount: number }>().modifiedCount).toBe(0);
    expect((await put(null)).json<{ modifiedCount: number }>().modifiedCount).toBe(1);
    expect((await getProduct(id)).taxRate).toBeNull();
  });

  test('403 for another user, 404 for an unknown product, 400 for a bad field', async () => {
    const id = await insertProduct(t.database.db, seller, { name: 'Mine' });
    const forbidden = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: other.headers,
      payload: { name: 'Theirs' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json<ErrorBody>().code).toBe('FORBIDDEN');
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${randomUUID()}`,
      headers: seller.headers,
      payload: { name: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: seller.headers,
      payload: { price: -5, category: 'toys' },
    });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json<ErrorBody>()
        .details?.map((d) => d.field)
        .sort(),
    ).toEqual(['category', 'price']);
    expect((await getProduct(id)).name).toBe('Mine');
  });

  test('400 for a NUL character, and the product is unchanged', async () => {
    const id = await insertProduct(t.database.db, seller, { name: 'Clean' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: seller.headers,
      payload: { name: 'a\u0000b', brand: '\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorBody>().details).toEqual([
      { field: 'name', message: 'Must not contain NUL characters.' },
      { field: 'brand', message: 'Must not contain NUL characters.' },
    ]);
    expect((await getProduct(id)).name).toBe('Clean');
  });

  test('accepts a large price with two decimals', async () => {
    const id = await insertProduct(t.database.db, seller);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: seller.headers,
      payload: { price: 1270425621.66 },
    });
    expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await getProduct(id)).price).toBe(1270425621.66);
  });

  test('ignores an email in the body', async () => {
    const id = await insertProduct(t.database.db, seller);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: seller.headers,
      payload: { email: other.email },
    });
    expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });
    expect((await getProduct(id)).email).toBe(seller.email);
  });
});

describe('DELETE /api/products/:id', () => {
  test('the owner deletes; then it is gone', async () => {
    const id = await insertProduct(t.database.db, seller);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: seller.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await t.app.inject({ method: 'GET', url: `/api/products/${id}` })).statusCode).toBe(404);
  });

  test('accepts a JSON content type with an empty body', async () => {
    const id = await insertProduct(t.database.db, seller);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: { ...seller.headers, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });

  test('403 for another user and 404 for an unknown product', async () => {
    const id = await insertProduct(t.database.db, seller);
    const forbidden = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: other.headers });
    expect(forbidden.statusCode).toBe(403);
    await getProduct(id);
    const missing = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${randomUUID()}`,
      headers: seller.headers,
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('PATCH /api/products/quantity/:id', () => {
  const patch = (id: string, payload: unknown, user: TestUser = seller) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/products/quantity/${id}`,
      headers: user.headers,
      payload: payload as Record<string, unknown>,
    });

  test('decreases and (with a negative decBy) restores stock', async () => {
    const id = await insertProduct(t.database.db, seller, { quantity: 10 });
    const down = await patch(id, { decBy: 4 });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toEqual({ acknowledged: true, quantity: 6 });
    const up = await patch(id, { decBy: -3 });
    expect(up.json()).toEqual({ acknowledged: true, quantity: 9 });
    expect((await getProduct(id)).quantity).toBe(9);
  });

  test('409 instead of going below zero; down to exactly zero is fine', async () => {
    const id = await insertProduct(t.database.db, seller, { quantity: 5 });
    const tooMuch = await patch(id, { decBy: 6 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<ErrorBody>()).toMatchObject({
      code: 'INSUFFICIENT_STOCK',
      message: expect.stringContaining('5'),
    });
    expect((await getProduct(id)).quantity).toBe(5);
    expect((await patch(id, { decBy: 5 })).json()).toEqual({ acknowledged: true, quantity: 0 });
  });

  test('409 instead of going above the 1,000,000,000 limit; up to exactly the limit is fine', async () => {
    const id = await insertProduct(t.database.db, seller, { quantity: 999_999_990 });
    const tooMuch = await patch(id, { decBy: -11 });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json<ErrorBody>()).toEqual({
      statusCode: 409,
      code: 'STOCK_LIMIT_EXCEEDED',
      error: 'Conflict',
      message: 'Stock cannot exceed 1,000,000,000 units: 999999990 are in stock, so at most 10 more can be added.',
    });
    expect((await getProduct(id)).quantity).toBe(999_999_990);
    expect((await patch(id, { decBy: -10 })).json()).toEqual({ acknowledged: true, quantity: 1_000_000_000 });
    // The largest allowed decBy can never overflow the integer column: still a clean 409.
    const huge = await patch(id, { decBy: -1_000_000_000 });
    expect(huge.statusCode).toBe(409);
    expect(huge.json<ErrorBody>().code).toBe('STOCK_LIMIT_EXCEEDED');
    expect((await getProduct(id)).quantity).toBe(1_000_000_000);
  });

  test('403 for another user, 404 for an unknown product, 400 for a bad decBy', async () => {
    const id = await insertProduct(t.database.db, seller, { quantity: 5 });
    expect((await patch(id, { decBy: 1 }, other)).statusCode).toBe(403);
    expect((await patch(randomUUID(), { decBy: 1 })).statusCode).toBe(404);
    for (const payload of [{ decBy: 1.5 }, { decBy: '1' }, {}]) {
      const res = await patch(id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().details?.[0]?.field).toBe('decBy');
    }
    expect((await getProduct(id)).quantity).toBe(5);
  });
});
