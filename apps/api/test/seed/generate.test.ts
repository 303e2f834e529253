import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { AVAILABLE_THRESHOLD, CATEGORY_VALUES, productCreateSchema } from '@b2b/shared';
import { REPO_ROOT } from '../../src/config.js';
import { queryRows } from '../../src/db/client.js';
import { products } from '../../src/db/schema.js';
import { generateCatalogue } from '../../src/seed/generate.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';

/* The large-catalogue generator: varied, valid rows that the maintained counts know about. */

let handle: TestDatabase;
const owner = { uid: 'demo-seller', email: 'demo@example.com' };

beforeAll(async () => {
  handle = await openTestDatabase();
  await generateCatalogue(handle.database.db, { products: 3_000, owners: [owner], batchSize: 1_000 });
});
afterAll(async () => handle.dispose());

test('every generated row passes the product schema, and every image ships with the web app', async () => {
  const rows = await handle.database.db.select().from(products);
  expect(rows).toHaveLength(3_000);
  for (const row of rows) {
    const { name, image, brand, category, description, content, price, quantity, minSellQty, rating } = row;
    const { sku, packSize, maxOrderQty, priceTiers } = row;
    productCreateSchema.parse({
      sku,
      packSize,
      maxOrderQty,
      priceTiers,
      name,
      image,
      brand,
      category,
      description,
      content,
      price,
      quantity,
      minSellQty,
      rating,
    });
  }
  const images = new Set(rows.map((row) => row.image));
  for (const image of images) expect(existsSync(resolve(REPO_ROOT, 'apps/web/public', `.${image}`)), image).toBe(true);
});

test('the catalogue is varied: every category, stock on both sides of the threshold, sellers, unrated products', async () => {
  const [stats] = await queryRows<{
    categories: number;
    available: number;
    names: number;
    brands: number;
    sellers: number;
    unrated: number;
    ordered: boolean;
  }>(
    handle.database.db,
    sql`select count(distinct category)::int as categories,
               count(*) filter (where quantity > ${AVAILABLE_THRESHOLD})::int as available,
               count(distinct name)::int as names, count(distinct brand)::int as brands,
               count(distinct owner_uid)::int as sellers, count(*) filter (where rating is null)::int as unrated,
               bool_and(created_at <= now()) as ordered
        from products`,
  );
  expect(stats).toMatchObject({ categories: CATEGORY_VALUES.length, ordered: true });
  expect(stats?.available).toBeGreaterThan(1_500);
  expect(stats?.available).toBeLessThan(2_500);
  expect(stats?.names).toBeGreaterThan(1_000);
  expect(stats?.brands).toBeGreaterThan(50);
  expect(stats?.sellers).toBeGreaterThan(10);
  expect(stats?.unrated).toBeGreaterThan(0);
});

test('the maintained counts agree with the rows', async () => {
  const [row] = await queryRows<{ counted: number; kept: number }>(
    handle.database.db,
    sql`select (select count(*) from products)::int as counted, (select sum(count) from product_counts)::int as kept`,
  );
  expect(row).toEqual({ counted: 3_000, kept: 3_000 });
});

test('every generated product has a SKU; some are sold in packs, with volume prices, or capped; a second run adds new SKUs', async () => {
  const [stats] = await queryRows<{ skus: number; packs: number; tiered: number; capped: number }>(
    handle.database.db,
    sql`select count(distinct lower(sku))::int as skus, count(*) filter (where pack_size > 1)::int as packs,
               count(*) filter (where jsonb_array_length(price_tiers) > 0)::int as tiered,
               count(*) filter (where max_order_qty is not null)::int as capped
        from products`,
  );
  expect(stats?.skus).toBe(3_000);
  expect(stats?.packs).toBeGreaterThan(300);
  expect(stats?.tiered).toBeGreaterThan(300);
  expect(stats?.capped).toBeGreaterThan(50);
  await generateCatalogue(handle.database.db, { products: 10, owners: [owner] });
  const [after] = await queryRows<{ skus: number }>(
    handle.database.db,
    sql`select count(distinct lower(sku))::int as skus from products`,
  );
  expect(after?.skus).toBe(3_010);
});
