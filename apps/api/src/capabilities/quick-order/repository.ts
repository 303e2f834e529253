import fp from 'fastify-plugin';
import { asc, sql } from 'drizzle-orm';
import {
  judgeQuantity,
  lineAmount,
  suggestQuantities,
  sumAmounts,
  type BulkLineResult,
  type LineCode,
  type QuickOrderLineInput,
  type QuickOrderPreview,
  type QuickOrderPreviewLine,
  type QuickOrderProduct,
  type QuickOrderTotals,
  type SkuChoice,
  type SkuSuggestion,
} from '@b2b/shared';
import { queryRows, type AppDb } from '../../db/client.js';
import { products, skuKey } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/app/auth.js';
import { openPriceBook } from '../../pricing/price-book.js';
import type { CartRepository } from '../carts/index.js';

/*
 * Quick order (docs/architecture.md, "Quick order and lists"): lines by SKU resolved to products
 * with one probe of the SKU index, lines for the same product merged, every product's total
 * judged by the shared judgeQuantity against the buyer's cart, and the valid ones bought in one
 * transaction through the cart's bulk purchase.
 */

type Candidate = QuickOrderProduct & { sellerId: string; priceTiers: { minQty: number; price: number }[] };

const publicProduct = ({ priceTiers: _tiers, sellerId: _seller, ...product }: Candidate): QuickOrderProduct => product;

/** A line after its SKU and quantity have been read: either a product and a whole number, or why not. */
type Resolved =
  | { line: number; sku: string; quantity: number; product: Candidate }
  | {
      line: number;
      sku: string;
      quantity: number | null;
      code: LineCode;
      message: string;
      choices?: SkuChoice[];
    };

