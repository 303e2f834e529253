import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PDFParse } from 'pdf-parse';
import {
  lineAmount,
  setShopCurrency,
  sumAmounts,
  taxOf,
  type CreditNote,
  type Invoice,
  type InvoicePage,
  type Order,
} from '@b2b/shared';
import { and, eq } from 'drizzle-orm';
import { renderNotificationEmail } from '../../src/capabilities/notifications/delivery.js';
import { notifications } from '../../src/db/schema.js';
import { createTestApp, type TestApp } from '../helpers/app.js';
import { callsOf } from '../helpers/calls.js';
import { companyClient } from '../helpers/companies.js';
import type { TestUser } from '../helpers/users.js';

/*
 * Invoices, credit notes and packing slips (issue 39), on both databases, in taka (CURRENCY=BDT):
 * the invoice's sums to the cent for mixed rates with a volume tier and a contract price; the
 * snapshot unmoved by a rename, a price change and new billing details; its numbers; who may see
 * and issue what; credit notes and their limit; shipping and cancelling; the PDFs' text.
 */

let t: TestApp;
let co: ReturnType<typeof companyClient>;
const { ok, refused, known } = callsOf(() => co);
let seller: { admin: TestUser; desk: TestUser; catalogue: TestUser };
let buying: { admin: TestUser; buyer: TestUser; colleague: TestUser };
let outsider: TestUser;
let products: { cup: string; pan: string; tea: string };
const year = new Date().getUTCFullYear();

