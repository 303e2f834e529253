import fp from 'fastify-plugin';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type {
  PlaceOrder,
  Quote,
  QuoteAcceptResult,
  QuotePage,
  QuoteRequestResult,
  quoteListQuerySchema,
  quoteOfferSchema,
} from '@b2b/shared';
import type { z } from 'zod';
import type { AppDb, AppTx, InTransaction } from '../../db/client.js';
import { quotes } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { decodeCursor, encodeCursor, isTimeAndId } from '../../lib/cursor.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { emptyCart } from '../carts/index.js';
import { membershipOf } from '../companies/index.js';
import type { OrderRepository } from '../orders/index.js';
import { reread, requireQuoteBuyer, sideFilter, visibleQuote, type VisibleQuote } from './access.js';
import { accept } from './accept.js';
import { readQuote, summariesOf, SUMMARY_EXTRAS, toQuoteSummary } from './mapping.js';
import { offer, simpleMove, write } from './moves.js';
import { writeRequest, type RequestLine } from './request.js';
import { expireOffers, warnExpiring } from './expiry.js';
import { afterApprovalDecided } from './approval.js';

/*
 * Requests for quote (docs/architecture.md, "Quotes"). Every move is one transaction on the
 * locked quote row, judged by QUOTE_TRANSITIONS (packages/shared/src/quotes.ts); its line of the
 * thread and its notifications commit with it.
 */

interface SavedLists {
  get(
    id: string,
    user: AuthUser,
  ): Promise<{ lines: { productId: string; quantity: number; product: unknown }[] } | null>;
}

type Targets = readonly { productId: string; targetPrice: number }[];