/** A whole number of units typed as a number or as text ("1,200" and " 24 " included). */
export function parseQuantity(value: number | string): number | null {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 1 && value <= 1_000_000_000 ? value : null;
  const text = value.trim().replace(/[,\s](?=\d{3}\b)/g, '');
  if (!/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 1_000_000_000 ? n : null;
}

/** More sellers than this of one SKU are not offered as choices (the buyer names the seller instead). */
const MAX_SELLERS_PER_SKU = 100;

export function createQuickOrderRepository(db: AppDb, { carts }: { carts: CartRepository }) {
  /**
   * Every product whose SKU is one of `skus` (lower-cased): one probe of the SKU index per SKU.
   * Written as a lateral join because the planner, not knowing how few products share a SKU,
   * would rather read the whole table than probe the index 500 times (EXPLAIN: a sequential scan
   * of 160 ms at 200,000 products, against 15 ms for the probes).
   */
  async function productsBySku(skus: string[]): Promise<Map<string, Candidate[]>> {
    const found = new Map<string, Candidate[]>();
    if (skus.length === 0) return found;
    const rows = await queryRows<Candidate & { key: string; price: string; priceTiers: Candidate['priceTiers'] }>(
      db,
      sql`select s.key, p.id as "_id", p.name, p.image, p.sku, p.owner_email as "sellerEmail", p.seller_name as "sellerName",
                 p.owner_uid as "sellerId",
                 p.price,
                 p.pack_size as "packSize", p.min_sell_qty as "minSellQty", p.max_order_qty as "maxOrderQty",
                 p.quantity, p.price_tiers as "priceTiers"
          from unnest(${sql.param(skus)}::text[]) as s(key)
          cross join lateral (
            select * from ${products}
            where ${skuKey(products.sku)} = s.key and ${products.sku} is not null
            order by ${products.ownerEmail}, ${products.id}
            limit ${MAX_SELLERS_PER_SKU}
          ) as p`,
    );
    for (const { key, ...row } of rows) {
      found.set(key, [...(found.get(key) ?? []), { ...row, price: Number(row.price) }]);
    }
    return found;
  }

  async function resolve(lines: readonly QuickOrderLineInput[]): Promise<Resolved[]> {
    const skus = [...new Set(lines.map((l) => l.sku.trim().toLowerCase()).filter(Boolean))];
    const bySku = await productsBySku(skus);
    return lines.map((input, index): Resolved => {
      const line = index + 1;
      const sku = input.sku.trim();
      const quantity = parseQuantity(input.quantity);
      if (!sku) return { line, sku, quantity, code: 'VALIDATION_ERROR', message: 'Enter a SKU.' };
      if (quantity === null) {
        return {
          line,
          sku,
          quantity,
          code: 'VALIDATION_ERROR',
          message: `Quantity “${String(input.quantity).trim()}” is not a whole number of at least 1.`,
        };
      }
      const all = bySku.get(sku.toLowerCase()) ?? [];
      const seller = input.sellerEmail?.trim().toLowerCase();
      const candidates = seller ? all.filter((p) => p.sellerEmail === seller) : all;
      if (candidates.length === 0) {
        return {
          line,
          sku,
          quantity,
          code: 'SKU_UNKNOWN',
          message:
            seller && all.length > 0
              ? `${seller} sells no product with SKU ${sku}.`
              : `No product has the SKU ${sku}. Check it for typing errors.`,
        };
      }
      const [only] = candidates;
      if (candidates.length > 1 || !only) {
        return {
          line,
          sku,
          quantity,
          code: 'SKU_AMBIGUOUS',
          message: `${candidates.length} sellers sell SKU ${sku}: choose one.`,
          choices: candidates.map((p) => ({
            productId: p._id,
            name: p.name,
            sellerEmail: p.sellerEmail,
            sellerName: p.sellerName,
            price: p.price,
            packSize: p.packSize,
          })),
        };
      }
      return { line, sku, quantity, product: only };
    });
  }

  /** The resolved lines grouped by product, in the order of each product's first line. */
  function groups(resolved: Resolved[]) {
    const byProduct = new Map<
      string,
      { product: Candidate; lines: { line: number; sku: string; quantity: number }[] }
    >();
    for (const r of resolved) {
      if (!('product' in r)) continue;
      const group = byProduct.get(r.product._id) ?? { product: r.product, lines: [] };
      group.lines.push({ line: r.line, sku: r.sku, quantity: r.quantity });
      byProduct.set(r.product._id, group);
    }
    return byProduct;
  }

  const mergedWith = (all: { line: number }[], line: number) => {
    const others = all.map((l) => l.line).filter((n) => n !== line);
    return others.length > 0 ? { mergedWith: others } : {};
  };

  return {
    /** Resolves and judges every line against the buyer's cart and the stock now; buys nothing. */
    async preview(user: AuthUser, lines: readonly QuickOrderLineInput[]): Promise<QuickOrderPreview> {
      const resolved = await resolve(lines);
      const byProduct = groups(resolved);
      const book = await openPriceBook(db, { uids: [user.uid], productIds: [...byProduct.keys()] });
      const out = new Map<number, QuickOrderPreviewLine>();
      for (const { product, lines: group } of byProduct.values()) {
        const priced = { ...product, id: product._id };
        const asked = { quantity: group.reduce((sum, l) => sum + l.quantity, 0), held: book.held(priced.id, user.uid) };
        const verdict = judgeQuantity(product, { ...asked, stock: product.quantity });
        const quote = verdict.ok ? book.quote(priced, user.uid, asked.quantity) : null;
        // Merged lines get no suggestion: which of them should change is the buyer's choice.
        const suggestions = group.length === 1 ? suggestQuantities(product, { ...asked, stock: product.quantity }) : [];
        for (const { line, sku, quantity } of group) {
          const base = { line, sku, quantity, product: publicProduct(product), ...mergedWith(group, line) };
          if (quote) {
            out.set(line, {
              ...base,
              status: 'ok',
              unitPrice: quote.unitPrice,
              lineTotal: lineAmount(quote.unitPrice, quantity),
              nextTier: quote.nextTier,
            });
          } else if (!verdict.ok) {
            out.set(line, {
              ...base,
              status: 'error',
              code: verdict.code,
              message: verdict.message,
              ...(suggestions.length > 0 ? { suggestions } : {}),
            });
          }
        }
      }
      const previewLines = resolved.map((r): QuickOrderPreviewLine => {
        const judged = out.get(r.line);
        if (judged) return judged;
        if ('product' in r) throw new Error('a resolved line was not judged');
        return {
          line: r.line,
          sku: r.sku,
          quantity: r.quantity,
          status: 'error',
          code: r.code,
          message: r.message,
          ...(r.choices ? { choices: r.choices } : {}),
        };
      });
      return { lines: previewLines, totals: totalsOf(previewLines) };
    },

    /**
     * Adds every line that resolves to one product to the cart, one purchase per product (its
     * lines merged), all in one transaction through the cart's bulk purchase; the others are
     * reported. One result per line.
     */
    async addToCart(user: AuthUser, lines: readonly QuickOrderLineInput[]): Promise<BulkLineResult[]> {
      const resolved = await resolve(lines);
      const byProduct = [...groups(resolved).values()];
      const bought = await carts.buyLines(
        byProduct.map(({ product, lines: group }) => ({
          user,
          productId: product._id,
          buyQuantity: group.reduce((sum, l) => sum + l.quantity, 0),
        })),
      );
      const outcome = new Map<number, BulkLineResult>();
      byProduct.forEach(({ lines: group }, i) => {
        const result = bought[i];
        for (const { line, sku } of group) {
          const base = { line, sku, ...mergedWith(group, line) };
          if (result?.status === 'fulfilled') {
            outcome.set(line, { ...base, outcome: 'added', cartItemId: result.value });
          } else {
            const error = result?.reason;
            if (!(error instanceof AppError)) throw error;
            outcome.set(line, { ...base, outcome: 'error', code: error.code as LineCode, message: error.message });
          }
        }
      });
      return resolved.map(
        (r) =>
          outcome.get(r.line) ??
          ('code' in r
            ? { line: r.line, sku: r.sku, outcome: 'error', code: r.code, message: r.message }
            : { line: r.line, sku: r.sku, outcome: 'error', code: 'NOT_FOUND', message: 'Product not found.' }),
      );
    },

    /** SKUs that start with `prefix` (case-insensitively), from the SKU index, in SKU order. */
    async suggest(prefix: string, limit: number): Promise<SkuSuggestion[]> {
      const pattern = `${prefix.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
      const rows = await db
        .select({
          sku: products.sku,
          productId: products.id,
          name: products.name,
          sellerEmail: products.ownerEmail,
          packSize: products.packSize,
          minSellQty: products.minSellQty,
        })
        .from(products)
        .where(sql`${skuKey(products.sku)} like ${pattern}`)
        .orderBy(skuKey(products.sku), asc(products.sellerId))
        .limit(limit);
      return rows.flatMap((row) => (row.sku ? [{ ...row, sku: row.sku }] : []));
    },
  };
}

/** The ok lines' units and money, overall and per seller. */
export function totalsOf(lines: readonly QuickOrderPreviewLine[]): QuickOrderTotals {
  type Sum = { sellerEmail: string; sellerName: string | null; lines: number; units: number; total: number };
  const sellers = new Map<string, Sum>();
  const all = { lines: 0, units: 0, total: 0 };
  for (const line of lines) {
    if (line.status !== 'ok' || !line.product || line.quantity === null) continue;
    const { sellerEmail, sellerName } = line.product;
    // A company's lines are one seller's, whoever of its staff listed them.
    const key = sellerName === null ? `user:${sellerEmail}` : `company:${sellerName}`;
    const seller = sellers.get(key) ?? { sellerEmail, sellerName, lines: 0, units: 0, total: 0 };
    for (const sum of [seller, all]) {
      sum.lines += 1;
      sum.units += line.quantity;
      sum.total = sumAmounts([sum.total, line.lineTotal ?? 0]);
    }
    sellers.set(key, seller);
  }
  return { ...all, sellers: [...sellers.values()] };
}

export type QuickOrderRepository = ReturnType<typeof createQuickOrderRepository>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Quick order: part numbers and quantities resolved, previewed and added to the cart. */
    quickOrderRepository: QuickOrderRepository;
  }
}

/** The repository as a plugin: routes and other plugins reach it as `app.quickOrderRepository`. */
export default fp(
  async (app) => {
    app.decorate('quickOrderRepository', createQuickOrderRepository(app.db, { carts: app.cartRepository }));
  },
  { name: 'quick-order-repository', dependencies: ['db', 'cart-repository'] },
);