async function pdfText(user: TestUser, url: string): Promise<{ text: string; disposition: string; bytes: Buffer }> {
  const res = await co.call(user, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  const bytes = res.rawPayload;
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const { text } = await parser.getText();
  await parser.destroy();
  return { text, disposition: String(res.headers['content-disposition']), bytes };
}

/** The buyer buys these quantities and checks out; the seller's desk confirms. The order. */
async function confirmedOrder(quantities: Record<keyof typeof products, number>, poNumber = ''): Promise<Order> {
  for (const [key, quantity] of Object.entries(quantities)) {
    if (quantity > 0) await t.api.buy(buying.buyer, products[key as keyof typeof products], quantity);
  }
  const placed = await t.api.place(buying.buyer, { poNumber });
  const id = placed.orders[0]?._id ?? '';
  expect((await t.api.setStatus(seller.desk, id, 'confirmed')).statusCode).toBe(200);
  return t.api.order(seller.desk, id);
}

const SELLER_BILLING = {
  legalName: 'Rahman Cookware Ltd.',
  address: '12 Agrabad Commercial Area\nChattogram 4100, Bangladesh',
  taxId: 'BIN 000123456-0101',
  defaultTaxRate: 15,
  invoiceFooter: 'Pay within 30 days to Dutch-Bangla Bank, account 123.456.789.',
};

beforeAll(async () => {
  t = await createTestApp({
    env: { CURRENCY: 'BDT', WRITE_RATE_LIMIT_PER_MINUTE: '100000', READ_RATE_LIMIT_PER_MINUTE: '100000' },
  });
  co = companyClient(t);
  const [admin, desk, catalogue, buyerAdmin, buyer, colleague] = await Promise.all([
    known(),
    known(),
    known(),
    known(),
    known(),
    known(),
  ]);
  outsider = await known();
  await co.create(admin, 'Rahman Cookware');
  await co.join(admin, desk, 'sales');
  await co.join(admin, catalogue, 'catalogue');
  await co.create(buyerAdmin, 'Aman Bostro');
  await co.join(buyerAdmin, buyer, 'buyer');
  await co.join(buyerAdmin, colleague, 'buyer');
  seller = { admin, desk, catalogue };
  buying = { admin: buyerAdmin, buyer, colleague };
  // The buyer's company's name on its invoices: a Bengali legal name.
  await ok(buyerAdmin, 'PUT', '/api/billing', { legalName: 'আমান বস্ত্র', address: 'Dhaka 1207', taxId: 'BIN 987' });
  const stamp = Date.now();
  products = {
    // 10.10 at 7.5%: 0.7575 of tax a unit, so per-line rounding shows.
    cup: await t.api.addProduct(catalogue, {
      name: 'Tea cup',
      sku: `CUP-${stamp}`,
      price: 10.1,
      taxRate: 7.5,
      minSellQty: 1,
    }),
    // A volume tier (9.99 from 10) and, for the buyer, a contract price (8.90).
    pan: await t.api.addProduct(catalogue, {
      name: 'Frying pan',
      sku: `PAN-${stamp}`,
      price: 12.5,
      taxRate: 5,
      minSellQty: 1,
      priceTiers: [{ minQty: 10, price: 9.99 }],
    }),
    // No rate of its own: the seller's default (15%, once the billing details say so); 3.10 from 6.
    tea: await t.api.addProduct(catalogue, {
      name: 'Loose tea',
      sku: `TEA-${stamp}`,
      price: 3.33,
      packSize: 3,
      minSellQty: 3,
      priceTiers: [{ minQty: 6, price: 3.1 }],
    }),
  };
  const list = await ok<{ id: string }>(catalogue, 'POST', '/api/price-lists', { name: 'Aman contract' }, 201);
  await ok(catalogue, 'PUT', `/api/price-lists/${list.id}/lines/${products.pan}`, { price: 11.11 });
  await ok(catalogue, 'POST', `/api/price-lists/${list.id}/customers`, { email: buyer.email }, 201);
});
afterAll(async () => {
  await t.close();
  setShopCurrency('USD');
});

describe('invoices', () => {
  test('issued by hand once the billing details are complete; its sums are the lines’ to the cent; one per order', async () => {
    const order = await confirmedOrder({ cup: 3, pan: 4, tea: 9 }, 'PO-7781');
    const url = `/api/orders/${order._id}/invoice`;
    const missing = await refused(seller.desk, 'POST', url, 409);
    expect(missing).toMatchObject({ code: 'BILLING_DETAILS_MISSING' });
    expect(missing.message).toContain('the legal name and the billing address');
    expect(missing.details?.map((d) => d.field)).toEqual(['legalName', 'address']);
    // The buyer may not issue it; to the seller's catalogue manager and an outsider it is not there.
    expect((await refused(buying.buyer, 'POST', url, 403)).code).toBe('FORBIDDEN');
    expect((await refused(seller.catalogue, 'POST', url, 404)).code).toBe('NOT_FOUND');
    expect((await refused(outsider, 'POST', url, 404)).code).toBe('NOT_FOUND');
    await ok(seller.admin, 'PUT', '/api/billing', SELLER_BILLING);
    expect((await ok<Invoice>(seller.desk, 'POST', url, undefined, 201)).number).toMatch(/^INV-/);

    // Ordered now, the tea without a rate of its own takes the seller's default of 15%.
    const taxed = await confirmedOrder({ cup: 3, pan: 4, tea: 9 }, 'PO-7781');
    const invoice = await ok<Invoice>(seller.desk, 'POST', `/api/orders/${taxed._id}/invoice`, undefined, 201);
    expect(invoice.number).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    expect(invoice).toMatchObject({
      orderId: taxed._id,
      status: 'issued',
      sellerName: 'Rahman Cookware Ltd.',
      buyerName: 'আমান বস্ত্র',
    });
    const lines = invoice.snapshot.lines;
    // The contract price (11.11, not the list's 12.50), the tea's tier (3.10 from 6) and each
    // line's rate: its own, or the seller's 15%.
    expect(lines.map((l) => [l.name, l.quantity, l.unitPrice, l.taxRate])).toEqual([
      ['Tea cup', 3, 10.1, 7.5],
      ['Frying pan', 4, 11.11, 5],
      ['Loose tea', 9, 3.1, 15],
    ]);
    for (const line of lines) {
      expect(line.net).toBe(lineAmount(line.unitPrice, line.quantity));
      expect(line.tax).toBe(taxOf(line.net, line.taxRate));
    }
    // 30.30 at 7.5% = 2.2725 → 2.27; 44.44 at 5% = 2.222 → 2.22; 27.90 at 15% = 4.185 → 4.19.
    expect(lines.map((l) => l.tax)).toEqual([2.27, 2.22, 4.19]);
    expect(invoice.snapshot.totals).toEqual({
      net: 102.64,
      tax: 8.68,
      gross: 111.32,
      byRate: [
        { rate: 5, net: 44.44, tax: 2.22 },
        { rate: 7.5, net: 30.3, tax: 2.27 },
        { rate: 15, net: 27.9, tax: 4.19 },
      ],
    });
    expect(invoice.snapshot.totals.net).toBe(sumAmounts(lines.map((l) => l.net)));
    expect(invoice.snapshot.totals.tax).toBe(sumAmounts(lines.map((l) => l.tax)));
    // The order says the same.
    const after = await t.api.order(buying.buyer, taxed._id);
    expect(after.totals).toEqual(invoice.snapshot.totals);
    expect(after.invoice).toEqual({ _id: invoice._id, number: invoice.number, creditNotes: [] });
    expect(invoice.snapshot).toMatchObject({
      currency: 'BDT',
      poNumber: 'PO-7781',
      orderNumber: taxed.orderNumber,
      seller: { legalName: 'Rahman Cookware Ltd.', taxId: 'BIN 000123456-0101' },
      buyer: { legalName: 'আমান বস্ত্র', address: 'Dhaka 1207', email: buying.buyer.email },
      footer: SELLER_BILLING.invoiceFooter,
    });

    // The buyer's email of the order says the same: net, the tax at each rate, the gross.
    const [placedEmail] = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userUid, buying.buyer.uid), eq(notifications.link, `/orders/${taxed._id}`)));
    if (!placedEmail) throw new Error('no order email');
    const email = await renderNotificationEmail(placedEmail, { publicUrl: 'http://shop.test', token: 'token' });
    for (const text of ['Net total', '৳102.64', 'Tax 15% on ৳27.90', '৳4.19', '৳111.32'])
      expect(email.text).toContain(text);

    const again = await refused(seller.admin, 'POST', `/api/orders/${taxed._id}/invoice`, 409);
    expect(again).toMatchObject({ code: 'ALREADY_INVOICED' });
    expect(again.message).toContain(invoice.number);
  });

  test('the snapshot and its PDF survive a rename, a price change and new billing details', async () => {
    const order = await confirmedOrder({ cup: 2, pan: 0, tea: 0 });
    const invoice = await ok<Invoice>(seller.desk, 'POST', `/api/orders/${order._id}/invoice`, undefined, 201);
    const first = await pdfText(buying.buyer, `/api/invoices/${invoice._id}/pdf`);
    await ok(seller.catalogue, 'PUT', `/api/products/${products.cup}`, { name: 'Porcelain cup', price: 11.5 });
    await ok(seller.admin, 'PUT', '/api/billing', { ...SELLER_BILLING, address: 'Moved to Dhaka' });
    await ok(buying.admin, 'PUT', '/api/billing', { legalName: 'Renamed Ltd.', address: 'Elsewhere' });
    expect(await ok<Invoice>(buying.buyer, 'GET', `/api/invoices/${invoice._id}`)).toEqual({
      ...invoice,
      canCredit: false,
    });
    const second = await pdfText(buying.buyer, `/api/invoices/${invoice._id}/pdf`);
    expect(second.bytes.equals(first.bytes)).toBe(true);
    expect(second.text).toContain('Tea cup');
    expect(second.text).not.toContain('Porcelain');
    expect(second.text).toContain('12 Agrabad Commercial Area');
    // Put back what the other tests expect.
    await ok(seller.catalogue, 'PUT', `/api/products/${products.cup}`, { name: 'Tea cup', price: 10.1 });
    await ok(seller.admin, 'PUT', '/api/billing', SELLER_BILLING);
    await ok(buying.admin, 'PUT', '/api/billing', { legalName: 'আমান বস্ত্র', address: 'Dhaka 1207', taxId: 'BIN 987' });
  });

  test('the PDF carries the number, the Bengali name, the taka sign and the totals, under a file name with the number', async () => {
    const order = await confirmedOrder({ cup: 3, pan: 4, tea: 9 });
    const invoice = await ok<Invoice>(seller.desk, 'POST', `/api/orders/${order._id}/invoice`, undefined, 201);
    const { text, disposition } = await pdfText(buying.buyer, `/api/invoices/${invoice._id}/pdf`);
    expect(disposition).toBe(`attachment; filename="${invoice.number}.pdf"`);
    for (const expected of [
      invoice.number,
      'আমান বস্ত্র',
      '৳102.64',
      '৳8.68',
      '৳111.32',
      'Tax 7.5% on ৳30.30',
      order.orderNumber,
    ]) {
      expect(text).toContain(expected);
    }
  });

  test('shipping issues the invoice; numbers follow each other; each side lists its own', async () => {
    const order = await confirmedOrder({ cup: 1, pan: 0, tea: 0 });
    expect((await t.api.setStatus(seller.desk, order._id, 'shipped', { trackingRef: 'TRK-1' })).statusCode).toBe(200);
    const shipped = await t.api.order(buying.buyer, order._id);
    expect(shipped.invoice?.number).toMatch(new RegExp(`^INV-${year}-\\d{6}$`));
    const sales = await ok<InvoicePage>(seller.desk, 'GET', '/api/invoices?side=seller&limit=2');
    expect(sales.items[0]?.number).toBe(shipped.invoice?.number);
    const numbers = sales.items.map((i) => Number(i.number.slice(-6)));
    expect(numbers[0]).toBe((numbers[1] ?? 0) + 1);
    const next = await ok<InvoicePage>(
      seller.desk,
      'GET',
      `/api/invoices?side=seller&limit=2&cursor=${sales.nextCursor}`,
    );
    expect(Number(next.items[0]?.number.slice(-6))).toBe((numbers[1] ?? 0) - 1);
    // The buyer sees theirs; their company's admin sees it too; a colleague without approval rights does not.
    const mine = await ok<InvoicePage>(buying.buyer, 'GET', '/api/invoices?side=buyer');
    expect(mine.items.map((i) => i._id)).toContain(shipped.invoice?._id);
    const company = await ok<InvoicePage>(buying.admin, 'GET', '/api/invoices');
    expect(company.items.map((i) => i._id)).toContain(shipped.invoice?._id);
    expect((await ok<InvoicePage>(buying.colleague, 'GET', '/api/invoices')).items).toEqual([]);
    expect((await ok<InvoicePage>(outsider, 'GET', '/api/invoices?side=seller')).items).toEqual([]);
    expect((await refused(seller.catalogue, 'GET', '/api/invoices?side=seller', 403)).code).toBe('FORBIDDEN');
    expect((await refused(seller.desk, 'GET', '/api/invoices?status=paid', 400)).code).toBe('VALIDATION_ERROR');
  });

  test('another business’s documents are 404, whatever the document', async () => {
    const order = await confirmedOrder({ cup: 1, pan: 0, tea: 0 });
    const invoice = await ok<Invoice>(seller.desk, 'POST', `/api/orders/${order._id}/invoice`, undefined, 201);
    const note = await ok<CreditNote>(
      seller.desk,
      'POST',
      `/api/invoices/${invoice._id}/credit-notes`,
      { reason: 'Damaged' },
      201,
    );
    const urls = [
      `/api/invoices/${invoice._id}`,
      `/api/invoices/${invoice._id}/pdf`,
      `/api/credit-notes/${note._id}/pdf`,
      `/api/orders/${order._id}/packing-slip`,
    ];
    for (const who of [outsider, buying.colleague, seller.catalogue]) {
      for (const url of urls) expect((await co.call(who, 'GET', url)).statusCode, `${url}`).toBe(404);
    }
    expect(
      (await co.call(outsider, 'POST', `/api/invoices/${invoice._id}/credit-notes`, { reason: 'x' })).statusCode,
    ).toBe(404);
    expect((await co.call(outsider, 'GET', `/api/sales/packing-slips?ids=${order._id}`)).statusCode).toBe(404);
    // Those allowed open all of them.
    for (const who of [buying.buyer, buying.admin, seller.desk, seller.admin]) {
      for (const url of urls) expect((await co.call(who, 'GET', url)).statusCode, `${url}`).toBe(200);
    }
  });
});

