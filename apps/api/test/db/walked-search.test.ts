import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sql } from 'drizzle-orm';
import { MAX_EXACT_COUNT, type Sort } from '@b2b/shared';
import { searchWords, typedWords } from '../../src/capabilities/catalogue/listing/conditions.js';
import { createProductLister } from '../../src/capabilities/catalogue/listing/lister.js';
import { toProduct } from '../../src/capabilities/catalogue/repository.js';
import { openTestDatabase, type TestDatabase } from '../helpers/database.js';
import { insertProduct } from '../helpers/factories.js';

/*
 * A search of several words (listing/statements.ts, matchPage) collects its matches when the
 * planner expects few, at most collectRows of them; otherwise, or past that, it walks a few rows
 * of the sort's index and collects every match only when the walk finds no page. With a walk of
 * 4 rows and nothing collected first, words common together are found by the walk and words that
 * meet once, late in the catalogue, by the collected matches; collecting first, every match, or
 * too few and walking after all, the same. Every page must be the page the plain query gives, on
 * every sort and through cursors, and every total the true count.
 */

let t: TestDatabase;
const owner = { uid: 'walk-owner', email: 'walk@example.com' };
const base = Date.parse('2025-06-01T00:00:00Z');
const names: string[] = [];

beforeAll(async () => {
  t = await openTestDatabase();
  for (let i = 0; i < 30; i++) {
    // "steel bolt" in every third name; "organic" and "waterproof" together only in rows 26 and 28.
    const name =
      i === 26 || i === 28
        ? `Organic Waterproof Tarp ${i}`
        : `${['Steel', 'Organic', 'Waterproof'][i % 3]} ${['Bolt', 'Jacket'][i % 2]} ${i}`;
    names.push(name);
    await insertProduct(t.database.db, owner, {
      name,
      brand: 'Acme',
      category: 'home',
      price: 100 - i,
      createdAt: new Date(base + i * 1000),
    });
  }
});
afterAll(async () => t.dispose());

const walked = () => createProductLister(t.database.db, toProduct, { walkRows: 4, collectRows: 0 });
const collected = () => createProductLister(t.database.db, toProduct, { walkRows: 4 });
/** Collects first when the planner expects fewer than 3 matches, at most 3: "steel bolt" (5) overflows. */
const overflowing = () => createProductLister(t.database.db, toProduct, { walkRows: 4, collectRows: 3 });
const plain = () => createProductLister(t.database.db, toProduct, { walkRows: 1_000_000, collectRows: 0 });
const query = { offset: 0, limit: 2, available: false, brand: undefined } as const;

/** Every page of a search, following its cursors. */
async function allPages(lister: ReturnType<typeof createProductLister>, q: string, sort: Sort) {
  const seen: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await lister.list({ ...query, q, sort, ...(cursor ? { cursor } : {}) });
    seen.push(page.items.map((p) => p.name));
    cursor = page.nextCursor ?? undefined;
  } while (cursor && seen.length < 20);
  return seen;
}

