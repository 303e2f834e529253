import type { Page } from '@playwright/test';
import { buildShipTo } from '@b2b/shared/testing';
import { uniqueId } from '../fixtures/auth-emulator.js';
import { blocking, describeViolations, scanAccessibility } from '../fixtures/axe.js';
import { expect, test } from '../fixtures/test.js';
import { toast } from '../fixtures/ui.js';

/*
 * Ordering the way businesses order (issue 21): a buyer pastes five lines from a spreadsheet (an
 * unknown SKU, a quantity that is not a whole number of packs, the same SKU twice), takes the
 * pack quantity the preview offers, adds the lines to the cart, saves the cart as a list, empties
 * the cart, adds the list to the cart again and checks out.
 */

/** No serious or critical axe violation on what the page shows now. */
async function expectAccessible(page: Page, screen: string) {
  const serious = blocking(await scanAccessibility(page, screen));
  expect(serious, describeViolations(serious)).toEqual([]);
}

test(
  'paste five lines, fix the pack from the preview, add to cart, save the cart as a list, add the list again and check out',
  { tag: '@engine' },
  async ({ signedInPage: page, user: buyer, makeSeller, api, tokenFor }) => {
    const id = uniqueId();
    const listing = (name: string, sku: string, price: number, packSize: number) =>
      ({
        name: `${name} ${id}`,
        sku: `QO-${sku}-${id}`,
        price,
        minSellQty: packSize,
        packSize,
        quantity: 500,
      }) as const;
    const {
      products: [tape, paper, labels],
    } = await makeSeller(
      listing('Packing tape', 'TAPE', 2, 1),
      listing('Copy paper', 'PAPER', 10, 6),
      listing('Labels', 'LABEL', 3, 1),
    );
    const buyerToken = await tokenFor(buyer);

    // Five lines copied from a spreadsheet, with its header row.
    await page.goto('/quick-order');
    await expect(page.getByRole('heading', { level: 1, name: 'Quick order' })).toBeVisible();
    await page
      .getByLabel('Paste lines')
      .fill(
        [
          'SKU\tQuantity',
          `${tape.sku}\t10`,
          `${paper.sku}\t13`,
          `QO-NOPE-${id}\t4`,
          `${labels.sku}\t5`,
          `${tape.sku}\t2`,
        ].join('\n'),
      );
    await page.getByRole('button', { name: 'Preview' }).click();

    const preview = page.getByRole('table', { name: 'Quick order preview' });
    const row = (line: number) =>
      preview.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${line}\\b`) }) });
    await expect(preview.getByRole('row')).toHaveCount(6);
    await expect(row(1)).toContainText(tape.name);
    await expect(row(1)).toContainText('Merged with line 5');
    await expect(row(5)).toContainText('Merged with line 1');
    await expect(row(1)).toContainText('$20.00');
    await expect(row(2)).toContainText('Sold in packs of 6: choose 12 or 18.');
    await expect(row(3)).toContainText(`No product has the SKU QO-NOPE-${id}`);
    await expect(row(4)).toContainText('$15.00');
    await expect(page.getByText('3 of 5 lines can be added; 2 need attention.')).toBeVisible();
    await expectAccessible(page, 'quick-order-preview');

    // One click takes the quantity offered; the preview is asked again.
    await row(2).getByRole('button', { name: 'Use 12 on line 2' }).click();
    await expect(row(2)).toContainText('$120.00');
    await expect(page.getByText('4 of 5 lines can be added; 1 needs attention.')).toBeVisible();
    const totals = page.getByRole('region', { name: 'Totals' });
    await expect(totals).toContainText('$159.00');
    expect(await api.cart(buyerToken, buyer.email)).toEqual([]);

    await page.getByRole('button', { name: 'Add to cart' }).click();
    const results = page.getByRole('status').filter({ hasText: 'added to your cart' });
    await expect(results).toContainText('4 of 5 lines were added to your cart.');
    await expect(results).toContainText(`Line 3: QO-NOPE-${id}`);
    await expect(results).toContainText('Not added: No product has the SKU');
    const cart = await api.cart(buyerToken, buyer.email);
    expect(cart.map((item) => [item.name, item.buyQuantity]).sort()).toEqual(
      [
        [labels.name, 5],
        [paper.name, 12],
        [tape.name, 12],
      ].sort(),
    );

    // The cart becomes a list.
    await results.getByRole('link', { name: 'Go to my cart' }).click();
    await expect(page).toHaveURL(`/carts/${buyer.email}`);
    await page.getByRole('button', { name: 'Save cart as list' }).click();
    const prompt = page.getByRole('dialog', { name: 'Save cart as list' });
    await prompt.getByLabel('List name').fill(`Weekly restock ${id}`);
    await prompt.getByRole('button', { name: 'Save list' }).click();
    await expect(toast(page, `Saved as “Weekly restock ${id}”.`)).toBeVisible();

    // The cart is emptied, item by item.
    const items = page.getByRole('article');
    for (let left = 3; left > 0; left -= 1) {
      await expect(items).toHaveCount(left);
      await items
        .first()
        .getByRole('button', { name: /Remove/ })
        .click();
    }
    await expect(page.getByText('No data found in your cart.')).toBeVisible();
    expect(await api.cart(buyerToken, buyer.email)).toEqual([]);

    // The list, from the navbar's Buying menu, goes into the cart in one click.
    await page.goto('/lists');
    await page.getByRole('link', { name: `Weekly restock ${id}` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Weekly restock ${id}` })).toBeVisible();
    const lines = page.getByRole('list', { name: `Lines of Weekly restock ${id}` });
    await expect(lines.getByRole('article')).toHaveCount(3);
    await expect(page.getByRole('spinbutton', { name: `Quantity of ${paper.name}` })).toHaveValue('12');
    // A quantity is changed on the list before it goes into the cart.
    await page.getByRole('spinbutton', { name: `Quantity of ${labels.name}` }).fill('6');
    await page.getByRole('button', { name: `Save the quantity of ${labels.name}` }).click();
    await expect(page.getByRole('button', { name: `Save the quantity of ${labels.name}` })).toBeDisabled();
    await expect(page.getByText(/^At list prices:/)).toContainText('$162.00');
    await expectAccessible(page, 'list');
    await page.getByRole('button', { name: 'Add list to cart' }).click();
    const added = page.getByRole('status').filter({ hasText: 'added to your cart' });
    await expect(added).toContainText('3 of 3 lines were added to your cart.');
    await added.getByRole('link', { name: 'Go to my cart' }).click();
    await expect(page.getByRole('article')).toHaveCount(3);

    // Checkout.
    await page.getByRole('link', { name: 'Checkout' }).click();
    const address = buildShipTo();
    await page.getByLabel(/Name or company/).fill(address.name);
    await page.getByLabel(/Address line 1/).fill(address.line1);
    await page.getByLabel(/^City/).fill(address.city);
    await page.getByLabel(/^Country/).fill(address.country);
    await page.getByRole('button', { name: 'Place order' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
    const [order] = await api.orders(buyerToken);
    expect(order?.total).toBe(162);
    expect(await api.cart(buyerToken, buyer.email)).toEqual([]);
  },
);
