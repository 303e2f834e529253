import { randomUUID } from 'node:crypto';
import type { AppDb } from '../../src/db/client.js';
import { products, type NewProductRow } from '../../src/db/schema.js';

interface Owner {
  uid: string;
  email: string;
}

/** Inserts a product row directly (no HTTP), returning its id. */
export async function insertProduct(db: AppDb, owner: Owner, overrides: Partial<NewProductRow> = {}): Promise<string> {
  const [row] = await db
    .insert(products)
    .values({
      ownerUid: owner.uid,
      ownerEmail: owner.email.toLowerCase(),
      name: `Product ${randomUUID().slice(0, 8)}`,
      brand: 'Acme',
      category: 'electronics',
      price: 10,
      quantity: 500,
      minSellQty: 1,
      rating: 4.5,
      ...overrides,
    })
    .returning({ id: products.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** A valid POST /api/products body. */
export function productBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    image: '/images/products/x.svg',
    name: 'Wholesale Widget',
    quantity: 250,
    minSellQty: 5,
    brand: 'Acme',
    category: 'electronics',
    description: 'A widget.',
    price: 12.5,
    rating: 4.2,
    content: 'Carton of 10.',
    ...overrides,
  };
}