describe('a search of several words', () => {
  test('a word typed twice is matched once (the planner is not told it twice); the spelling fix keeps both', () => {
    expect(searchWords('Steel  steel bolt')).toEqual(['steel', 'bolt']);
    expect(typedWords('Steel  steel bolt')).toEqual(['steel', 'steel', 'bolt']);
  });

  test('words common together: the walk finds the page, in catalogue order', async () => {
    // No name starts with "bolt steel": every match is tier 2, in catalogue order.
    const page = await walked().list({ ...query, q: 'bolt steel', sort: 'relevance' });
    expect(page.items.map((p) => p.name)).toEqual(names.filter((n) => /^Steel Bolt/.test(n)).slice(0, 2));
  });

  test('words that meet late: the collected matches give the page the walk missed', async () => {
    const page = await walked().list({ ...query, q: 'organic waterproof', sort: 'relevance' });
    // Both names start with the words: tier 1, in name order.
    expect(page.items.map((p) => p.name)).toEqual(['Organic Waterproof Tarp 26', 'Organic Waterproof Tarp 28']);
    const tier2 = await walked().list({ ...query, q: 'waterproof tarp', sort: 'relevance' });
    expect(tier2.items.map((p) => p.name)).toEqual(['Organic Waterproof Tarp 26', 'Organic Waterproof Tarp 28']);
    expect(tier2.total).toBe(2);
  });

  const searches = [
    ['steel bolt', 'relevance'],
    ['bolt steel', 'relevance'],
    ['waterproof tarp', 'relevance'],
    ['organic jacket', 'relevance'],
    ['steel bolt', 'price_asc'],
    ['waterproof tarp', 'price_asc'],
    // Every other sort's keys, read from the collected matches.
    ['steel bolt', 'price_desc'],
    ['organic jacket', 'newest'],
    ['waterproof tarp', 'name_asc'],
    ['steel bolt', 'rating_desc'],
    // A word typed twice is one condition: the same pages as the word once.
    ['steel steel', 'relevance'],
    ['bolt steel bolt', 'price_asc'],
    // A word too short for the trigram index: collected first, or the planner's own plan.
    ['bolt 2', 'relevance'],
    ['jacket 1', 'price_asc'],
  ] as const;
  const listers = { walked, collected, overflowing };

  test.each(Object.keys(listers).flatMap((how) => searches.map(([q, sort]) => [how, q, sort] as const)))(
    '%s: "%s" sorted by %s: every page through the cursors is the plain query\'s, and the total is the count',
    async (how, q, sort) => {
      const lister = listers[how as keyof typeof listers]();
      const pages = await allPages(lister, q, sort);
      expect(pages).toEqual(await allPages(plain(), q, sort));
      const words = q.split(' ');
      const expected = names.filter((n) => words.every((w) => n.toLowerCase().includes(w)));
      expect(pages.flat().sort()).toEqual([...expected].sort());
      const first = await lister.list({ ...query, q, sort });
      expect({ total: first.total, exact: first.totalIsExact }).toEqual({ total: expected.length, exact: true });
    },
  );
});

describe(`a search of several words past ${MAX_EXACT_COUNT.toLocaleString('en-US')} matches`, () => {
  let big: TestDatabase;
  const many = MAX_EXACT_COUNT + 50;
  beforeAll(async () => {
    big = await openTestDatabase();
    // One row written, the rest copied from it in one statement: "Heavy Steel Bolt 1" … in catalogue order.
    const template = await insertProduct(big.database.db, owner, {
      name: 'Copper Pipe 0',
      brand: 'Acme',
      createdAt: new Date(base),
    });
    await big.database.db.execute(sql`
      insert into products (owner_uid, owner_email, seller_name, name, image, brand, category, description, content,
                            price, quantity, min_sell_qty, rating, pack_size, max_order_qty, price_tiers, tax_rate,
                            created_at, updated_at)
      select owner_uid, owner_email, seller_name,
             case when g = 3 then 'Steel Pipe 3' else 'Heavy Steel Bolt ' || g end,
             image, brand, category, description, content, price, quantity, min_sell_qty, rating, pack_size,
             max_order_qty, price_tiers, tax_rate, created_at + g * interval '1 second', updated_at
      from products, generate_series(1, ${many}) as g where id = ${template}`);
    await big.database.db.execute(sql`analyze products`);
  }, 120_000);
  afterAll(async () => big.dispose());

  test.each(['relevance', 'oldest', 'price_asc'] as const)(
    "sorted by %s: the collection stops at its cap, the page is the walk's (the plain query's), the total an estimate past the bound",
    async (sort) => {
      const lister = createProductLister(big.database.db, toProduct);
      const page = await lister.list({ ...query, limit: 24, q: 'steel bolt', sort });
      const plainPage = await createProductLister(big.database.db, toProduct, {
        walkRows: 1_000_000,
        collectRows: 0,
      }).list({ ...query, limit: 24, q: 'steel bolt', sort });
      expect(page.items.map((p) => p.name)).toEqual(plainPage.items.map((p) => p.name));
      expect(page.items).toHaveLength(24);
      expect(page.items.every((p) => /Steel Bolt/.test(p.name))).toBe(true);
      expect({ exact: page.totalIsExact, estimate: page.totalIsEstimate }).toEqual({ exact: false, estimate: true });
      expect(page.total).toBeGreaterThan(MAX_EXACT_COUNT);
    },
  );

  test('below the bound the collected matches are the exact total', async () => {
    const page = await createProductLister(big.database.db, toProduct).list({
      ...query,
      q: 'steel pipe',
      sort: 'relevance',
    });
    expect(page.items.map((p) => p.name)).toEqual(['Steel Pipe 3']);
    expect({ total: page.total, exact: page.totalIsExact }).toEqual({ total: 1, exact: true });
  });
});
