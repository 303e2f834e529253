import { sql } from 'drizzle-orm';
import { CATEGORY_VALUES, type Category } from '@b2b/shared';
import { queryRows, type AppDb, type AppTx } from '../db/client.js';

/*
 * A large, varied catalogue on demand (`npm run seed -- --products 1000000`), built inside the
 * database with one INSERT … SELECT per batch, so a million rows take seconds, not minutes of
 * round trips. Every choice is a hash of the row number: the same command always builds the
 * same catalogue, which keeps benchmark runs comparable.
 */

/** What a generated product can be called, per category, each with the demo image that shows it. */
const NOUNS: Record<Category, [noun: string, image: string][]> = {
  electronics: [
    ['Wireless Headphones', 'wireless-anc-headphones'],
    ['Smartphone', 'android-smartphone'],
    ['Business Laptop', 'business-laptop'],
    ['Smart TV', 'smart-tv-43'],
    ['USB-C Charger', 'usb-c-charger-65w'],
    ['Wireless Mouse', 'wireless-mouse'],
    ['AA Batteries', 'aa-alkaline-batteries'],
  ],
  home: [
    ['Potted Plant', 'artificial-potted-plant'],
    ['LED Bulb', 'led-bulb-9w'],
    ['Pillar Candles', 'pillar-candles'],
    ['Bed Frame', 'queen-bed-frame'],
    ['Broom', 'soft-bristle-broom'],
    ['Sofa', 'three-seater-sofa'],
  ],
  kitchen: [
    ['Chef Knife', 'chefs-knife'],
    ['Takeaway Boxes', 'kraft-takeaway-boxes'],
    ['Frying Pan', 'non-stick-frying-pan'],
    ['Teapot', 'porcelain-teapot'],
    ['Stock Pot', 'stainless-stock-pot'],
    ['Coffee Mugs', 'stoneware-coffee-mugs'],
  ],
  fashion: [
    ['Crew Socks', 'cotton-crew-socks'],
    ['Cotton T-Shirt', 'cotton-t-shirts'],
    ['Midi Dress', 'floral-midi-dress'],
    ['Running Shoes', 'running-shoes'],
    ['Slim-Fit Jeans', 'slim-fit-jeans'],
  ],
  health: [
    ['Adhesive Bandages', 'adhesive-bandages'],
    ['Hand Soap', 'antibacterial-hand-soap'],
    ['Thermometer', 'digital-thermometer'],
    ['Stethoscope', 'dual-head-stethoscope'],
    ['Toothbrush', 'soft-toothbrushes'],
    ['Vitamin C Tablets', 'vitamin-c-tablets'],
  ],
  beauty: [
    ['Compact Mirror', 'compact-mirror'],
    ['Nail Polish', 'gel-nail-polish'],
    ['Bubble Bath', 'lavender-bubble-bath'],
    ['Blending Sponge', 'makeup-blending-sponges'],
    ['Matte Lipstick', 'matte-lipstick'],
    ['Body Lotion', 'shea-body-lotion'],
  ],
  accessories: [
    ['Laptop Backpack', 'laptop-backpack'],
    ['Sunglasses', 'polarized-sunglasses'],
    ['Wristwatch', 'steel-wristwatch'],
    ['Silver Ring', 'sterling-silver-ring'],
    ['Handbag', 'vegan-leather-handbag'],
  ],
  'office&stationary': [
    ['Ruled Notebook', 'a5-ruled-notebooks'],
    ['Ballpoint Pens', 'blue-ballpoint-pens'],
    ['Graphite Pencils', 'hb-graphite-pencils'],
    ['Office Scissors', 'office-scissors'],
    ['Paper Clips', 'paper-clips'],
  ],
  others: [
    ['Shipping Boxes', 'double-wall-shipping-boxes'],
    ['Teddy Bear', 'plush-teddy-bear'],
    ['Toolbox', 'steel-toolbox'],
    ['Football', 'training-football'],
  ],
};

