import { eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type {
  CartItem,
  Order,
  OrderStatus,
  OrderSummary,
  PlaceOrderInput,
  PlaceOrderResult,
  Product,
} from '@b2b/shared';
import { buildShipTo } from '@b2b/shared/testing';
import { cartItems } from '../../src/db/schema.js';
import type { TestApp } from './app.js';
import type { TestUser } from './users.js';

/* Requests the order tests make again and again, through the API as a client would. */

export function orderClient(t: Pick<TestApp, 'app'>) {
  const inject = t.app.inject.bind(t.app);
  return {
    buy: async (user: TestUser, productId: string, buyQuantity: number): Promise<string> => {
      const res = await inject({
        method: 'POST',
        url: '/api/carts',
        headers: user.headers,
        payload: { productId, buyQuantity },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ insertedId: string }>().insertedId;
    },
    cart: async (user: TestUser): Promise<CartItem[]> => {
      const res = await inject({
        method: 'GET',
        url: `/api/carts/${encodeURIComponent(user.email)}`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(200);
      return res.json<CartItem[]>();
    },
    stockOf: async (productId: string): Promise<number> =>
      (await inject({ method: 'GET', url: `/api/products/${productId}` })).json<Product>().quantity,
    placeRaw: (
      user: TestUser,
      body: Record<string, unknown> = { shipTo: buildShipTo() },
      headers: Record<string, string> = {},
    ) => inject({ method: 'POST', url: '/api/orders', headers: { ...user.headers, ...headers }, payload: body }),
    place: async (user: TestUser, body: Partial<PlaceOrderInput> = {}): Promise<PlaceOrderResult> => {
      const res = await inject({
        method: 'POST',
        url: '/api/orders',
        headers: user.headers,
        payload: { shipTo: buildShipTo(), ...body },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<PlaceOrderResult>();
    },
    get: (user: TestUser, id: string) => inject({ method: 'GET', url: `/api/orders/${id}`, headers: user.headers }),
    order: async (user: TestUser, id: string): Promise<Order> => {
      const res = await inject({ method: 'GET', url: `/api/orders/${id}`, headers: user.headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Order>();
    },
    setStatus: (user: TestUser, id: string, status: OrderStatus, extra: Record<string, unknown> = {}) =>
      inject({
        method: 'PATCH',
        url: `/api/orders/${id}/status`,
        headers: user.headers,
        payload: { status, ...extra },
      }),
    list: async (user: TestUser, path: '/api/orders' | '/api/sales', query = '') => {
      const res = await inject({ method: 'GET', url: `${path}${query}`, headers: user.headers });
      expect(res.statusCode, res.body).toBe(200);
      return {
        items: res.json<OrderSummary[]>(),
        total: Number(res.headers['x-total-count']),
        relation: res.headers['x-total-count-relation'],
        next: res.headers['x-next-cursor'] as string | undefined,
      };
    },
    reorder: (user: TestUser, id: string) =>
      inject({ method: 'POST', url: `/api/orders/${id}/reorder`, headers: user.headers }),
  };
}

/** Makes holds expire now, as if CART_HOLD_HOURS had passed. */
export async function expireHolds(t: TestApp, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await t.database.db
    .update(cartItems)
    .set({ heldUntil: sql`now() - interval '1 minute'` })
    .where(inArray(cartItems.id, ids));
}

export async function holdOf(t: TestApp, id: string): Promise<Date | undefined> {
  const [row] = await t.database.db
    .select({ heldUntil: cartItems.heldUntil })
    .from(cartItems)
    .where(eq(cartItems.id, id));
  return row?.heldUntil;
}
