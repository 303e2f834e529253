import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type {
  AcceptedInvitation,
  ActivityPage,
  Dashboard,
  Invitation,
  Notification,
  OrderSummary,
  Product,
  QuickOrderPreview,
} from '@b2b/shared';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { companyClient } from '../helpers/companies.js';
import { createUser, type TestUser } from '../helpers/users.js';

/*
 * Seller organisations (issue 36): the business owns the catalogue, its staff act for it by role,
 * and the activity log says who changed what. The authorization matrix is
 * seller-authorization.test.ts; these are the rules around it.
 */

let t: TestApp;
let co: ReturnType<typeof companyClient>;

beforeAll(async () => {
  t = await createTestApp({ env: { WRITE_RATE_LIMIT_PER_MINUTE: '100000', READ_RATE_LIMIT_PER_MINUTE: '100000' } });
  co = companyClient(t);
});
afterAll(async () => t.close());

const get = async <T>(user: TestUser, url: string): Promise<T> => {
  const res = await co.call(user, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<T>();
};
const myProducts = (user: TestUser) => get<Product[]>(user, `/api/my-products/${user.email}`);
/** What a user was told, their invitation aside. */
const kinds = async (user: TestUser) =>
  (await get<Notification[]>(user, '/api/notifications')).map((n) => n.kind).filter((k) => k !== 'company_invitation');

/** A company with an owner, a catalogue manager and a desk clerk. */
async function business(name: string) {
  const [owner, manager, clerk] = await Promise.all([createUser(), createUser(), createUser()]);
  if (!owner || !manager || !clerk) throw new Error('users');
  await co.create(owner, name);
  await co.join(owner, manager, 'catalogue');
  await co.join(owner, clerk, 'sales');
  return { owner, manager, clerk };
}

describe('the business owns the catalogue', () => {
  test('creating a company brings the creator’s products, sales and dashboard history into it', async () => {
    const [seller, buyer] = await Promise.all([createUser(), createUser()]);
    if (!seller || !buyer) throw new Error('users');
    const id = await t.api.addProduct(seller, { name: 'Own tea', price: 4, quantity: 100, minSellQty: 1, packSize: 1 });
    await t.api.buy(buyer, id, 5);
    await t.api.place(buyer);
    const before = await get<Dashboard>(seller, '/api/dashboard');

    await co.create(seller, 'Tea Traders');
    const [product] = await myProducts(seller);
    expect(product?.seller?.name).toBe('Tea Traders');
    const sales = await get<OrderSummary[]>(seller, '/api/sales');
    expect(sales.map((o) => o.sellerName)).toEqual(['Tea Traders']);
    const after = await get<Dashboard>(seller, '/api/dashboard');
    expect(after.days).toEqual(before.days);
    expect(after.topProducts).toEqual(before.topProducts);
  });

  test('an invitee is told of their own products; accepting brings them, leaving leaves them', async () => {
    const { owner } = await business('Joiners Ltd');
    const newcomer = await createUser();
    await t.api.addProduct(newcomer, { name: 'Newcomer 1', sku: 'NC-1' });
    await t.api.addProduct(newcomer, { name: 'Newcomer 2', sku: 'NC-2' });
    const invitation = await co.invite(owner, newcomer.email, 'catalogue');
    const listed = await get<Invitation[]>(newcomer, '/api/invitations');
    expect(listed.map((i) => i.ownProducts)).toEqual([2]);

    const accepted = await co.accept(newcomer, invitation._id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<AcceptedInvitation>().broughtProducts).toBe(2);
    expect((await myProducts(owner)).map((p) => p.name).sort()).toEqual(['Newcomer 1', 'Newcomer 2']);

    expect((await co.removeMember(newcomer, newcomer.uid)).statusCode).toBe(204);
    expect(await myProducts(newcomer)).toEqual([]);
    expect(await myProducts(owner)).toHaveLength(2);
  });

  test('a joiner whose SKU the company already uses is refused, and nothing moves', async () => {
    const { owner, manager } = await business('Clash Co');
    await t.api.addProduct(manager, { name: 'Company widget', sku: 'W-1' });
    const newcomer = await createUser();
    await t.api.addProduct(newcomer, { name: 'My widget', sku: 'w-1' });
    const invitation = await co.invite(owner, newcomer.email, 'buyer');
    const res = await co.accept(newcomer, invitation._id);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string; message: string }>()).toMatchObject({ code: 'SKU_TAKEN' });
    expect(res.json<{ message: string }>().message).toContain('w-1');
    expect((await myProducts(newcomer)).map((p) => p.name)).toEqual(['My widget']);
    expect((await co.current(newcomer)).statusCode).toBe(404);
  });

  test('products two staff listed are one seller to a buyer: one cart group name, one quick-order seller, one order', async () => {
    const { owner, manager } = await business('One Seller Co');
    const buyer = await createUser();
    const a = await t.api.addProduct(owner, { sku: 'OS-1', quantity: 50, minSellQty: 1, packSize: 1, price: 2 });
    const b = await t.api.addProduct(manager, { sku: 'OS-2', quantity: 50, minSellQty: 1, packSize: 1, price: 3 });
    const preview = await co.call(buyer, 'POST', '/api/quick-order/preview', {
      lines: [
        { sku: 'OS-1', quantity: 2 },
        { sku: 'OS-2', quantity: 1 },
      ],
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<QuickOrderPreview>().totals.sellers).toEqual([
      expect.objectContaining({ sellerName: 'One Seller Co', lines: 2, units: 3, total: 7 }),
    ]);
    await t.api.buy(buyer, a, 2);
    await t.api.buy(buyer, b, 1);
    const cart = await t.api.cart(buyer);
    expect(new Set(cart.map((item) => item.seller?.name))).toEqual(new Set(['One Seller Co']));
    expect(new Set(cart.map((item) => item.sellerEmail))).toEqual(new Set([owner.email, manager.email]));
    const placed = await t.api.place(buyer);
    expect(placed.orders.map((o) => [o.sellerName, o.total])).toEqual([['One Seller Co', 7]]);
  });

  test('SKUs are unique per company: a colleague cannot reuse one', async () => {
    const { owner, manager } = await business('Sku House');
    await t.api.addProduct(manager, { sku: 'SH-1' });
    const res = await t.api.addProductRaw(owner, { sku: 'sh-1' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('SKU_TAKEN');
  });

  test('renaming the company renames the seller its products show', async () => {
    const { owner, manager } = await business('Old Name');
    const id = await t.api.addProduct(manager);
    expect((await co.call(owner, 'PATCH', '/api/companies/current', { name: 'New Name' })).statusCode).toBe(200);
    const product = await get<Product>(owner, `/api/products/${id}`);
    expect(product.seller).toMatchObject({ name: 'New Name' });
  });
});

describe('staff act for the company, by role, from their next request', () => {
  test('a removed catalogue manager loses every seller right at once', async () => {
    const { owner, manager } = await business('Removal Co');
    const id = await t.api.addProduct(manager);
    expect((await co.call(manager, 'PUT', `/api/products/${id}`, { price: 3 })).statusCode).toBe(200);
    expect((await co.removeMember(owner, manager.uid)).statusCode).toBe(204);
    const res = await co.call(manager, 'PUT', `/api/products/${id}`, { price: 4 });
    expect(res.statusCode).toBe(403);
    expect(await myProducts(manager)).toEqual([]);
  });

  test('two clerks confirming one order at once: one succeeds, the other gets 409 INVALID_TRANSITION', async () => {
    const { owner, manager, clerk } = await business('Race Co');
    const clerk2 = await createUser();
    await co.join(owner, clerk2, 'sales');
    const buyer = await createUser();
    const id = await t.api.addProduct(manager, { quantity: 100, minSellQty: 1, packSize: 1 });
    await t.api.buy(buyer, id, 1);
    const orderId = (await t.api.place(buyer)).orders[0]?._id ?? '';
    const answers = await Promise.all(
      [clerk, clerk2].map((who) => co.call(who, 'PATCH', `/api/orders/${orderId}/status`, { status: 'confirmed' })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json<{ code: string }>().code).toBe('INVALID_TRANSITION');
  });

  test('an unknown role is 400 naming the roles', async () => {
    const { owner } = await business('Roles Co');
    const res = await co.call(owner, 'POST', '/api/companies/current/invitations', {
      email: 'someone@example.com',
      role: 'owner',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('admin, approver, buyer, catalogue, sales');
  });

  test('demoting the last admin to the order desk is 409 LAST_ADMIN', async () => {
    const { owner } = await business('Last Admin Co');
    const res = await co.updateMember(owner, owner.uid, { role: 'sales' });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe('LAST_ADMIN');
  });
});

describe('who hears of what', () => {
  test('new orders and buyer cancels reach the admins and the order desk; low stock the admins and the catalogue', async () => {
    const { owner, manager, clerk } = await business('Heard Co');
    const colleague = await createUser();
    await co.join(owner, colleague, 'buyer');
    const buyer = await createUser();
    const id = await t.api.addProduct(manager, { quantity: 10, minSellQty: 5, packSize: 1 });
    await t.api.buy(buyer, id, 6);
    const orderId = (await t.api.place(buyer)).orders[0]?._id ?? '';
    expect((await t.api.setStatus(buyer, orderId, 'cancelled')).statusCode).toBe(200);

    expect((await kinds(owner)).sort()).toEqual(['low_stock', 'order_cancelled_by_buyer', 'order_received']);
    expect((await kinds(clerk)).sort()).toEqual(['order_cancelled_by_buyer', 'order_received']);
    expect(await kinds(manager)).toEqual(['low_stock']);
    expect(await kinds(colleague)).toEqual([]);
  });
});

describe('the activity log', () => {
  test('the owner reads who changed a price and who shipped, with before and after, by member and kind', async () => {
    const { owner, manager, clerk } = await business('Logged Co');
    const buyer = await createUser();
    const id = await t.api.addProduct(manager, { name: 'Logged oil', price: 41, quantity: 50, minSellQty: 1 });
    expect((await co.call(manager, 'PUT', `/api/products/${id}`, { price: 39.5 })).statusCode).toBe(200);
    await t.api.buy(buyer, id, 2);
    const orderId = (await t.api.place(buyer)).orders[0]?._id ?? '';
    for (const status of ['confirmed', 'shipped'] as const) {
      const res = await t.api.setStatus(clerk, orderId, status, status === 'shipped' ? { trackingRef: 'TR-9' } : {});
      expect(res.statusCode, res.body).toBe(200);
    }

    const all = await get<ActivityPage>(owner, '/api/companies/current/activity');
    const price = all.items.find((e) => e.kind === 'product' && e.action === 'updated');
    expect(price).toMatchObject({
      actor: { uid: manager.uid },
      subject: { id, label: 'Logged oil' },
      before: { price: 41 },
      after: { price: 39.5 },
    });
    expect(price?.summary).toContain('the price from');
    const shipped = all.items.find((e) => e.kind === 'order' && e.action === 'shipped');
    expect(shipped).toMatchObject({
      actor: { uid: clerk.uid },
      before: { status: 'confirmed' },
      after: { status: 'shipped', trackingRef: 'TR-9' },
    });
    // Newest first.
    expect(all.items.map((e) => e.at)).toEqual([...all.items.map((e) => e.at)].sort().reverse());

    const byClerk = await get<ActivityPage>(owner, `/api/companies/current/activity?member=${clerk.uid}`);
    expect(byClerk.items.map((e) => e.action)).toEqual(['shipped', 'confirmed', 'joined']);
    const orders = await get<ActivityPage>(owner, '/api/companies/current/activity?kind=order&limit=1');
    expect(orders.items.map((e) => e.action)).toEqual(['shipped']);
    const next = await get<ActivityPage>(
      owner,
      `/api/companies/current/activity?kind=order&limit=1&cursor=${orders.nextCursor ?? ''}`,
    );
    expect(next.items.map((e) => e.action)).toEqual(['confirmed']);
    expect(next.nextCursor).toBeNull();

    expect((await co.call(clerk, 'GET', '/api/companies/current/activity')).statusCode).toBe(403);
  });

  test('nothing updates or deletes an entry', async () => {
    const { owner } = await business('History Co');
    const [entry] = (await get<ActivityPage>(owner, '/api/companies/current/activity')).items;
    expect(entry).toBeDefined();
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'allowed',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    const id = entry?._id ?? '';
    expect(await refusal(t.database.db.execute(sql`UPDATE activity_log SET summary = 'x' WHERE id = ${id}`))).toMatch(
      /append-only: UPDATE refused/,
    );
    expect(await refusal(t.database.db.execute(sql`DELETE FROM activity_log WHERE id = ${id}`))).toMatch(
      /append-only: DELETE refused/,
    );
    const [kept] = (await get<ActivityPage>(owner, '/api/companies/current/activity')).items;
    expect(kept).toEqual(entry);
  });
});
