import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  AVAILABLE_THRESHOLD,
  CATEGORY_VALUES,
  CAROUSEL,
  TOP_PRODUCTS_COUNT,
  firstPasswordProblem,
  productCreateSchema,
} from '@b2b/shared';
import { stringify } from 'csv-stringify/sync';
import { expect, test } from 'vitest';
import { exportCells } from '../../src/capabilities/imports/rows.js';
import { DEMO_CATALOGUE_FILE, DEMO_SELLERS, loadDemoProducts } from '../../src/seed/catalogue.js';

const DEMO_PRODUCTS = await loadDemoProducts();

const publicDir = fileURLToPath(new URL('../../../web/public/', import.meta.url));
/** Whether a site path such as `/images/logo.svg` is a file the web app ships. */
const ships = (sitePath: string) => sitePath.startsWith('/') && existsSync(path.join(publicDir, sitePath));

test('the demo catalogue is a spreadsheet in the export’s form: each row is what an export of its product writes', () => {
  const text = readFileSync(DEMO_CATALOGUE_FILE, 'utf8');
  expect(text.split('\n')[0]).toBe(
    'seller,sku,name,category,price,quantity,minSellQty,packSize,maxOrderQty,priceTiers,taxRate,brand,image,description,content,rating',
  );
  // Written back the way an export writes them, the rows are the file again, byte for byte.
  const rows = DEMO_PRODUCTS.map(({ seller, ...product }) => [
    seller,
    ...exportCells(productCreateSchema.parse(product)).slice(1),
  ]);
  expect(stringify([text.split('\n')[0]!.split(','), ...rows], { record_delimiter: '\n' })).toBe(text);
  expect(DEMO_PRODUCTS.some((p) => (p.content ?? '').includes('\n'))).toBe(true);
});

test('a row the import would refuse stops the seed, naming its row, column and the form’s message', async () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'catalogue-'));
  const file = path.join(folder, 'catalogue.csv');
  const [header, first] = readFileSync(DEMO_CATALOGUE_FILE, 'utf8').split('\n');
  const bad = 'northwind,NW-BAD-1,Bad row,kitchen,-3,10,1,1,,,,,,,';
  writeFileSync(file, [header, bad].join('\n'));
  await expect(loadDemoProducts(file)).rejects.toThrow(/row 2: price: /);
  writeFileSync(file, [header, 'nobody' + bad.slice('northwind'.length)].join('\n'));
  await expect(loadDemoProducts(file)).rejects.toThrow(/row 2: "nobody" is not a demo seller/);
  expect(first).toBeTruthy();
});

test('every demo product passes the shared product schema, trade rules included', () => {
  for (const { seller: _seller, ...input } of DEMO_PRODUCTS) {
    const result = productCreateSchema.safeParse(input);
    expect(result.error?.issues ?? [], input.name).toEqual([]);
  }
});

test('every demo product has a SKU, unique per seller; some are sold in packs, with volume prices, or capped', () => {
  const keys = DEMO_PRODUCTS.map((p) => `${p.seller}:${String(p.sku).toLowerCase()}`);
  expect(DEMO_PRODUCTS.every((p) => typeof p.sku === 'string' && p.sku.length > 0)).toBe(true);
  expect(new Set(keys).size).toBe(DEMO_PRODUCTS.length);
  expect(DEMO_PRODUCTS.filter((p) => (p.packSize ?? 1) > 1).length).toBeGreaterThanOrEqual(10);
  expect(DEMO_PRODUCTS.filter((p) => (p.priceTiers ?? []).length > 0).length).toBeGreaterThanOrEqual(10);
  expect(DEMO_PRODUCTS.some((p) => p.maxOrderQty != null)).toBe(true);
  // The home page's top products show them too.
  const top = DEMO_PRODUCTS.slice(0, TOP_PRODUCTS_COUNT);
  expect(top.some((p) => (p.packSize ?? 1) > 1 && (p.priceTiers ?? []).length > 0)).toBe(true);
});

test('the catalogue has 45–50 products with unique names and images', () => {
  expect(DEMO_PRODUCTS.length).toBeGreaterThanOrEqual(45);
  expect(DEMO_PRODUCTS.length).toBeLessThanOrEqual(50);
  expect(new Set(DEMO_PRODUCTS.map((p) => p.name)).size).toBe(DEMO_PRODUCTS.length);
  expect(new Set(DEMO_PRODUCTS.map((p) => p.image)).size).toBe(DEMO_PRODUCTS.length);
});

test('every category has at least 4 products, the home page tiles at least 5', () => {
  const counts = new Map<string, number>();
  for (const p of DEMO_PRODUCTS) counts.set(p.category, (counts.get(p.category) ?? 0) + 1);
  for (const category of CATEGORY_VALUES) expect(counts.get(category) ?? 0, category).toBeGreaterThanOrEqual(4);
  for (const category of ['electronics', 'home', 'kitchen', 'health', 'beauty']) {
    expect(counts.get(category) ?? 0, category).toBeGreaterThanOrEqual(5);
  }
});

