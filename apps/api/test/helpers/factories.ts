import { buildProductInput } from '@b2b/shared/testing';
import type { AppDb } from '../../src/db/client.js';
import { products, type NewProductRow } from '../../src/db/schema.js';

interface Owner {
  uid: string;
  email: string;
}

/**
 * Inserts a valid product row directly (no HTTP), returning its id. Stock and minimum let a
 * test buy small quantities unless it says otherwise.
 */
export async function insertProduct(db: AppDb, owner: Owner, overrides: Partial<NewProductRow> = {}): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({
      ...buildProductInput({ quantity: 500, minSellQty: 1 }),
      sellerId: owner.uid,
      ownerEmail: owner.email.toLowerCase(),
      ...overrides,
    })
    .returning({ id: products.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** A POST /api/products body: valid unless the overrides make it otherwise. */
export function productBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...buildProductInput(), ...overrides };
}
