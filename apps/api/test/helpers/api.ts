import type { FastifyInstance } from 'fastify';
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
import { productBody } from './factories.js';
import type { TestUser } from './users.js';

/*
 * The requests the API tests make again and again, through app.inject as a client would. Each
 * `…Raw` call answers the response, whatever its status, for the tests of refusals; its plain
 * twin expects success and answers what the test goes on with.
 */

export interface RequestOptions {
  /** An Idempotency-Key header (plugins/app/idempotency.ts). */
  idempotencyKey?: string | undefined;
  /** More headers on top of the user's token. */
  headers?: Record<string, string>;
  /** The caller's address, for the per-address rate limits (inject's own is 127.0.0.1). */
  remoteAddress?: string;
}

export type ApiClient = ReturnType<typeof apiClient>;

/** The client of `app` (a test app has its own: TestApp.api). */
export function apiClient(t: { app: FastifyInstance }) {
  const inject = t.app.inject.bind(t.app);
  const as = (user: TestUser, { idempotencyKey, headers = {}, remoteAddress }: RequestOptions) => ({
    headers: { ...user.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}), ...headers },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

  const client = {
    /** POST /api/products with a valid product body, changed by `overrides`. */
    addProductRaw: (user: TestUser, overrides: Record<string, unknown> = {}, options: RequestOptions = {}) =>
      inject({ method: 'POST', url: '/api/products', ...as(user, options), payload: productBody(overrides) }),
    /** Adds a product and answers its id. */
    addProduct: async (user: TestUser, overrides: Record<string, unknown> = {}): Promise<string> => {
      const res = await client.addProductRaw(user, overrides);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ insertedId: string }>().insertedId;
    },
    /** A GET of a product list (the catalogue, a search, a category): its products, if it answered 200, and paging. */
    productList: async (url: string) => {
      const res = await inject({ method: 'GET', url });
      return {
        res,
        body: res.statusCode === 200 ? res.json<Product[]>() : [],
        total: res.headers['x-total-count'],
        relation: res.headers['x-total-count-relation'],
        next: res.headers['x-next-cursor'] as string | undefined,
      };
    },
    /** The stock GET /api/products/:id shows. */
    stockOf: async (productId: string): Promise<number> => {
      const res = await inject({ method: 'GET', url: `/api/products/${productId}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Product>().quantity;
    },

    /** POST /api/carts with `body` exactly as given (a test of what the route accepts). */
    postCart: (user: TestUser, body: Record<string, unknown>, options: RequestOptions = {}) =>
      inject({ method: 'POST', url: '/api/carts', ...as(user, options), payload: body }),
    buyRaw: (user: TestUser, productId: string, buyQuantity: number, options: RequestOptions = {}) =>
      client.postCart(user, { productId, buyQuantity }, options),
    /** Buys and answers the cart item's id. */
    buy: async (user: TestUser, productId: string, buyQuantity: number, options: RequestOptions = {}) => {
      const res = await client.buyRaw(user, productId, buyQuantity, options);
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ insertedId: string }>().insertedId;
    },
    removeFromCart: (user: TestUser, itemId: string) =>
      inject({ method: 'DELETE', url: `/api/carts/${itemId}`, headers: user.headers }),
    /** One page of the user's cart (`query`: '?limit=…&offset=…') and the total it reports. */
    cartPage: async (user: TestUser, query = '') => {
      const res = await inject({
        method: 'GET',
        url: `/api/carts/${encodeURIComponent(user.email)}${query}`,
        headers: user.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      return { items: res.json<CartItem[]>(), total: res.headers['x-total-count'] as string | undefined };
    },
    cart: async (user: TestUser, query = ''): Promise<CartItem[]> => (await client.cartPage(user, query)).items,

    placeRaw: (
      user: TestUser,
      body: Record<string, unknown> = { shipTo: buildShipTo() },
      options: RequestOptions = {},
    ) => inject({ method: 'POST', url: '/api/orders', ...as(user, options), payload: body }),
    place: async (user: TestUser, body: Partial<PlaceOrderInput> = {}): Promise<PlaceOrderResult> => {
      const res = await client.placeRaw(user, { shipTo: buildShipTo(), ...body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<PlaceOrderResult>();
    },
    get: (user: TestUser, id: string) => inject({ method: 'GET', url: `/api/orders/${id}`, headers: user.headers }),
    order: async (user: TestUser, id: string): Promise<Order> => {
      const res = await client.get(user, id);
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
  return client;
}
