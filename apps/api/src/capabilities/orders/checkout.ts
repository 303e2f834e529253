import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import {
  formatPrice,
  judgeQuantity,
  lineAmount,
  sumAmounts,
  taxOf,
  totalsOf,
  withinSpendingLimit,
  type PlaceOrder,
  type PlaceOrderResult,
} from '@b2b/shared';
import type { AppDb, AppTx, InTransaction } from '../../db/client.js';
import { cartItems, orderLines, orders, products, type CartItemRow } from '../../db/schema.js';
import { AppError, refuseLines, type LineRefusal } from '../../lib/errors.js';
import { notifyApprovalRequested, notifyOrdersPlaced, type PlacedOrder } from '../notifications/index.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { companyNames, membershipOf } from '../companies/index.js';
import { holding } from '../../db/holding.js';
import { openPriceBook, PRICED_COLUMNS } from '../../pricing/price-book.js';
import { toOrderSummary } from './mapping.js';
import { productTaxRate } from '../billing/index.js';
import { onAccount } from '../accounts/index.js';

/**
 * Checkout checks the cart against the products' rules as they are now (a seller may have
 * changed the pack, minimum or maximum since the items were bought): the buyer's total of each
 * product is judged by the same `judgeQuantity` as a purchase, without the stock, which the
 * items already hold. Any line that no longer fits is reported and nothing is placed.
 */
async function assertCartFitsRules(
  tx: AppTx,
  items: readonly CheckoutItem[],
  from: CheckoutSource['from'],
): Promise<Map<string, { taxRate: number; packSize: number }>> {
  const totals = new Map<string, { name: string; quantity: number }>();
  for (const item of items) {
    const total = totals.get(item.productId);
    totals.set(item.productId, { name: item.name, quantity: (total?.quantity ?? 0) + item.buyQuantity });
  }
  const rules = await tx
    .select({
      id: products.id,
      price: products.price,
      minSellQty: products.minSellQty,
      packSize: products.packSize,
      maxOrderQty: products.maxOrderQty,
      priceTiers: products.priceTiers,
      taxRate: productTaxRate,
    })
    .from(products)
    .where(inArray(products.id, [...totals.keys()]));
  const sold = new Map(rules.map((rule) => [rule.id, { taxRate: rule.taxRate, packSize: rule.packSize }]));
  const refusals: LineRefusal[] = [];
  for (const product of rules) {
    const total = totals.get(product.id);
    if (!total) continue;
    const verdict = judgeQuantity(product, { quantity: total.quantity });
    if (!verdict.ok)
      refusals.push({ code: verdict.code, field: product.id, message: `${total.name}: ${verdict.message}` });
  }
  refuseLines(
    `${from === 'cart' ? 'Your cart' : 'The quote'} no longer fits the seller's rules, so nothing was ordered.`,
    refusals,
  );
  return sold;
}

/**
 * A cart item bought at a contract price keeps it only while that contract still gives it to the
 * buyer (docs/architecture.md, "Contract prices"): one whose list ended, was deleted or no longer
 * names the buyer's customer moves to the buyer's price now (their own transaction, so the cart
 * shows it). The items whose price changed, for the buyer to see before anything is placed.
 */
async function repriceEndedContracts(db: AppDb, user: AuthUser) {
  return db.transaction(async (tx) => {
    const items = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.userUid, user.uid), holding(), isNotNull(cartItems.priceListId)))
      .for('update');
    if (items.length === 0) return [];
    const ids = [...new Set(items.map((item) => item.productId))];
    const [rows, book] = [
      await tx.select(PRICED_COLUMNS).from(products).where(inArray(products.id, ids)),
      await openPriceBook(tx, { uids: [user.uid], productIds: ids }),
    ];
    const byId = new Map(rows.map((row) => [row.id, row]));
    const changed: { productId: string; name: string; was: number; now: number }[] = [];
    for (const item of items) {
      const product = byId.get(item.productId);
      if (!product) continue;
      const price = book.priceAt(product, user.uid, book.held(product.id, user.uid));
      if (price.priceList?.id === item.priceListId) continue;
      await tx
        .update(cartItems)
        .set({ price: price.unitPrice, listPrice: product.price, priceListId: price.priceList?.id ?? null })
        .where(eq(cartItems.id, item.id));
      if (price.unitPrice !== item.price) {
        changed.push({ productId: item.productId, name: item.name, was: item.price, now: price.unitPrice });
      }
    }
    return changed;
  });
}