export function createQuoteRepository(db: AppDb, { orders, lists }: { orders: OrderRepository; lists: SavedLists }) {
  async function request(
    user: AuthUser,
    lines: readonly RequestLine[],
    message: string,
    inTransaction?: InTransaction<QuoteRequestResult>,
    before?: (tx: AppTx) => Promise<readonly RequestLine[]>,
  ): Promise<QuoteRequestResult> {
    return db.transaction(async (tx) => {
      const member = await membershipOf(tx, user.uid);
      requireQuoteBuyer(member);
      const all = before ? await before(tx) : lines;
      const written = await writeRequest(tx, user, member, all, message);
      const result = {
        quotes: await summariesOf(
          tx,
          written.map((row) => row.id),
          'buyer',
        ),
      };
      await inTransaction?.(tx, result);
      return result;
    });
  }

  const withTargets = (lines: readonly { productId: string; quantity: number }[], targets: Targets) => {
    const target = new Map(targets.map((t) => [t.productId, t.targetPrice]));
    return lines.map((line) => ({ ...line, targetPrice: target.get(line.productId) ?? null }));
  };

  /** One move on the locked quote; null: not a party (the route's 404). The answer is stored in its transaction with a key. */
  async function move(
    id: string,
    user: AuthUser,
    run: (tx: AppTx, visible: VisibleQuote) => Promise<unknown>,
    inTransaction?: InTransaction<Quote>,
  ): Promise<Quote | null> {
    return db.transaction(async (tx) => {
      const visible = await visibleQuote(tx, id, user, true);
      if (!visible) return null;
      await run(tx, visible);
      const fresh = await reread(tx, visible);
      const quote = await readQuote(tx, fresh, visible.sides[0] ?? 'buyer');
      await inTransaction?.(tx, quote);
      return quote;
    });
  }

  return {
    /** POST /quotes: line by line. */
    create(user: AuthUser, lines: readonly RequestLine[], message: string, inTx?: InTransaction<QuoteRequestResult>) {
      return request(user, lines, message, inTx);
    },

    /** POST /quotes/from-cart: the cart's lines (summed per product) move into the request; their stock goes back. */
    fromCart(user: AuthUser, targets: Targets, message: string, inTx?: InTransaction<QuoteRequestResult>) {
      return request(user, [], message, inTx, async (tx) => {
        const items = await emptyCart(tx, user);
        if (items.length === 0)
          throw new AppError('EMPTY_CART', 'Your cart is empty: there is nothing to ask a price for.');
        const summed = new Map<string, number>();
        // In the order they went into the cart, as checkout lists them.
        items.sort((a, b) => a.buyDate.getTime() - b.buyDate.getTime() || a.id.localeCompare(b.id));
        for (const item of items) summed.set(item.productId, (summed.get(item.productId) ?? 0) + item.buyQuantity);
        return withTargets(
          [...summed.entries()].map(([productId, quantity]) => ({ productId, quantity })),
          targets,
        );
      });
    },

    /** POST /quotes/from-list/:id: the list's lines whose products are still sold; the list stays. Null: no such list of the caller's. */
    async fromList(
      id: string,
      user: AuthUser,
      targets: Targets,
      message: string,
      inTx?: InTransaction<QuoteRequestResult>,
    ): Promise<QuoteRequestResult | null> {
      const list = await lists.get(id, user);
      if (!list) return null;
      const lines = list.lines.filter((line) => line.product !== null);
      if (lines.length === 0) {
        throw new AppError(
          'VALIDATION_ERROR',
          'The list has no products that are still sold: there is nothing to ask a price for.',
        );
      }
      return request(user, withTargets(lines, targets), message, inTx);
    },

    async get(id: string, user: AuthUser): Promise<Quote | null> {
      const visible = await visibleQuote(db, id, user);
      return visible ? readQuote(db, visible, visible.sides[0] ?? 'buyer') : null;
    },

    async list(user: AuthUser, query: z.output<typeof quoteListQuerySchema>): Promise<QuotePage> {
      const side = query.side;
      let where = and(
        await sideFilter(db, user, query.side),
        query.status ? eq(quotes.status, query.status) : undefined,
      );
      if (query.cursor) {
        const [createdAt, id] = decodeCursor(query.cursor, isTimeAndId);
        const at = sql`${createdAt}::timestamptz`;
        where = and(where, or(lt(quotes.createdAt, at), and(eq(quotes.createdAt, at), lt(quotes.id, id))));
      }
      const rows = await db
        .select({ row: quotes, key: sql<string>`${quotes.createdAt}::text`, ...SUMMARY_EXTRAS })
        .from(quotes)
        .where(where)
        .orderBy(desc(quotes.createdAt), desc(quotes.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        items: page.map(({ row, key: _key, ...extras }) => toQuoteSummary(row, extras, side)),
        nextCursor: rows.length > query.limit && last ? encodeCursor([last.key, last.row.id]) : null,
      };
    },

    offer: (id: string, user: AuthUser, input: z.output<typeof quoteOfferSchema>, inTx?: InTransaction<Quote>) =>
      move(id, user, (tx, visible) => offer(tx, visible, input, user), inTx),
    revise: (id: string, user: AuthUser, message: string) =>
      move(id, user, (tx, visible) => simpleMove(tx, visible, 'revision', user, message)),
    decline: (id: string, user: AuthUser, message: string) =>
      move(id, user, (tx, visible) => simpleMove(tx, visible, 'decline', user, message)),
    withdraw: (id: string, user: AuthUser) =>
      move(id, user, (tx, visible) => simpleMove(tx, visible, 'withdraw', user, '')),
    write: (id: string, user: AuthUser, text: string) =>
      move(id, user, (tx, visible) => write(tx, visible, user, text)),

    /** POST /quotes/:id/accept. Null: not a party. */
    async accept(
      id: string,
      user: AuthUser,
      input: PlaceOrder & { version?: number | undefined },
      inTx?: InTransaction<QuoteAcceptResult>,
    ): Promise<QuoteAcceptResult | null> {
      return db.transaction(async (tx) => {
        const visible = await visibleQuote(tx, id, user, true);
        return visible ? accept(tx, visible, input, user, orders, inTx) : null;
      });
    },

    /** The sweep's step: expire up to `batch` offers past their validUntil, then warn of those expiring within a day. */
    async sweep(batch: number): Promise<number> {
      return (await expireOffers(db, batch)) + (await warnExpiring(db, batch));
    },
  };
}

export type QuoteRepository = ReturnType<typeof createQuoteRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests for quote: requests, offers and their versions, the thread, acceptance into an order. */
    quoteRepository: QuoteRepository;
  }
}

export default fp(
  async (app) => {
    app.decorate(
      'quoteRepository',
      createQuoteRepository(app.db, {
        orders: app.orderRepository,
        lists: app.listRepository,
      }),
    );
    app.orderRepository.onApprovalDecided(afterApprovalDecided);
  },
  { name: 'quote-repository', dependencies: ['db', 'cart-repository', 'order-repository', 'list-repository'] },
);
