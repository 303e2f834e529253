import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ErrorBody, ImportRowError, ImportStatus, Product } from '@b2b/shared';
import { products } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { insertProduct } from '../helpers/factories.js';
import { createUser, type TestUser } from '../helpers/users.js';
import { waitForImport } from '../helpers/imports.js';

/* Catalogue import and export (docs/architecture.md, "Catalogue import and export"). */

let t: TestApp;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp({ env: { IMPORT_MAX_BYTES: String(256 * 1024) } });
  other = await createUser({ displayName: 'Other seller' });
});
afterAll(async () => t.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const HEADER = 'sku,name,category,price,quantity,minSellQty';

async function upload(user: TestUser, body: string | Buffer, { dryRun = false, type = 'text/csv' } = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/imports?dryRun=${dryRun}`,
    headers: { ...user.headers, 'content-type': type },
    payload: body,
  });
  return res;
}

/** Uploads a file and waits for its import to end (the job runs on the app's queue). */
async function importFile(user: TestUser, body: string | Buffer, options: { dryRun?: boolean; type?: string } = {}) {
  const res = await upload(user, body, options);
  expect(res.statusCode, res.body).toBe(202);
  const { importId } = res.json<ImportStatus>();
  return waitForImport(t.app, user, importId);
}

const errorsOf = async (user: TestUser, id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/imports/${id}/errors`, headers: user.headers })).json<
    ImportRowError[]
  >();

const mine = (user: TestUser) => t.database.db.select().from(products).where(eq(products.sellerId, user.uid));