/** Where checked-out items come from: the caller's cart, or an accepted quote. */
export interface CheckoutSource {
  from: 'cart' | 'quote';
  quoteId?: string;
}

/** What checkout needs of an item: a cart item, or an accepted quote's line. */
export type CheckoutItem = Pick<
  CartItemRow,
  | 'id'
  | 'productId'
  | 'buyQuantity'
  | 'name'
  | 'image'
  | 'brand'
  | 'category'
  | 'price'
  | 'listPrice'
  | 'sku'
  | 'sellerId'
  | 'sellerEmail'
  | 'buyDate'
>;

function createPlacement({ approvalTimeoutHours }: { approvalTimeoutHours: number }) {
  return async function placeItems(
    tx: AppTx,
    user: AuthUser,
    input: PlaceOrder,
    items: readonly CheckoutItem[],
    source: CheckoutSource,
  ): Promise<PlaceOrderResult> {
    const sold = await assertCartFitsRules(tx, items, source.from);

    const bySeller = new Map<string, CheckoutItem[]>();
    const oldestFirst = [...items].sort(
      (a, b) => a.buyDate.getTime() - b.buyDate.getTime() || a.id.localeCompare(b.id),
    );
    for (const item of oldestFirst) bySeller.set(item.sellerId, [...(bySeller.get(item.sellerId) ?? []), item]);
    const groups = [...bySeller.values()].sort((a, b) =>
      (a[0]?.sellerEmail ?? '').localeCompare(b[0]?.sellerEmail ?? ''),
    );

    // A company member's checkout above their spending limit waits for approval, every order
    // of it: the total is of the whole checkout, in exact cents (a limit exactly met is placed).
    const member = await membershipOf(tx, user.uid);
    const checkoutTotal = sumAmounts(items.map((item) => lineAmount(item.price, item.buyQuantity)));
    const awaits = member !== null && !withinSpendingLimit(checkoutTotal, member.spendingLimit);
    const approval = awaits
      ? {
          status: 'awaiting_approval' as const,
          approvalLimit: member.spendingLimit,
          approvalCheckoutTotal: checkoutTotal,
          submittedAt: sql`now()`,
          approvalExpiresAt: sql`now() + make_interval(hours => ${approvalTimeoutHours})`,
        }
      : {};

    const sellerNames = await companyNames(tx, [...bySeller.keys()]);
    const checkoutId = randomUUID();
    const placed: PlaceOrderResult['orders'] = [];
    const notices: PlacedOrder[] = [];
    // Each seller's account with the buyer: on account when its terms are net and its credit
    // covers the order (409 CREDIT_LIMIT_EXCEEDED otherwise: nothing of the checkout is placed),
    // or prepaid. The account rows are locked in seller order, so two checkouts never deadlock.
    const credits = new Map<string, { onAccount: boolean; prepaid: boolean }>();
    const bySellerId = [...groups].sort((a, b) => (a[0]?.sellerId ?? '').localeCompare(b[0]?.sellerId ?? ''));
    for (const group of bySellerId) {
      const [first] = group;
      if (!first) continue;
      const gross = totalsOf(
        group.map((item) => ({
          lineTotal: lineAmount(item.price, item.buyQuantity),
          taxRate: sold.get(item.productId)?.taxRate ?? 0,
        })),
      ).gross;
      const creditor = sellerNames.get(first.sellerId) ?? first.sellerEmail;
      const buyer = { companyId: member?.companyId ?? null, uid: user.uid };
      credits.set(first.sellerId, await onAccount(tx, first.sellerId, buyer, gross, creditor));
    }
    for (const group of groups) {
      const [first] = group;
      if (!first) continue;
      const credit = credits.get(first.sellerId) ?? { onAccount: false, prepaid: false };
      const [order] = await tx
        .insert(orders)
        .values({
          checkoutId,
          buyerUid: user.uid,
          buyerEmail: user.email,
          buyerName: user.displayName,
          sellerId: first.sellerId,
          sellerEmail: first.sellerEmail,
          sellerName: sellerNames.get(first.sellerId) ?? null,
          poNumber: input.poNumber,
          shipName: input.shipTo.name,
          shipLine1: input.shipTo.line1,
          shipLine2: input.shipTo.line2,
          shipCity: input.shipTo.city,
          shipPostalCode: input.shipTo.postalCode,
          shipCountry: input.shipTo.country,
          shipPhone: input.shipTo.phone,
          note: input.note,
          companyId: member?.companyId ?? null,
          companyName: member?.companyName ?? null,
          onAccount: credit.onAccount,
          prepaid: credit.prepaid,
          quoteId: source.quoteId ?? null,
          ...approval,
        })
        .returning({ id: orders.id });
      if (!order) throw new Error('insert returned no order');
      await tx.insert(orderLines).values(
        group.map((item, index) => {
          // A product deleted since keeps no rate or pack: untaxed, in units.
          const { taxRate, packSize } = sold.get(item.productId) ?? { taxRate: 0, packSize: 1 };
          return {
            orderId: order.id,
            position: index + 1,
            productId: item.productId,
            name: item.name,
            image: item.image,
            brand: item.brand,
            category: item.category,
            price: item.price,
            listPrice: item.listPrice,
            sku: item.sku,
            quantity: item.buyQuantity,
            taxRate,
            tax: taxOf(lineAmount(item.price, item.buyQuantity), taxRate),
            packSize,
          };
        }),
      );
      // The total from the snapshot prices, computed by the database in numeric (no float drift).
      const [row] = await tx
        .update(orders)
        .set({
          total: sql`(SELECT coalesce(sum(${orderLines.lineTotal}), 0) FROM ${orderLines} WHERE ${orderLines.orderId} = ${order.id})`,
          tax: sql`(SELECT coalesce(sum(${orderLines.tax}), 0) FROM ${orderLines} WHERE ${orderLines.orderId} = ${order.id})`,
          lineCount: group.length,
          units: group.reduce((sum, item) => sum + item.buyQuantity, 0),
        })
        .where(eq(orders.id, order.id))
        .returning();
      if (!row) throw new Error('update returned no order');
      const { _id, orderNumber, sellerEmail, sellerName, status, total, tax } = toOrderSummary(row);
      placed.push({ _id, orderNumber, sellerEmail, sellerName, status, total, tax });
      notices.push({
        order: row,
        lines: group.map((item) => ({
          ...item,
          quantity: item.buyQuantity,
          taxRate: sold.get(item.productId)?.taxRate ?? 0,
        })),
      });
    }
    // The outbox: the seller's and the buyer's notifications commit with the orders. An order
    // awaiting approval tells the approvers instead; its sellers hear of it once approved.
    if (awaits) await notifyApprovalRequested(tx, notices);
    else await notifyOrdersPlaced(tx, notices);
    return { acknowledged: true, checkoutId, orders: placed };
  };
}

