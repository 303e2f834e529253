import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { uniqueId } from '../fixtures/auth-emulator.js';
import { blocking, describeViolations, scanAccessibility } from '../fixtures/axe.js';
import { expect, test } from '../fixtures/test.js';

/*
 * Catalogue import end to end (issue 20): a seller starts from the template, uploads a file with
 * one bad row, reads the dry run, imports (the good rows apply, the bad one is reported with its
 * row, column and the form's own message), downloads the failed row with its error, fixes it,
 * uploads that file and sees it succeed; the export then holds every product.
 */

async function downloaded(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: (download as Download).suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
}

const UUID = /\/import\/[0-9a-f-]{36}$/;

async function expectAccessible(page: Page, screen: string) {
  const serious = blocking(await scanAccessibility(page, screen));
  expect(serious, describeViolations(serious)).toEqual([]);
}

test(
  'a seller imports a file with one bad row after a dry run, downloads the failed row, fixes it and imports it',
  { tag: '@engine' },
  async ({ signedInPage: page, user: seller, api, tokenFor }) => {
    // The navbar's brand slides in on each load; scanned mid-way, its faded text fails contrast.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const id = uniqueId();
    const skus = [`IMP-A-${id}`, `IMP-B-${id}`, `IMP-C-${id}`];

    // From My Products to the import page; the template has every column and an example row.
    await page.goto(`/my-products/${seller.email}`);
    await page.getByRole('link', { name: 'Import products' }).click();
    await expect(page).toHaveURL('/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import products' })).toBeVisible();
    const template = await downloaded(page, () => page.getByRole('button', { name: 'Download template' }).click());
    expect(template.name).toBe('products-template.csv');
    const [header = '', example = ''] = template.text.replace(/^\uFEFF/, '').split(/\r?\n/);
    expect(header).toBe(
      'id,sku,name,category,price,quantity,minSellQty,packSize,maxOrderQty,priceTiers,taxRate,brand,image,description,content,rating',
    );
    expect(example).toContain('KT-MUG-350');

    // The seller's file: the template's columns plus a note column of their own; the third row's
    // volume prices rise, which the form would refuse too.
    const row = (sku: string, name: string, tiers: string) =>
      `,${sku},${name},kitchen,10,600,12,6,120,${tiers},5%,Claymont,,"Glazed, boxed.",Case of 6,4.5,keep`;
    const file = [
      `${header},notes`,
      row(skus[0] ?? '', `Import Mug ${id}`, '48:9.20|96:8.50'),
      row(skus[1] ?? '', `Import Bowl ${id}`, ''),
      row(skus[2] ?? '', `Import Plate ${id}`, '48:9.20|96:9.40'),
    ].join('\r\n');
    await page.getByLabel('Choose a CSV or Excel file').setInputFiles({
      name: 'catalogue.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file),
    });
    const preview = page.getByRole('table', { name: 'The first rows of the file' });
    await expect(preview.getByRole('row')).toHaveCount(4);
    await expect(page.getByText('16 of 17 columns recognised, separated by comma.')).toBeVisible();
    await expect(page.getByText(/Not import columns, so ignored: “notes”/)).toBeVisible();
    await expectAccessible(page, 'import-preview');

    // The dry run checks every row and writes nothing.
    await page.getByRole('button', { name: 'Dry run' }).click();
    await expect(page).toHaveURL(UUID);
    const dryRun = page.getByLabel('Dry run summary');
    await expect(dryRun).toContainText('Would create2');
    await expect(dryRun).toContainText('Would fail1');
    const failed = page.getByRole('table', { name: 'Failed rows' });
    await expect(
      failed.getByRole('row', { name: "4 priceTiers Tier 2: the price must be less than tier 1's (9.20)." }),
    ).toBeVisible();
    const token = await tokenFor(seller);
    expect((await api.myProducts(token, seller.email)).filter((p) => p.sku?.endsWith(id))).toEqual([]);

    // The import writes the good rows and reports the bad one; a reload shows the same result.
    const dryRunUrl = page.url();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page).not.toHaveURL(dryRunUrl);
    await expect(page).toHaveURL(UUID);
    await page.reload();
    const summary = page.getByLabel('Import summary');
    await expect(summary).toContainText('Created2');
    await expect(summary).toContainText('Failed1');
    await expect(summary).toContainText('Unchanged0');
    await expectAccessible(page, 'import-summary');
    const mine = await api.myProducts(token, seller.email);
    expect(
      mine
        .filter((p) => p.sku?.endsWith(id))
        .map((p) => [p.sku, p.packSize, p.priceTiers.length])
        .sort(),
    ).toEqual([
      [skus[0], 6, 2],
      [skus[1], 6, 0],
    ]);

    // The failed row as it was, with its error: fixed and uploaded again, it goes in.
    const failedRows = await downloaded(page, () => page.getByRole('button', { name: 'Download failed rows' }).click());
    expect(failedRows.name).toMatch(/^failed-rows-.+\.csv$/);
    const lines = failedRows.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/,notes,error$/);
    expect(lines[1]).toContain(skus[2]);
    expect(lines[1]).toContain("Tier 2: the price must be less than tier 1's (9.20).");
    await page.getByLabel('Choose a CSV or Excel file').setInputFiles({
      name: 'catalogue-fixed.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(failedRows.text.replace('48:9.20|96:9.40', '48:9.20|96:8.50')),
    });
    await expect(page.getByText(/Not import columns, so ignored: “notes”, “error”/)).toBeVisible();
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.getByLabel('Import summary')).toContainText('Created1');
    await expect(page.getByLabel('Import summary')).toContainText('Failed0');
    await expect(page.getByRole('table', { name: 'Failed rows' })).toHaveCount(0);
    const recent = page.getByRole('region', { name: 'Recent imports' });
    await expect(recent.getByRole('listitem')).toHaveCount(3);
    await expect(recent.getByRole('link', { name: 'catalogue-fixed.csv' })).toHaveAttribute('aria-current', 'page');

    // Every product is in the catalogue, and in its export.
    expect(
      (await api.myProducts(token, seller.email))
        .filter((p) => p.sku?.endsWith(id))
        .map((p) => p.sku)
        .sort(),
    ).toEqual(skus);
    // The tax rate written as a spreadsheet shows a percentage.
    expect(
      (await api.myProducts(token, seller.email)).filter((p) => p.sku?.endsWith(id)).map((p) => p.taxRate),
    ).toEqual([5, 5, 5]);
    await page.goto(`/my-products/${seller.email}`);
    const exported = await downloaded(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(exported.name).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    for (const sku of skus) expect(exported.text).toContain(sku);
  },
);