test('every product image is a generated file under apps/web/public', () => {
  for (const p of DEMO_PRODUCTS) {
    expect(p.image, p.name).toMatch(/^\/images\/products\/[a-z0-9-]+\.svg$/);
    expect(ships(p.image ?? ''), `${p.name}: ${p.image}`).toBe(true);
  }
});

test('prices, ratings and order sizes look like a real wholesale catalogue', () => {
  for (const p of DEMO_PRODUCTS) {
    expect(p.price, p.name).toBeGreaterThan(0);
    expect(Math.abs(p.price * 100 - Math.round(p.price * 100)), `${p.name}: cents`).toBeLessThan(1e-6);
    expect(p.minSellQty, p.name).toBeGreaterThanOrEqual(1);
    expect(p.minSellQty, p.name).toBeLessThanOrEqual(200);
    if (p.rating !== null && p.rating !== undefined) {
      expect(p.rating, p.name).toBeGreaterThanOrEqual(3.2);
      expect(p.rating, p.name).toBeLessThanOrEqual(5);
      expect(Math.abs(p.rating * 10 - Math.round(p.rating * 10)), `${p.name}: one decimal`).toBeLessThan(1e-9);
    }
    expect(p.description?.length ?? 0, p.name).toBeGreaterThan(40);
    expect(p.content?.length ?? 0, p.name).toBeGreaterThan(40);
    expect(p.brand?.length ?? 0, p.name).toBeGreaterThan(0);
  }
  const unrated = DEMO_PRODUCTS.filter((p) => p.rating === null);
  expect(unrated.length).toBeGreaterThanOrEqual(1);
  expect(unrated.length).toBeLessThanOrEqual(2);
});

test('stock levels exercise the "available" filter: sold out, exactly at the threshold, and plenty', () => {
  const quantities = DEMO_PRODUCTS.map((p) => p.quantity);
  expect(quantities.filter((q) => q === 0)).toHaveLength(1);
  expect(quantities.filter((q) => q === AVAILABLE_THRESHOLD).length).toBeGreaterThanOrEqual(2);
  const available = quantities.filter((q) => q > AVAILABLE_THRESHOLD).length;
  expect(available).toBeGreaterThan(DEMO_PRODUCTS.length / 2);
  expect(available).toBeLessThan(DEMO_PRODUCTS.length);
});

test('the first products (home page "Top Products") are varied, highly rated and in stock', () => {
  const top = DEMO_PRODUCTS.slice(0, TOP_PRODUCTS_COUNT);
  expect(new Set(top.map((p) => p.category)).size).toBe(TOP_PRODUCTS_COUNT);
  for (const p of top) {
    expect(p.rating ?? 0, p.name).toBeGreaterThanOrEqual(4.5);
    expect(p.quantity, p.name).toBeGreaterThan(AVAILABLE_THRESHOLD);
  }
});

test('demo sellers are valid accounts and own every product', () => {
  const keys = new Set(DEMO_SELLERS.map((s) => s.key));
  expect(keys.size).toBe(DEMO_SELLERS.length);
  expect(new Set(DEMO_SELLERS.map((s) => s.email)).size).toBe(DEMO_SELLERS.length);
  for (const seller of DEMO_SELLERS) {
    expect(seller.email, seller.key).toMatch(/^[a-z0-9.-]+@example\.com$/);
    expect(firstPasswordProblem(seller.password), seller.key).toBeNull();
    expect(seller.photoURL).toBe(`/images/avatars/${seller.key}.svg`);
    expect(ships(seller.photoURL), seller.photoURL).toBe(true);
    expect(
      DEMO_PRODUCTS.some((p) => p.seller === seller.key),
      seller.key,
    ).toBe(true);
  }
  for (const p of DEMO_PRODUCTS) expect(keys.has(p.seller), `${p.name}: ${p.seller}`).toBe(true);
});

test('the other pictures the web app references ship too', () => {
  const expected = [
    '/favicon.svg',
    '/images/logo.svg',
    '/images/products/placeholder.svg',
    '/images/avatars/default.svg',
    ...CATEGORY_VALUES.map((c) => `/images/categories/${c.replace('&', '-')}.svg`),
    ...Array.from({ length: CAROUSEL.slides }, (_, i) => `/images/banners/banner-${i + 1}.svg`),
    ...Array.from({ length: 6 }, (_, i) => `/images/avatars/google-${i + 1}.svg`),
  ];
  for (const sitePath of expected) expect(ships(sitePath), sitePath).toBe(true);
});