export function createCheckout(db: AppDb, { approvalTimeoutHours }: { approvalTimeoutHours: number }) {
  const placeItems = createPlacement({ approvalTimeoutHours });
  return {
    /**
     * Checkout, in one transaction: the caller's cart items (their stock is already held) are
     * deleted with RETURNING, so an item that a concurrent removal or the hold sweep takes is
     * not ordered too; they become one order per seller with the items as lines. Any failure
     * rolls everything back and the cart is as it was.
     */
    async place(
      user: AuthUser,
      input: PlaceOrder,
      inTransaction?: InTransaction<PlaceOrderResult>,
    ): Promise<PlaceOrderResult> {
      const changed = await repriceEndedContracts(db, user);
      if (changed.length > 0) {
        const lines = changed.map((c) => `${c.name}: now ${formatPrice(c.now)} each (was ${formatPrice(c.was)}).`);
        throw new AppError(
          'PRICES_CHANGED',
          `A contract price in your cart has ended, so nothing was ordered yet. ${lines.join(' ')} Check your cart and place the order again.`,
          changed.map((c) => ({ field: c.productId, message: lines[changed.indexOf(c)] ?? '' })),
        );
      }
      return db.transaction(async (tx) => {
        const items = await tx
          .delete(cartItems)
          .where(and(eq(cartItems.userUid, user.uid), holding()))
          .returning();
        if (items.length === 0) throw new AppError('EMPTY_CART', 'Your cart is empty: there is nothing to order.');
        const result = await placeItems(tx, user, input, items, { from: 'cart' });
        await inTransaction?.(tx, result);
        return result;
      });
    },

    /**
     * Places `items` as the caller's orders inside the caller's transaction, exactly as a checkout
     * of a cart holding them would (one order per seller, approvals, accounts, notifications): an
     * accepted quote's lines come this way at the quote's prices (docs/architecture.md, "Quotes").
     * The items' stock must already be taken.
     */
    placeItems,
  };
}
