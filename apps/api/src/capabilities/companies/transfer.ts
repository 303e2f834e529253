import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { AppDb, AppTx } from '../../db/client.js';
import { cartItems, imports, orders, products, skuKey } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';

/*
 * The business owns the catalogue (docs/architecture.md, "Seller organisations"): a user who
 * creates or joins a company brings what they sold on their own into it, in the transaction that
 * makes them a member: their products, their orders as seller (the dashboard's rollups follow the
 * orders' seller by the triggers of migration 0010), the holds of their products in buyers' carts
 * (so checkout makes the order with the company) and their imports. Leaving takes nothing back.
 */

/** How many products a user sells on their own (what joining a company would bring in). */
export async function ownProductCount(executor: AppDb | AppTx, uid: string): Promise<number> {
  const [row] = await executor.select({ n: count() }).from(products).where(eq(products.sellerId, uid));
  return row?.n ?? 0;
}

/**
 * Moves the user's own selling into the company; answers how many products came. 409 SKU_TAKEN
 * (nothing moves) when one of their SKUs is already the company's: SKUs are unique per seller.
 */
export async function bringIntoCompany(tx: AppTx, uid: string, company: { id: string; name: string }): Promise<number> {
  const clashes = await tx
    .select({ sku: products.sku })
    .from(products)
    .where(
      and(
        eq(products.sellerId, uid),
        isNotNull(products.sku),
        sql`exists (select 1 from ${products} c
                   where (lower(c.sku) COLLATE "C") = ${skuKey(products.sku)} and c.owner_uid = ${company.id})`,
      ),
    )
    .orderBy(products.sku)
    .limit(5);
  if (clashes.length > 0) {
    const skus = clashes.map((c) => c.sku).join(', ');
    throw new AppError(
      'SKU_TAKEN',
      `${company.name} already sells products with your SKU${clashes.length > 1 ? 's' : ''} ${skus}: ` +
        'change them on your own products first, then join.',
    );
  }
  const moved = await tx
    .update(products)
    .set({ sellerId: company.id, sellerName: company.name })
    .where(eq(products.sellerId, uid))
    .returning({ id: products.id });
  await tx.update(orders).set({ sellerId: company.id, sellerName: company.name }).where(eq(orders.sellerId, uid));
  await tx.update(cartItems).set({ sellerId: company.id }).where(eq(cartItems.sellerId, uid));
  await tx
    .update(imports)
    .set({ sellerId: company.id, startedByUid: sql`coalesce(${imports.startedByUid}, ${uid})` })
    .where(eq(imports.sellerId, uid));
  return moved.length;
}