describe('credit notes', () => {
  test('a return credits some lines; more than is left is refused and changes nothing', async () => {
    const order = await confirmedOrder({ cup: 3, pan: 4, tea: 0 });
    const invoice = await ok<Invoice>(seller.desk, 'POST', `/api/orders/${order._id}/invoice`, undefined, 201);
    const url = `/api/invoices/${invoice._id}/credit-notes`;
    const over = await refused(seller.desk, 'POST', url, 409, {
      lines: [{ productId: products.cup, quantity: 4 }],
      reason: 'Return',
    });
    expect(over).toMatchObject({ code: 'CREDIT_EXCEEDS_INVOICE' });
    expect(over.message).toBe(
      `Invoice ${invoice.number} has 3 of Tea cup left to credit; 4 were asked for. Nothing was credited.`,
    );
    expect(
      (await refused(seller.desk, 'POST', url, 400, { lines: [{ productId: products.cup, quantity: 1 }] })).code,
    ).toBe('VALIDATION_ERROR');
    expect((await refused(buying.buyer, 'POST', url, 403, { reason: 'Mine' })).code).toBe('FORBIDDEN');
    expect((await ok<Invoice>(seller.desk, 'GET', `/api/invoices/${invoice._id}`)).creditNotes).toEqual([]);

    const note = await ok<CreditNote>(
      seller.desk,
      'POST',
      url,
      { lines: [{ productId: products.cup, quantity: 2 }], reason: 'Two arrived broken' },
      201,
    );
    expect(note.number).toMatch(new RegExp(`^CN-${year}-\\d{6}$`));
    expect(note).toMatchObject({ invoiceId: invoice._id, invoiceNumber: invoice.number, reason: 'Two arrived broken' });
    // 20.20 at 7.5% = 1.515 → 1.52.
    expect(note.totals).toEqual({ net: 20.2, tax: 1.52, gross: 21.72, byRate: [{ rate: 7.5, net: 20.2, tax: 1.52 }] });
    const partly = await ok<Invoice>(buying.buyer, 'GET', `/api/invoices/${invoice._id}`);
    expect(partly).toMatchObject({ status: 'partly_credited', credited: 21.72 });
    // One cup is left: two more are refused; the rest (one cup, four pans) is credited without naming lines.
    expect(
      (await refused(seller.desk, 'POST', url, 409, { lines: [{ productId: products.cup, quantity: 2 }], reason: 'x' }))
        .message,
    ).toContain('has 1 of Tea cup left');
    const rest = await ok<CreditNote>(seller.admin, 'POST', url, { reason: 'Goodwill' }, 201);
    expect(rest.lines.map((l) => [l.name, l.quantity])).toEqual([
      ['Tea cup', 1],
      ['Frying pan', 4],
    ]);
    expect(Number(rest.number.slice(-6))).toBe(Number(note.number.slice(-6)) + 1);
    // Credited in two parts, the cup's tax is its line's to the cent (1.52 + 0.75 = 2.27, not 1.52 + 0.76).
    expect(rest.lines[0]).toMatchObject({ quantity: 1, net: 10.1, tax: 0.75 });
    const whole = await ok<Invoice>(seller.desk, 'GET', `/api/invoices/${invoice._id}`);
    expect(whole).toMatchObject({ status: 'credited', credited: invoice.gross });
    expect((await refused(seller.desk, 'POST', url, 409, { reason: 'Again' })).message).toBe(
      `Invoice ${invoice.number} is credited in full already.`,
    );
    const { text } = await pdfText(buying.buyer, `/api/credit-notes/${note._id}/pdf`);
    for (const expected of [note.number, invoice.number, 'Two arrived broken', '৳21.72'])
      expect(text).toContain(expected);
  });

  test('cancelling an invoiced order credits all of it; a placed order is not invoiced', async () => {
    const order = await confirmedOrder({ cup: 1, pan: 2, tea: 3 });
    const invoice = await ok<Invoice>(seller.desk, 'POST', `/api/orders/${order._id}/invoice`, undefined, 201);
    expect((await t.api.setStatus(seller.desk, order._id, 'cancelled')).statusCode).toBe(200);
    const cancelled = await t.api.order(buying.buyer, order._id);
    expect(cancelled.invoice?.creditNotes).toHaveLength(1);
    const credited = await ok<Invoice>(buying.buyer, 'GET', `/api/invoices/${invoice._id}`);
    expect(credited.status).toBe('credited');
    expect(credited.creditNotes[0]).toMatchObject({ reason: 'Order cancelled', totals: invoice.snapshot.totals });
    expect(credited.credited).toBe(invoice.gross);

    await t.api.buy(buying.buyer, products.cup, 1);
    const placed = await t.api.place(buying.buyer);
    const id = placed.orders[0]?._id ?? '';
    expect((await refused(seller.desk, 'POST', `/api/orders/${id}/invoice`, 409)).code).toBe('NOT_INVOICEABLE');
  });
});