describe('an import', () => {
  test('dry run checks every row and writes nothing; the import then creates, and a bad row fails alone', async () => {
    const seller = await createUser();
    const csv =
      '\uFEFFSKU;Name;Category;Price;Quantity;minsellqty;Colour\r\n' +
      'IMP-1;Desk lamp;home;18.50;240;12;red\r\n' +
      'IMP-2;"Kettle; steel, 1.7 L";kitchen;9.20;100;1;blue\r\n' +
      'IMP-3;Broken;nowhere;abc;10;1;\r\n';
    const dry = await importFile(seller, csv, { dryRun: true });
    expect(dry).toMatchObject({ status: 'done', dryRun: true, total: 3, processed: 3, created: 2, failed: 1 });
    expect(dry.ignoredColumns).toEqual(['Colour']);
    expect(await mine(seller)).toEqual([]);
    expect(await errorsOf(seller, dry.importId)).toEqual([
      { row: 4, column: 'price', message: '“abc” is not a number.' },
    ]);

    const real = await importFile(seller, csv);
    expect(real).toMatchObject({ status: 'done', dryRun: false, created: 2, updated: 0, unchanged: 0, failed: 1 });
    const rows = await mine(seller);
    expect(rows.map((r) => [r.sku, r.name, r.price, r.minSellQty]).sort()).toEqual([
      ['IMP-1', 'Desk lamp', 18.5, 12],
      ['IMP-2', 'Kettle; steel, 1.7 L', 9.2, 1],
    ]);
  });

  test('a row updates by id, else by SKU, else creates; another seller’s id is an error, never an update', async () => {
    const seller = await createUser();
    const byId = await insertProduct(t.database.db, seller, { name: 'By id', sku: null, price: 5 });
    await insertProduct(t.database.db, seller, { name: 'By sku', sku: 'MATCH-SKU', price: 5 });
    const theirs = await insertProduct(t.database.db, other, { name: 'Theirs', price: 5 });
    const csv =
      `id,sku,name,price\n` +
      `${byId},,By id renamed,6\n` +
      `,match-sku,,7\n` +
      `${theirs},,Hijacked,1\n` +
      `,NEW-SKU,Brand new,3\n`;
    const status = await importFile(seller, csv);
    expect(status).toMatchObject({ created: 0, updated: 2, failed: 2 });
    const errors = await errorsOf(seller, status.importId);
    expect(errors).toEqual([
      {
        row: 4,
        column: 'id',
        message: 'This product belongs to another seller: a file can only change your own products.',
      },
      // A new product needs every required column, with the form's messages.
      { row: 5, column: 'category', message: 'Please choose a category.' },
      { row: 5, column: 'minSellQty', message: 'Min sell quantity is required.' },
      { row: 5, column: 'quantity', message: 'Quantity is required.' },
    ]);
    const rows = await mine(seller);
    expect(rows.map((r) => [r.name, r.price]).sort()).toEqual([
      ['By id renamed', 6],
      ['By sku', 7],
    ]);
    const [untouched] = await t.database.db.select().from(products).where(eq(products.id, theirs));
    expect(untouched).toMatchObject({ name: 'Theirs', price: 5 });
  });

  test('every rule of the product form, with its message, on the row and column it is about', async () => {
    const seller = await createUser();
    const csv =
      'sku,name,category,price,quantity,minSellQty,packSize,maxOrderQty,priceTiers,rating,image\n' +
      'R-1,Ok,home,10,100,6,6,60,30:9.50|60:9,4.5,/images/x.svg\n' +
      'R-2,Pack,home,10,100,8,6,,,,\n' +
      'R-3,Ladder,home,10,100,1,1,,50:9.20|200:9.50,,\n' +
      'R-4,Tiers text,home,10,100,1,1,,fifty:9,,\n' +
      'R-5,Rating,home,10,100,1,1,,,7,\n' +
      'R-6,Image,home,10,100,1,1,,,,http://plain.example/x.png\n' +
      'bad sku,Sku,home,10,100,1,1,,,,\n';
    const status = await importFile(seller, csv);
    expect(status).toMatchObject({ created: 1, failed: 6 });
    expect((await errorsOf(seller, status.importId)).map((e) => [e.row, e.column, e.message])).toEqual([
      [3, 'minSellQty', 'Min sell quantity must be a multiple of the pack size (6): choose 6 or 12.'],
      [4, 'priceTiers', "Tier 2: the price must be less than tier 1's (9.20)."],
      [5, 'priceTiers', 'Tier 1 (“fifty:9”) is not quantity:price, as in 50:9.20|200:8.50.'],
      [6, 'rating', 'Rating must be between 0 and 5.'],
      [7, 'image', expect.stringContaining('https')],
      [8, 'sku', 'SKU may contain only letters, digits, dots, underscores, hyphens and slashes.'],
    ]);
  });

  test('quoted fields with line breaks, tab-separated files and .xlsx files', async () => {
    const seller = await createUser();
    const tsv = `${HEADER.replaceAll(',', '\t')}\tdescription\nT-1\tTabbed\thome\t1\t10\t1\t"Two\nlines"\n`;
    expect(await importFile(seller, tsv)).toMatchObject({ created: 1, failed: 0 });
    const [row] = await t.database.db.select().from(products).where(eq(products.sku, 'T-1'));
    expect(row?.description).toBe('Two\nlines');

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Products');
    sheet.addRow(HEADER.split(','));
    sheet.addRow(['X-1', 'From Excel', 'office&stationary', 2.5, 300, 10]);
    const xlsx = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await importFile(seller, xlsx, { type: XLSX })).toMatchObject({ created: 1, failed: 0 });
    const [fromExcel] = await t.database.db.select().from(products).where(eq(products.sku, 'X-1'));
    expect(fromExcel).toMatchObject({ name: 'From Excel', price: 2.5, quantity: 300 });
  });

  test('a file read in pieces: a character split between two pieces arrives whole', async () => {
    const seller = await createUser();
    // The stored file is read 16 KiB at a time (store.ts): rows up to just before the first cut,
    // then a name whose "€" (3 bytes) starts one byte before it.
    const cut = 16 * 1024;
    let csv = `${HEADER}\n`;
    for (let i = 1; Buffer.byteLength(csv) < cut - 200; i++) csv += `F-${i},Crème brûlée – ${i},kitchen,2,10,1\n`;
    const before = 'S-1,';
    csv += `${before}${'x'.repeat(cut - 1 - Buffer.byteLength(csv) - before.length)}€ split,kitchen,2,10,1\n`;
    expect(
      Buffer.from(csv)
        .subarray(cut - 1, cut + 2)
        .toString(),
    ).toBe('€');
    const filler = csv.split('\n').length - 3;
    const status = await importFile(seller, csv);
    expect(status).toMatchObject({ created: filler + 1, failed: 0 });
    const bySku = new Map((await mine(seller)).map((r) => [r.sku, r.name]));
    expect(bySku.get('S-1')).toMatch(/^x+€ split$/);
    expect(bySku.get(`F-${filler}`)).toBe(`Crème brûlée – ${filler}`);
  });

  test('413 above IMPORT_MAX_BYTES and 415 for another media type; nothing is kept', async () => {
    const seller = await createUser();
    const big = `${HEADER}\n${'B-1,Big,home,1,1,1\n'.repeat(20_000)}`;
    const tooBig = await upload(seller, big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json<ErrorBody>().code).toBe('PAYLOAD_TOO_LARGE');
    const xml = await upload(seller, '<products/>', { type: 'application/xml' });
    expect(xml.statusCode).toBe(415);
    expect(xml.json<ErrorBody>().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const list = await t.app.inject({ method: 'GET', url: '/api/imports', headers: seller.headers });
    expect(list.json()).toEqual([]);
  });

  test('only its owner can read an import and its errors', async () => {
    const seller = await createUser();
    const stranger = await createUser();
    const status = await importFile(seller, `${HEADER}\nO-1,,home,1,1,1\n`);
    for (const url of [`/api/imports/${status.importId}`, `/api/imports/${status.importId}/errors`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: stranger.headers })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/imports', headers: stranger.headers })).json()).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/imports/${randomUUID()}`, headers: seller.headers })).statusCode,
    ).toBe(404);
  });

  test('the failed rows download as the file had them, with an error column', async () => {
    const seller = await createUser();
    const status = await importFile(seller, `${HEADER}\nE-1,Fine,home,1,5,1\nE-2,=cmd|' /C calc'!A0,home,x,5,1\n`);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/imports/${status.importId}/errors`,
      headers: { ...seller.headers, accept: 'text/csv' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.replace(/^\uFEFF/, '')).toBe(
      // The formula is neutralised with an apostrophe, as on export.
      `${HEADER},error\nE-2,'=cmd|' /C calc'!A0,home,x,5,1,price: “x” is not a number.\n`,
    );
  });
});

