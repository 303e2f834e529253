import fp from 'fastify-plugin';
import { and, asc, count, desc, eq, or, sql } from 'drizzle-orm';
import {
  LIST_LIMITS,
  type ListAddToCartResult,
  type ListLine,
  type ListSummary,
  type QuickOrderProduct,
  type SavedList,
} from '@b2b/shared';
import type { AppDb, AppTx } from '../../db/client.js';
import {
  cartItems,
  companyMembers,
  orderLines,
  orderLists,
  orderListLines,
  orders,
  products,
} from '../../db/schema.js';
import { AppError, found, missing, type Missing } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import type { CartRepository } from '../carts/index.js';
import { membershipOf } from '../companies/index.js';
import { holding } from '../../db/holding.js';
import { ownList } from './access.js';

/*
 * Saved lists (docs/architecture.md, "Quick order and lists"): a buyer's named lists of products
 * and quantities. A list belongs to its owner: anyone else's id answers 404, exactly like an id
 * that does not exist, so lists cannot be probed. Adding a list to the cart buys every line
 * through the cart's bulk purchase (the trade rules of a purchase); a product deleted since is
 * reported, never silently dropped. A list shared with the owner's company (company accounts) is
 * read by every member of it and edited by its owner and the company's admins, as long as the
 * owner is still in the company; to everyone else it stays a 404.
 */

const PRODUCT = {
  _id: products.id,
  name: products.name,
  image: products.image,
  sku: products.sku,
  sellerEmail: products.ownerEmail,
  sellerName: products.sellerName,
  price: products.price,
  packSize: products.packSize,
  minSellQty: products.minSellQty,
  maxOrderQty: products.maxOrderQty,
  quantity: products.quantity,
};

