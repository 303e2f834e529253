import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { ProductInput } from '@b2b/shared';
import { judgeRow, mapColumns, readRow } from '../capabilities/imports/rows.js';
import { readRows } from '../lib/spreadsheet.js';

/*
 * The demo catalogue seeded into an empty database. Its products are a spreadsheet,
 * catalogue.csv beside this file, in the import's columns (docs/architecture.md, "Catalogue
 * import and export") plus a first `seller` column naming a demo seller below: it is read by the
 * import's own reader and checked by the same rules as a seller's file, so the first catalogue a
 * new user sees arrives the way theirs will (and a bad edit to the file fails loudly, naming
 * its row and column, with the import's message).
 *
 * Prices are wholesale unit prices in USD; `minSellQty` is usually one carton, so the name's
 * pack size and the minimum order agree. The first six rows are the home page's "Top Products",
 * so they are varied, highly rated and well stocked. Images ship in apps/web/public
 * (scripts/assets/generate-images.ts). Every product has a SKU (seller, category, number);
 * about half are sold only in whole cartons (`packSize`), a third have volume prices
 * (`priceTiers`) and the scarcest electronics a maximum per buyer (`maxOrderQty`), so a new user
 * meets the trade rules at once.
 */

export interface DemoSeller {
  key: string;
  email: string;
  password: string;
  displayName: string;
  /** Their profile's company name (GET /api/sellers), shown on their products and orders. */
  companyName: string;
  photoURL: string;
}

export type DemoProduct = { seller: string } & ProductInput;

export const DEMO_SELLERS: DemoSeller[] = [
  {
    key: 'northwind',
    email: 'northwind@example.com',
    password: 'Northwind@2026',
    displayName: 'Northwind Wholesale',
    companyName: 'Northwind Wholesale Ltd.',
    photoURL: '/images/avatars/northwind.svg',
  },
  {
    key: 'karnaphuli',
    email: 'karnaphuli@example.com',
    password: 'Karnaphuli#2026',
    displayName: 'Karnaphuli Traders',
    companyName: 'Karnaphuli Traders & Co.',
    photoURL: '/images/avatars/karnaphuli.svg',
  },
  {
    key: 'dhaka-digital',
    email: 'dhaka.digital@example.com',
    password: 'DhakaDigital$26',
    displayName: 'Dhaka Digital Supply',
    companyName: 'Dhaka Digital Supply Ltd.',
    photoURL: '/images/avatars/dhaka-digital.svg',
  },
];

/**
 * catalogue.csv: beside this module in the sources, and beside dist/seed/catalogue.js once built
 * (apps/api/build.ts copies it there, as it copies the migrations).
 */
export const DEMO_CATALOGUE_FILE = join(import.meta.dirname, 'catalogue.csv');

/** The demo products of `file`, in its order; throws on the first row the import would refuse. */
export async function loadDemoProducts(file = DEMO_CATALOGUE_FILE): Promise<DemoProduct[]> {
  const sellers = new Set(DEMO_SELLERS.map((seller) => seller.key));
  const products: DemoProduct[] = [];
  let sellerIndex = -1;
  let columns: ReturnType<typeof mapColumns> | null = null;
  for await (const { row, cells } of readRows(createReadStream(file), 'csv')) {
    if (!columns) {
      sellerIndex = cells.findIndex((cell) => cell.trim().toLowerCase() === 'seller');
      columns = mapColumns(cells.map((cell, i) => (i === sellerIndex ? '' : cell)));
      if (sellerIndex < 0) throw new Error(`${file}: the first row has no "seller" column.`);
      continue;
    }
    const seller = (cells[sellerIndex] ?? '').trim();
    if (!sellers.has(seller)) throw new Error(`${file}, row ${row}: "${seller}" is not a demo seller.`);
    const read = readRow(cells, columns);
    const judged = read.errors.length > 0 ? { ok: false as const, errors: read.errors } : judgeRow(read.fields, null);
    if (!judged.ok) {
      const problems = judged.errors.map((error) => `${error.column}: ${error.message}`).join('; ');
      throw new Error(`${file}, row ${row}: ${problems}`);
    }
    products.push({ seller, ...judged.data });
  }
  return products;
}
