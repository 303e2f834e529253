import type { Page } from '@playwright/test';
import { buildShipTo } from '@b2b/shared/testing';
import { expect, test } from '../fixtures/test.js';
import { toast } from '../fixtures/ui.js';

/*
 * Requests for quote end to end (packages/shared/src/quotes.ts): a buyer asks for a quote on their
 * cart with a target price (the cart empties: a quote holds no stock); a seller company's desk
 * clerk offers, the buyer asks for a revision, the clerk offers again and the buyer accepts with a
 * ship-to: the order carries the second offer's prices, and both inboxes tell the story. Not
 * @engine: the moves, the versions and the acceptance's checkout run on both engines in the API
 * suite.
 */

/** The quote's line of `name` in its lines table. */
const quoteLine = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

test('a buyer requests a quote from the cart; the desk clerk offers, revises on request, and the buyer accepts: the order has the revised prices', async ({
  makeUser,
  makeSeller,
  fillCart,
  pageFor,
  tokenFor,
  api,
}) => {
  test.slow();
  const {
    token: ownerToken,
    products: [oil, rice],
  } = await makeSeller(
    { name: 'Olive Oil, 5 l', price: 41, quantity: 200, minSellQty: 1, packSize: 1 },
    { name: 'Basmati Rice, 25 kg', price: 30, quantity: 100, minSellQty: 2, packSize: 2 },
  );
  // The seller is a company whose order desk answers quotes.
  await api.createCompany(ownerToken, 'Northwind Quote Co');
  const clerk = await makeUser({ displayName: 'Dev Patel' });
  await api.invite(ownerToken, { email: clerk.email, role: 'sales', spendingLimit: null });
  await api.acceptInvitation(await tokenFor(clerk));
  const buyer = await makeUser({ displayName: 'Ann Buyer' });
  const buyerToken = await fillCart(
    [
      [oil, 10],
      [rice, 4],
    ],
    buyer,
  );

  // The buyer asks for a quote on the cart, with a target price on the oil; the dialog says the cart empties.
  const buyerPage = await pageFor(buyer);
  await buyerPage.goto(`/carts/${buyer.email}`);
  await buyerPage.getByRole('button', { name: 'Request a quote' }).click();
  const dialog = buyerPage.getByRole('dialog', { name: 'Request a quote' });
  await expect(dialog.getByRole('note')).toContainText('your cart will be empty and their stock goes back on sale');
  await dialog.getByLabel(/Target price.*for Olive Oil, 5 l/).fill('36');
  await dialog.getByLabel(/Message to the seller/).fill('Monthly order for our three kitchens.');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  const heading = buyerPage.getByRole('heading', { level: 1, name: /^Quote Q-\d{6}/ });
  await expect(heading).toContainText('Requested');
  const number = /Q-\d{6}/.exec((await heading.textContent()) ?? '')?.[0] ?? '';
  const quotePath = new URL(buyerPage.url()).pathname;
  await expect(quoteLine(buyerPage, 'Olive Oil, 5 l')).toContainText('target $36.00');
  expect(await api.cart(buyerToken, buyer.email)).toEqual([]);
  expect(await api.quantityOf(oil._id)).toBe(200);

  // The desk clerk finds it under Selling → Quotes and offers $38 on the oil, $29 on the rice.
  const clerkPage = await pageFor(clerk);
  await clerkPage.goto('/sales/quotes');
  await clerkPage.getByRole('link', { name: number }).click();
  await expect(clerkPage.getByRole('heading', { name: 'Make an offer' })).toBeVisible();
  await expect(clerkPage.getByLabel('Unit price of Olive Oil, 5 l')).toHaveValue('41.00');
  await clerkPage.getByLabel('Unit price of Olive Oil, 5 l').fill('38');
  await clerkPage.getByLabel('Unit price of Basmati Rice, 25 kg').fill('29');
  await clerkPage.getByLabel(/Message to the buyer/).fill('Delivered within a week.');
  await clerkPage.getByRole('button', { name: 'Send offer' }).click();
  await expect(toast(clerkPage, 'Offer sent to Ann Buyer (version 1).')).toBeVisible();
  await expect(clerkPage.getByRole('heading', { level: 1 })).toContainText('Offered');

  // The buyer reads the offer ($38 × 10 + $29 × 4 = $496) and asks for a revision.
  await buyerPage.reload();
  await expect(heading).toContainText('Offered');
  await expect(quoteLine(buyerPage, 'Olive Oil, 5 l')).toContainText('$380.00');
  await expect(buyerPage.getByRole('row', { name: /Net total/ })).toContainText('$496.00');
  await expect(buyerPage.getByText(/Valid until .* · 1[34] days left/)).toBeVisible();
  await buyerPage.getByRole('button', { name: 'Ask for a revision' }).click();
  await buyerPage.getByLabel('What should change?').fill('Can you meet $36 on the oil?');
  await buyerPage.getByRole('button', { name: 'Send request' }).click();
  await expect(heading).toContainText('Revision requested');

  // The clerk offers again from the standing offer: $36.50 on the oil, $28 on the rice.
  await clerkPage.reload();
  await expect(clerkPage.getByRole('heading', { name: 'The buyer asked for a revision' })).toBeVisible();
  await expect(clerkPage.getByRole('list', { name: 'Thread' })).toContainText('Can you meet $36 on the oil?');
  await expect(clerkPage.getByLabel('Unit price of Olive Oil, 5 l')).toHaveValue('38.00');
  await clerkPage.getByLabel('Unit price of Olive Oil, 5 l').fill('36.50');
  await clerkPage.getByLabel('Unit price of Basmati Rice, 25 kg').fill('28');
  await clerkPage.getByRole('button', { name: 'Send new offer' }).click();
  await expect(toast(clerkPage, 'Offer sent to Ann Buyer (version 2).')).toBeVisible();

  // The buyer accepts version 2 with a ship-to: the order is placed at its prices.
  await buyerPage.reload();
  await expect(heading).toContainText('Offered');
  await expect(buyerPage.getByRole('row', { name: /Net total/ })).toContainText('$477.00');
  await expect(buyerPage.getByText('Earlier offers (1)')).toBeVisible();
  await buyerPage.getByRole('button', { name: 'Accept offer' }).click();
  const shipTo = buildShipTo();
  await buyerPage.getByLabel(/Name or company/).fill(shipTo.name);
  await buyerPage.getByLabel(/Address line 1/).fill(shipTo.line1);
  await buyerPage.getByLabel(/^City/).fill(shipTo.city);
  await buyerPage.getByLabel(/^Country/).fill(shipTo.country);
  await buyerPage.getByLabel(/PO number/).fill('PO-4711');
  await buyerPage.getByRole('button', { name: 'Accept and place order' }).click();
  const orderHeading = buyerPage.getByRole('heading', { level: 1, name: /^Order B2B-\d{6}/ });
  await expect(orderHeading).toBeVisible();
  const orderNumber = /B2B-\d{6}/.exec((await orderHeading.textContent()) ?? '')?.[0] ?? '';
  const lines = buyerPage.getByRole('table', { name: `Lines of order ${orderNumber}` });
  await expect(lines.getByRole('row').filter({ hasText: 'Olive Oil, 5 l' })).toContainText('$36.50');
  await expect(lines.getByRole('row').filter({ hasText: 'Olive Oil, 5 l' })).toContainText('$365.00');
  await expect(lines.getByRole('row').filter({ hasText: 'Basmati Rice, 25 kg' })).toContainText('$28.00');
  await expect(buyerPage.getByText('PO-4711')).toBeVisible();
  await expect(buyerPage.getByRole('region', { name: 'Details' }).getByRole('link', { name: number })).toBeVisible();
  // The quote leads to the order; the stock went with it.
  await buyerPage.goto(quotePath);
  await expect(heading).toContainText('Accepted');
  await expect(buyerPage.getByRole('link', { name: orderNumber })).toBeVisible();
  expect(await api.quantityOf(oil._id)).toBe(190);
  expect(await api.quantityOf(rice._id)).toBe(96);

  // Both inboxes tell the story: the offers on the buyer's; the request, the revision and the acceptance on the clerk's.
  await buyerPage.goto('/inbox');
  const buyerInbox = buyerPage.getByRole('list', { name: 'Notifications' });
  await expect(buyerInbox.getByRole('link', { name: 'An offer from Northwind Quote Co' })).toBeVisible();
  await expect(buyerInbox.getByRole('link', { name: 'A revised offer from Northwind Quote Co' })).toBeVisible();
  await clerkPage.goto('/inbox');
  const clerkInbox = clerkPage.getByRole('list', { name: 'Notifications' });
  await expect(clerkInbox.getByRole('link', { name: 'Ann Buyer asks for a quote' })).toBeVisible();
  await expect(clerkInbox.getByRole('link', { name: `Ann Buyer asks to revise quote ${number}` })).toBeVisible();
  await expect(clerkInbox.getByRole('link', { name: `Ann Buyer accepted quote ${number}` })).toBeVisible();
  await clerkInbox.getByRole('link', { name: `Ann Buyer accepted quote ${number}` }).click();
  await expect(clerkPage).toHaveURL(new RegExp(`${quotePath}$`));
  await expect(clerkPage.getByRole('heading', { level: 1 })).toContainText('Accepted');
});