describe('document numbers', () => {
  test('the seller chooses the prefixes and whether the year is in them; a bad prefix is refused', async () => {
    const own = await known();
    for (const [prefixes, message] of [
      [{ invoicePrefix: 'INV-2026', numberWithYear: false }, 'The invoice prefix cannot end in a dash and a year'],
      [{ invoicePrefix: 'DOC', creditNotePrefix: 'DOC' }, 'Invoices and credit notes need different prefixes'],
    ] as const) {
      expect((await refused(own, 'PUT', '/api/billing', 400, { ...SELLER_BILLING, ...prefixes })).message).toContain(
        message,
      );
    }
    const bad = await refused(own, 'PUT', '/api/billing', 400, { ...SELLER_BILLING, invoicePrefix: 'inv 1' });
    expect(bad.message).toContain('The invoice prefix: 1 to 10 capital letters or digits (and / or -), e.g. INV.');
    await ok(own, 'PUT', '/api/billing', {
      ...SELLER_BILLING,
      invoicePrefix: 'NW/INV',
      creditNotePrefix: 'NW/CN',
      numberWithYear: false,
    });
    const mug = await t.api.addProduct(own, { name: 'Mug', price: 2, minSellQty: 1 });
    const numbers: string[] = [];
    for (let i = 0; i < 2; i++) {
      await t.api.buy(buying.buyer, mug, 1);
      const id = (await t.api.place(buying.buyer)).orders[0]?._id ?? '';
      expect((await t.api.setStatus(own, id, 'confirmed')).statusCode).toBe(200);
      numbers.push((await ok<Invoice>(own, 'POST', `/api/orders/${id}/invoice`, undefined, 201)).number);
    }
    expect(numbers).toEqual(['NW/INV-000001', 'NW/INV-000002']);
    const [first] = (await ok<InvoicePage>(own, 'GET', '/api/invoices?side=seller')).items;
    const note = await ok<CreditNote>(
      own,
      'POST',
      `/api/invoices/${first?._id}/credit-notes`,
      { reason: 'Returned' },
      201,
    );
    expect(note.number).toBe('NW/CN-000001');
    // The PDF's file name keeps the number readable without a slash.
    const res = await co.call(own, 'GET', `/api/invoices/${first?._id}/pdf`);
    expect(res.headers['content-disposition']).toBe('attachment; filename="NW_INV-000002.pdf"');
  });
});