describe('export', () => {
  test('streams the catalogue; formula cells are neutralised; importing it again changes nothing', async () => {
    const seller = await createUser();
    await insertProduct(t.database.db, seller, {
      name: '=HYPERLINK("http://evil")',
      brand: '+Brand',
      description: '-dash first',
      sku: 'EXP-1',
      packSize: 6,
      minSellQty: 6,
      maxOrderQty: 60,
      price: 10,
      priceTiers: [{ minQty: 12, price: 9.5 }],
      rating: null,
    });
    await insertProduct(t.database.db, seller, {
      name: 'Plain',
      sku: null,
      content: 'Line one\nline two',
      rating: 4.25,
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/my-products/export?format=csv',
      headers: seller.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = res.body.replace(/^\uFEFF/, '');
    expect(text.split('\n')[0]).toBe(
      'id,sku,name,category,price,quantity,minSellQty,packSize,maxOrderQty,priceTiers,taxRate,brand,image,description,content,rating',
    );
    expect(text).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(text).toContain("'+Brand");
    expect(text).toContain("'-dash first");
    expect(text).toContain('12:9.50');

    const before = await mine(seller);
    const again = await importFile(seller, res.body);
    expect(again).toMatchObject({ total: 2, created: 0, updated: 0, unchanged: 2, failed: 0 });
    const after = await mine(seller);
    expect(after.map((r) => ({ ...r, updatedAt: null }))).toEqual(before.map((r) => ({ ...r, updatedAt: null })));
    expect(after.map((r) => r.updatedAt.getTime())).toEqual(before.map((r) => r.updatedAt.getTime()));

    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/my-products/export?format=xlsx',
      headers: seller.headers,
    });
    expect(xlsx.headers['content-type']).toBe(XLSX);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]?.rowCount).toBe(3);
    const viaExcel = await importFile(seller, Buffer.from(xlsx.rawPayload), { type: XLSX });
    expect(viaExcel).toMatchObject({ unchanged: 2, created: 0, updated: 0, failed: 0 });
  });

  test('the template has every column and one example row that imports', async () => {
    const seller = await createUser();
    const res = await t.app.inject({ method: 'GET', url: '/api/imports/template', headers: seller.headers });
    expect(res.statusCode).toBe(200);
    expect(await importFile(seller, res.body)).toMatchObject({ created: 1, failed: 0 });
    const [row] = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.sellerId, seller.uid)));
    expect(row).toMatchObject({
      sku: 'KT-MUG-350',
      packSize: 36,
      taxRate: 7.5,
      priceTiers: [
        { minQty: 180, price: 1.85 },
        { minQty: 720, price: 1.75 },
      ],
    });
  });
});

test('a tax rate cell: a percent with or without %, empty for the seller’s default, anything else refused by its row', async () => {
  const seller = await createUser();
  const status = await importFile(
    seller,
    `${HEADER},taxRate\nTAX-1,Taxed lamp,home,10,50,1,15%\nTAX-2,Plain lamp,home,10,50,1,\nTAX-3,Reduced lamp,home,10,50,1,7.5\nTAX-4,Bad lamp,home,10,50,1,150\n`,
  );
  expect(status).toMatchObject({ created: 3, failed: 1 });
  const rows = await mine(seller);
  expect(Object.fromEntries(rows.map((row) => [row.sku, row.taxRate]))).toEqual({
    'TAX-1': 15,
    'TAX-2': null,
    'TAX-3': 7.5,
  });
  expect(await errorsOf(seller, status.importId)).toEqual([
    { row: 5, column: 'taxRate', message: 'Tax rate must be 100% or less.' },
  ]);
});

test('a product sent back through the API is what the import wrote', async () => {
  const seller = await createUser();
  const status = await importFile(seller, `${HEADER},priceTiers\nAPI-1,Api lamp,home,10,50,1,20:9\n`);
  expect(status.created).toBe(1);
  const [row] = await mine(seller);
  const res = await t.app.inject({ method: 'GET', url: `/api/products/${row?.id}` });
  expect(res.json<Product>()).toMatchObject({ sku: 'API-1', priceTiers: [{ minQty: 20, price: 9 }] });
});