const ADJECTIVES = [
  'Stainless Steel',
  'Heavy-Duty',
  'Compact',
  'Premium',
  'Eco',
  'Classic',
  'Professional',
  'Lightweight',
  'Waterproof',
  'Deluxe',
  'Essential',
  'Ultra',
  'Smart',
  'Organic',
  'Recycled',
  'Tungsten',
  'Bamboo',
  'Ceramic',
  'Carbon',
  'Everyday',
];

const BRAND_STEMS = [
  'North',
  'Sonic',
  'Bright',
  'Karna',
  'Delta',
  'Pure',
  'Forge',
  'Leaf',
  'Shore',
  'Clip',
  'Aqua',
  'Terra',
];
const BRAND_ENDS = ['wind', 'lane', 'line', 'phuli', 'craft', 'works', 'mart', 'trade', 'well', 'point'];
const PACKS = ['pack of 6', 'pack of 12', 'carton of 20', 'case of 24', 'box of 50', 'bundle of 100', 'pallet of 500'];

/** Accounts that own generated products without being able to sign in (no password exists). */
export const GENERATED_SELLERS = 47;

export interface GenerateOptions {
  products: number;
  /** Demo sellers (real accounts) who own a share of the generated catalogue, so it can be managed. */
  owners: { uid: string; email: string }[];
  batchSize?: number;
  onProgress?: (done: number) => void;
}

/** A well-mixed non-negative integer for row g and choice k (PostgreSQL's own 64-bit hash, seeded by k). */
const hash = (k: number) => sql.raw(`(hashint8extended(g, ${k}) & 2147483647)`);