describe('packing slips', () => {
  test('one order’s slip, and the desk’s slips of several in one PDF, without prices', async () => {
    const a = await confirmedOrder({ cup: 0, pan: 0, tea: 9 }, 'PO-SLIP-1');
    const b = await confirmedOrder({ cup: 2, pan: 0, tea: 0 }, 'PO-SLIP-2');
    const one = await pdfText(buying.buyer, `/api/orders/${a._id}/packing-slip`);
    expect(one.text).toContain('PACKING SLIP');
    expect(one.text).toContain('PO-SLIP-1');
    expect(one.text).toContain('3 × 3');
    expect(one.text).not.toContain('৳');
    const both = await pdfText(seller.desk, `/api/sales/packing-slips?ids=${a._id},${b._id}`);
    for (const expected of [a.orderNumber, b.orderNumber, 'PO-SLIP-1', 'PO-SLIP-2'])
      expect(both.text).toContain(expected);
    expect(both.disposition).toBe('attachment; filename="packing-slips-2.pdf"');
    // The buyer has no order desk (403); another seller has no such sale (404).
    expect((await co.call(buying.buyer, 'GET', `/api/sales/packing-slips?ids=${a._id}`)).statusCode).toBe(403);
    expect((await co.call(outsider, 'GET', `/api/sales/packing-slips?ids=${a._id}`)).statusCode).toBe(404);
    expect((await refused(seller.desk, 'GET', '/api/sales/packing-slips?ids=nope', 400)).code).toBe('VALIDATION_ERROR');
  });
});
