import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.js';
import { alertDialog, toast } from '../fixtures/ui.js';

/*
 * Invoices and credit notes (issue 39; docs/architecture.md, "Documents"): a seller enters their
 * billing details with a default tax rate, a buyer orders (the checkout shows the tax), the seller
 * ships it from the desk and the invoice is issued; the buyer downloads it. The seller invoices
 * another order by hand and cancels it: the buyer finds the credit note. Not tagged @engine: the
 * numbering, the snapshot and the credit rules run on both engines in the API suite
 * (test/routes/invoices.test.ts).
 */

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: (download as Download).suggestedFilename(), bytes: await readFile(await download.path()) };
}

test('a seller enters billing details and ships: the buyer downloads the invoice; a cancelled invoiced order gets a credit note', async ({
  makeUser,
  makeSeller,
  pageFor,
  api,
  tokenFor,
}) => {
  test.slow();
  const {
    user: seller,
    products: [kettle],
  } = await makeSeller({ name: 'Kettle 1.7 l', price: 20, quantity: 100, minSellQty: 1, packSize: 1 });
  const buyer = await makeUser({ displayName: 'Ann Buyer' });
  const [sellerToken, buyerToken] = [await tokenFor(seller), await tokenFor(buyer)];
  const year = new Date().getUTCFullYear();

  // The seller's billing details, on the profile (a seller without a company), with 15% tax.
  const sellerPage = await pageFor(seller);
  await sellerPage.goto('/profile');
  const billing = sellerPage.getByRole('form', { name: 'Billing details' });
  await billing.getByLabel('Legal name').fill('Northwind Kettles Ltd.');
  await billing.getByLabel('Billing address').fill('12 Harbour Road\nChattogram 4100');
  await billing.getByLabel('Default tax rate, %').fill('15');
  await billing.getByLabel(/Invoice footer/).fill('Pay within 30 days to account 123.456.789.');
  await billing.getByRole('button', { name: /Save/ }).click();
  await expect(toast(sellerPage, 'Billing details saved.')).toBeVisible();

  // The buyer's checkout shows the net, the tax and the gross: 3 × 20.00 = 60.00, 15% is 9.00.
  await api.buy(buyerToken, kettle._id, 3);
  const buyerPage = await pageFor(buyer);
  await buyerPage.goto(`/carts/${buyer.email}`);
  const summary = buyerPage.getByRole('complementary', { name: 'Summary' });
  await expect(summary).toContainText('Net total$60.00');
  await expect(summary).toContainText('Tax 15% on $60.00$9.00');
  await expect(summary).toContainText('Grand total$69.00');
  const [shippedOrder] = (await api.placeOrder(buyerToken)).orders;
  const orderNumber = shippedOrder?.orderNumber ?? '';

  // The seller confirms and ships it from the desk; shipping issues the invoice.
  await sellerPage.goto('/sales');
  const card = sellerPage.getByRole('article', { name: orderNumber });
  await card.getByRole('button', { name: `Confirm ${orderNumber}` }).click();
  await expect(toast(sellerPage, `${orderNumber} confirmed.`)).toBeVisible();
  await card.getByRole('button', { name: `Ship ${orderNumber}` }).click();
  const prompt = alertDialog(sellerPage, `Ship ${orderNumber}?`);
  await prompt.getByLabel('Tracking reference').fill('DHL 1234');
  await prompt.getByRole('button', { name: 'Ship' }).click();
  await expect(toast(sellerPage, `${orderNumber} shipped.`)).toBeVisible();

  // The buyer finds it on the order and downloads it.
  await buyerPage.goto(`/orders/${shippedOrder?._id}`);
  const lines = buyerPage.getByRole('table', { name: `Lines of order ${orderNumber}` });
  await expect(lines.getByRole('row', { name: /Tax 15% on \$60\.00.*\$9\.00/ })).toBeVisible();
  await expect(lines.getByRole('row', { name: /^Total.*\$69\.00/ })).toBeVisible();
  const documents = buyerPage.getByRole('region', { name: 'Documents' });
  const invoiceNumber = `INV-${year}-000001`;
  await expect(documents.getByRole('link', { name: `Invoice ${invoiceNumber}` })).toBeVisible();
  const pdf = await downloaded(buyerPage, () => documents.getByRole('button', { name: 'Invoice PDF' }).click());
  expect(pdf.name).toBe(`${invoiceNumber}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

  // Another order: the seller invoices it by hand once confirmed, then cancels it.
  await api.buy(buyerToken, kettle._id, 2);
  const [second] = (await api.placeOrder(buyerToken)).orders;
  await api.setOrderStatus(sellerToken, second?._id ?? '', 'confirmed');
  await sellerPage.goto(`/orders/${second?._id}`);
  await sellerPage.getByRole('region', { name: 'Documents' }).getByRole('button', { name: 'Issue invoice' }).click();
  await expect(toast(sellerPage, `Invoice INV-${year}-000002 issued.`)).toBeVisible();
  await sellerPage.getByRole('button', { name: `Cancel order ${second?.orderNumber}` }).click();
  await alertDialog(sellerPage, `Cancel ${second?.orderNumber}?`).getByRole('button', { name: 'Cancel order' }).click();
  await expect(toast(sellerPage, `${second?.orderNumber} cancelled.`)).toBeVisible();

  // The buyer's Invoices page shows it credited; its page lists the credit note, which downloads.
  await buyerPage.goto('/invoices');
  await expect(buyerPage.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  const row = buyerPage.getByRole('row').filter({ hasText: `INV-${year}-000002` });
  await expect(row).toContainText('Credited');
  await expect(row).toContainText('$46.00');
  await row.getByRole('link', { name: `INV-${year}-000002` }).click();
  const notes = buyerPage.getByRole('region', { name: 'Credit notes' });
  await expect(notes).toContainText(`CN-${year}-000001`);
  await expect(notes).toContainText('Order cancelled');
  const credit = await downloaded(buyerPage, () => notes.getByRole('button', { name: 'Credit note PDF' }).click());
  expect(credit.name).toBe(`CN-${year}-000001.pdf`);
});