export function createListRepository(db: AppDb, { carts }: { carts: CartRepository }) {
  /** The caller's lists, and the lists their company's members share, last changed first. */
  async function summaries(user: AuthUser): Promise<ListSummary[]> {
    const me = await membershipOf(db, user.uid);
    const rows = await db
      .select({
        list: orderLists,
        ownerEmail: companyMembers.email,
        lineCount: sql<number>`(select count(*)::integer from ${orderListLines} where ${orderListLines.listId} = ${orderLists.id})`,
      })
      .from(orderLists)
      .leftJoin(companyMembers, eq(companyMembers.uid, orderLists.ownerUid))
      .where(
        or(
          eq(orderLists.ownerUid, user.uid),
          me ? and(eq(orderLists.shared, true), eq(companyMembers.companyId, me.companyId)) : undefined,
        ),
      )
      .orderBy(desc(orderLists.updatedAt), desc(orderLists.id));
    return rows.map(({ list, lineCount, ownerEmail }) => {
      const own = list.ownerUid === user.uid;
      return {
        _id: list.id,
        name: list.name,
        lineCount: Number(lineCount),
        shared: list.shared,
        ownerEmail: own ? user.email : (ownerEmail ?? ''),
        canEdit: own || me?.role === 'admin',
        createdAt: list.createdAt.toISOString(),
        updatedAt: list.updatedAt.toISOString(),
      };
    });
  }

  async function linesOf(listId: string): Promise<ListLine[]> {
    const rows = await db
      .select({ line: orderListLines, product: PRODUCT })
      .from(orderListLines)
      .leftJoin(products, eq(products.id, orderListLines.productId))
      .where(eq(orderListLines.listId, listId))
      .orderBy(asc(orderListLines.addedAt), asc(orderListLines.productId));
    return rows.map(({ line, product }) => ({
      productId: line.productId,
      quantity: line.quantity,
      product: product as QuickOrderProduct | null,
      name: product?.name ?? line.name,
      sku: product?.sku ?? line.sku,
      addedAt: line.addedAt.toISOString(),
    }));
  }

  async function create(tx: AppDb | AppTx, user: AuthUser, name: string) {
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(orderLists)
      .where(eq(orderLists.ownerUid, user.uid));
    if (n >= LIST_LIMITS.lists) {
      throw new AppError('VALIDATION_ERROR', `You can keep at most ${LIST_LIMITS.lists} lists: delete one first.`, [
        { field: 'name', message: `At most ${LIST_LIMITS.lists} lists.` },
      ]);
    }
    const [row] = await tx.insert(orderLists).values({ ownerUid: user.uid, name }).returning();
    if (!row) throw new Error('insert returned no list');
    return row;
  }

  /** Writes lines into a list: a product already there gets the quantity given (or the two added, when merging). */
  async function putLines(
    tx: AppTx,
    listId: string,
    lines: { productId: string; quantity: number; name: string; sku: string | null }[],
    merge: boolean,
  ) {
    if (lines.length === 0) return;
    await tx
      .insert(orderListLines)
      .values(lines.map((line) => ({ listId, ...line })))
      .onConflictDoUpdate({
        target: [orderListLines.listId, orderListLines.productId],
        set: {
          quantity: merge
            ? sql`least(${orderListLines.quantity} + excluded.quantity, 1000000000)`
            : sql`excluded.quantity`,
        },
      });
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(orderListLines)
      .where(eq(orderListLines.listId, listId));
    if (n > LIST_LIMITS.lines) {
      throw new AppError('VALIDATION_ERROR', `A list can hold at most ${LIST_LIMITS.lines} products.`);
    }
    await tx
      .update(orderLists)
      .set({ updatedAt: sql`now()` })
      .where(eq(orderLists.id, listId));
  }

  /** A new list holding `lines` (each product once, quantities of repeats added). */
  async function createWith(
    user: AuthUser,
    name: string,
    lines: { productId: string; quantity: number; name: string; sku: string | null }[],
  ): Promise<SavedList> {
    const merged = new Map<string, (typeof lines)[number]>();
    for (const line of lines) {
      const seen = merged.get(line.productId);
      merged.set(line.productId, seen ? { ...seen, quantity: seen.quantity + line.quantity } : line);
    }
    const id = await db.transaction(async (tx) => {
      const list = await create(tx, user, name);
      await putLines(tx, list.id, [...merged.values()], false);
      return list.id;
    });
    return found(await get(id, user), 'List');
  }

  async function get(id: string, user: AuthUser): Promise<SavedList | null> {
    const list = await ownList(db, id, user, false, 'read');
    if (!list) return null;
    const lines = await linesOf(id);
    return {
      _id: list.id,
      name: list.name,
      lineCount: lines.length,
      shared: list.shared,
      ownerEmail: list.ownerEmail,
      canEdit: list.canEdit,
      createdAt: list.createdAt.toISOString(),
      updatedAt: list.updatedAt.toISOString(),
      lines,
    };
  }

  return {
    list: summaries,
    get,

    async create(user: AuthUser, name: string): Promise<SavedList> {
      const row = await create(db, user, name);
      return found(await get(row.id, user), 'List');
    },

    async rename(id: string, user: AuthUser, name: string): Promise<SavedList | null> {
      const there = await db.transaction(async (tx) => {
        if (!(await ownList(tx, id, user, true))) return false;
        await tx
          .update(orderLists)
          .set({ name, updatedAt: sql`now()` })
          .where(eq(orderLists.id, id));
        return true;
      });
      return there ? get(id, user) : null;
    },

    /** False when there is no such list (for the caller). */
    async remove(id: string, user: AuthUser): Promise<boolean> {
      return db.transaction(async (tx) => {
        if (!(await ownList(tx, id, user, true))) return false;
        await tx.delete(orderLists).where(eq(orderLists.id, id));
        return true;
      });
    },

    /** PUT /lists/:id/shared: the owner shares the list with their company, or stops sharing it. */
    async share(id: string, user: AuthUser, shared: boolean): Promise<SavedList | null> {
      const there = await db.transaction(async (tx) => {
        if (!(await ownList(tx, id, user, true, 'own'))) return false;
        if (shared && !(await membershipOf(tx, user.uid))) {
          throw new AppError('VALIDATION_ERROR', 'Join or create a company first: a list is shared with your company.');
        }
        await tx
          .update(orderLists)
          .set({ shared, updatedAt: sql`now()` })
          .where(eq(orderLists.id, id));
        return true;
      });
      return there ? get(id, user) : null;
    },

    /** Sets a product's quantity in the list (adding the line when it is new). */
    async setLine(
      id: string,
      user: AuthUser,
      productId: string,
      quantity: number,
    ): Promise<SavedList | Missing | null> {
      const outcome = await db.transaction(async (tx) => {
        if (!(await ownList(tx, id, user, true))) return null;
        const [product] = await tx
          .select({ name: products.name, sku: products.sku })
          .from(products)
          .where(eq(products.id, productId));
        const [existing] = await tx
          .select({ name: orderListLines.name, sku: orderListLines.sku })
          .from(orderListLines)
          .where(and(eq(orderListLines.listId, id), eq(orderListLines.productId, productId)));
        // A new line needs a product that exists; an existing one may keep a deleted product's quantity.
        const known = product ?? existing;
        if (!known) return missing('Product');
        await putLines(tx, id, [{ productId, quantity, name: known.name, sku: known.sku }], false);
        return 'set';
      });
      return outcome === 'set' ? get(id, user) : outcome;
    },

    async removeLine(id: string, user: AuthUser, productId: string): Promise<SavedList | Missing | null> {
      const outcome = await db.transaction(async (tx) => {
        if (!(await ownList(tx, id, user, true))) return null;
        const deleted = await tx
          .delete(orderListLines)
          .where(and(eq(orderListLines.listId, id), eq(orderListLines.productId, productId)))
          .returning({ productId: orderListLines.productId });
        if (deleted.length === 0) return missing('List line');
        await tx
          .update(orderLists)
          .set({ updatedAt: sql`now()` })
          .where(eq(orderLists.id, id));
        return 'removed';
      });
      return outcome === 'removed' ? get(id, user) : outcome;
    },

    /** "Save cart as list": every product in the caller's cart, with the quantity the cart holds. */
    async fromCart(user: AuthUser, name: string): Promise<SavedList> {
      const items = await db
        .select({
          productId: cartItems.productId,
          quantity: cartItems.buyQuantity,
          name: cartItems.name,
          sku: cartItems.sku,
        })
        .from(cartItems)
        .where(and(eq(cartItems.userUid, user.uid), holding()))
        .orderBy(asc(cartItems.buyDate), asc(cartItems.id));
      if (items.length === 0) throw new AppError('EMPTY_CART', 'Your cart is empty: there is nothing to save.');
      return createWith(user, name, items);
    },

    /** "Save as list" from an order the caller bought. */
    /** Null when there is no such order of the caller's. */
    async fromOrder(user: AuthUser, orderId: string, name: string): Promise<SavedList | null> {
      const [order] = await db.select({ buyerUid: orders.buyerUid }).from(orders).where(eq(orders.id, orderId));
      if (!order || order.buyerUid !== user.uid) return null;
      const lines = await db
        .select({
          productId: orderLines.productId,
          quantity: orderLines.quantity,
          name: orderLines.name,
          sku: orderLines.sku,
        })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId))
        .orderBy(asc(orderLines.position));
      return createWith(user, name, lines);
    },

    /**
     * Buys every line of the list into the caller's cart, in one transaction through the cart's
     * bulk purchase: one result per line, a deleted product reported as NOT_FOUND.
     */
    async addToCart(id: string, user: AuthUser): Promise<ListAddToCartResult | null> {
      if (!(await ownList(db, id, user, false, 'read'))) return null;
      const lines = await linesOf(id);
      const live = lines.filter((line) => line.product);
      const bought = await carts.buyLines(
        live.map((line) => ({ user, productId: line.productId, buyQuantity: line.quantity })),
      );
      const byProduct = new Map(live.map((line, i) => [line.productId, bought[i]]));
      return {
        results: lines.map((line) => {
          const base = { productId: line.productId, name: line.name, sku: line.sku ?? '' };
          const result = byProduct.get(line.productId);
          if (!result) {
            return {
              ...base,
              outcome: 'error',
              code: 'NOT_FOUND',
              message: 'This product is no longer sold.',
            } as const;
          }
          if (result.status === 'fulfilled') return { ...base, outcome: 'added', cartItemId: result.value } as const;
          const error: unknown = result.reason;
          if (!(error instanceof AppError)) throw error;
          return {
            ...base,
            outcome: 'error',
            code: error.code === 'NOT_FOUND' ? 'NOT_FOUND' : (error.code as 'INSUFFICIENT_STOCK'),
            message: error.code === 'NOT_FOUND' ? 'This product is no longer sold.' : error.message,
          } as const;
        }),
      };
    },
  };
}

export type ListRepository = ReturnType<typeof createListRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Saved lists, shared with a company, and their lines added to the cart. */
    listRepository: ListRepository;
  }
}

/** The repository as a plugin: routes and other plugins reach it as `app.listRepository`. */
export default fp(
  async (app) => {
    app.decorate('listRepository', createListRepository(app.db, { carts: app.cartRepository }));
  },
  { name: 'list-repository', dependencies: ['db', 'cart-repository'] },
);