/** Inserts `products` generated rows (after any there are), in batches; returns how many. */
export async function generateCatalogue(db: AppDb, options: GenerateOptions): Promise<number> {
  const batch = options.batchSize ?? 100_000;
  const categories = [...CATEGORY_VALUES];
  const nouns = categories.map((c) => NOUNS[c]);
  const maxNouns = Math.max(...nouns.map((n) => n.length));
  // Rectangular text[][] for SQL: short lists repeat their entries to fill the row.
  const grid = (pick: (entry: [string, string]) => string) =>
    nouns.map((list) => Array.from({ length: maxNouns }, (_, i) => pick(list[i % list.length] ?? ['', ''])));
  const nounGrid = grid(([noun]) => noun);
  const images = grid(([, image]) => `/images/products/${image}.svg`);
  const generated = Array.from({ length: GENERATED_SELLERS }, (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    return { uid: `generated-seller-${n}`, email: `wholesaler${n}@sellers.example` };
  });
  const owners = [...options.owners, ...generated];
  // Spread over the last two years, in row order, so "oldest first" is the generation order.
  const span = 2 * 365 * 24 * 3600;
  const total = options.products;
  // SKUs go on from the generated ones already there, so a second run adds products, not duplicates.
  const [skus] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::integer AS n FROM products WHERE (lower(sku) COLLATE "C") LIKE 'gen-%'`,
  );
  const skuOffset = skus?.n ?? 0;
  let done = 0;
  // Building indexes once at the end is far quicker than updating them row by row; the
  // definitions are read back from the catalog, so nothing here restates the migrations.
  // One transaction: a failure part-way leaves the catalogue (and its indexes) as it was.
  await db.transaction(async (tx) => {
    const rebuild = total >= REBUILD_INDEXES_FROM ? await dropSecondaryIndexes(tx) : [];
    while (done < total) {
      const from = done + 1;
      const to = Math.min(total, done + batch);
      await tx.execute(sql`
      INSERT INTO products (owner_uid, owner_email, name, image, brand, category, description, content,
                            price, quantity, min_sell_qty, rating, created_at, updated_at,
                            sku, pack_size, max_order_qty, price_tiers)
      SELECT o.uid, o.email,
             b.brand || ' ' || a.adjective || ' ' || n.noun || ' — ' || p.pack,
             n.image, b.brand, c.category,
             'A ' || lower(a.adjective) || ' ' || lower(n.noun) || ' from ' || b.brand || ', sold by the ' || p.pack || '.',
             'Unit: one ' || lower(n.noun) || '. Pack: ' || p.pack || '. Ships within 3 working days.',
             r.price,
             -- about a third at or below the "available" threshold of 100, some of them sold out
             CASE WHEN ${hash(2)} % 3 = 0 THEN ${hash(3)} % 101 ELSE 101 + ${hash(3)} % 20000 END,
             r.minimum,
             CASE WHEN ${hash(5)} % 10 = 0 THEN NULL ELSE round(((${hash(5)} % 41) / 10.0 + 1)::numeric, 1) END,
             t.at, t.at,
             -- every product a SKU; a quarter sold only in whole packs of the minimum; one in five with
             -- two volume prices (5% off from 5 packs, 10% from 20); one in twenty capped at 50 minimums
             'GEN-' || lpad((g + ${skuOffset})::text, 7, '0'),
             CASE WHEN ${hash(13)} % 4 = 0 THEN r.minimum ELSE 1 END,
             CASE WHEN ${hash(15)} % 20 = 0 THEN r.minimum * 50 END,
             CASE WHEN ${hash(14)} % 5 = 0
                  THEN jsonb_build_array(jsonb_build_object('minQty', r.minimum * 5, 'price', round(r.price * 0.95, 2)),
                                         jsonb_build_object('minQty', r.minimum * 20, 'price', round(r.price * 0.9, 2)))
                  ELSE '[]'::jsonb END
      FROM generate_series(${from}::bigint, ${to}::bigint) AS g
      CROSS JOIN LATERAL (SELECT round((0.5 + (${hash(1)} % 50000) / 100.0)::numeric, 2) AS price,
                                 (ARRAY[1, 6, 10, 12, 20, 24, 50, 100])[1 + ${hash(4)} % 8] AS minimum) r
      CROSS JOIN LATERAL (SELECT (${sql.param(categories)}::text[])[1 + ${hash(6)} % ${categories.length}] AS category,
                                 1 + ${hash(6)} % ${categories.length} AS ci) c
      CROSS JOIN LATERAL (SELECT (${sql.param(nounGrid)}::text[][])[c.ci][1 + ${hash(7)} % ${maxNouns}] AS noun,
                                 (${sql.param(images)}::text[][])[c.ci][1 + ${hash(7)} % ${maxNouns}] AS image) n
      CROSS JOIN LATERAL (SELECT (${sql.param(ADJECTIVES)}::text[])[1 + ${hash(8)} % ${ADJECTIVES.length}] AS adjective) a
      CROSS JOIN LATERAL (SELECT (${sql.param(BRAND_STEMS)}::text[])[1 + ${hash(9)} % ${BRAND_STEMS.length}]
                                 || (${sql.param(BRAND_ENDS)}::text[])[1 + ${hash(10)} % ${BRAND_ENDS.length}] AS brand) b
      CROSS JOIN LATERAL (SELECT (${sql.param(PACKS)}::text[])[1 + ${hash(11)} % ${PACKS.length}] AS pack) p
      CROSS JOIN LATERAL (SELECT (${sql.param(owners.map((o) => o.uid))}::text[])[1 + ${hash(12)} % ${owners.length}] AS uid,
                                 (${sql.param(owners.map((o) => o.email))}::text[])[1 + ${hash(12)} % ${owners.length}] AS email) o
      CROSS JOIN LATERAL (SELECT now() - make_interval(secs => ${span} * (1 - g::double precision / ${total + 1})) AS at) t
    `);
      done = to;
      options.onProgress?.(done);
    }
    for (const definition of rebuild) await tx.execute(sql.raw(definition));
  });
  return done;
}

/** From this many rows on, dropping and rebuilding the indexes pays off. */
const REBUILD_INDEXES_FROM = 50_000;

async function dropSecondaryIndexes(db: AppTx): Promise<string[]> {
  const rows = await queryRows<{ name: string; definition: string }>(
    db,
    sql`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
    FROM pg_index i
    WHERE i.indrelid = 'products'::regclass AND NOT i.indisprimary`,
  );
  for (const { name } of rows) await db.execute(sql.raw(`DROP INDEX ${name}`));
  return rows.map((row) => row.definition);
}
