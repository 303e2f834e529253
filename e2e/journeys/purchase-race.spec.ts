import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.js';
import { alertDialog } from '../fixtures/ui.js';

async function openPurchaseDialog(page: Page, productId: string, quantity: number) {
  await page.goto(`/product-details/${productId}`);
  await page.getByRole('button', { name: 'Buy', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirm Purchase' });
  await dialog.getByRole('spinbutton', { name: 'Quantity' }).fill(String(quantity));
  await expect(dialog.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue(String(quantity));
  return dialog;
}

// PGlite runs one transaction at a time, so there the race cannot be lost: it runs on PostgreSQL.
test.skip(!process.env.E2E_DATABASE_URL, 'PostgreSQL only: on PGlite no race can be lost');

test('(PostgreSQL only) two buyers racing for the last 5 units: exactly one wins, the other is told why', async ({
  makeUser,
  pageFor,
  api,
  tokenFor,
  allowHttp,
}) => {
  const seller = await makeUser();
  const product = await api.createProduct(await tokenFor(seller), { quantity: 5, minSellQty: 1 });
  const [alice, bob] = [await makeUser(), await makeUser()];
  const [alicePage, bobPage] = [await pageFor(alice), await pageFor(bob)];
  // One of the two purchases must be refused with 409 (which one is up to the race).
  allowHttp({ url: /\/api\/carts$/, status: 409, method: 'POST' });

  const purchaseResponse = (page: Page) =>
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/carts');
  const aliceDialog = await openPurchaseDialog(alicePage, product._id, 5);
  const bobDialog = await openPurchaseDialog(bobPage, product._id, 5);
  const responses = Promise.all([purchaseResponse(alicePage), purchaseResponse(bobPage)]);
  await Promise.all([
    aliceDialog.getByRole('button', { name: 'Buy Now' }).click(),
    bobDialog.getByRole('button', { name: 'Buy Now' }).click(),
  ]);
  const [aliceResponse, bobResponse] = await responses;
  expect([aliceResponse.status(), bobResponse.status()].sort()).toEqual([201, 409]);

  const aliceWon = aliceResponse.status() === 201;
  const winner = aliceWon ? { page: alicePage, user: alice } : { page: bobPage, user: bob };
  const loser = aliceWon ? { page: bobPage, user: bob } : { page: alicePage, user: alice };
  const serverReason = ((await (aliceWon ? bobResponse : aliceResponse).json()) as { message: string }).message;

  await Promise.all([
    (async () => {
      await expect(alertDialog(winner.page, 'Purchase successful!')).toBeVisible();
      await expect(winner.page).toHaveURL(`/carts/${winner.user.email}`);
    })(),
    (async () => {
      // The loser reads the server's reason, not a bare "Something went wrong!".
      const refusal = alertDialog(loser.page, 'Not enough stock');
      await expect(refusal).toBeVisible();
      await expect(refusal).toContainText(serverReason);
      await expect(alertDialog(loser.page, 'Something went wrong!')).toHaveCount(0);
      await expect(loser.page).toHaveURL(`/product-details/${product._id}`);
    })(),
  ]);

  expect(await api.quantityOf(product._id)).toBe(0);
  expect(await api.cart(await tokenFor(winner.user), winner.user.email)).toHaveLength(1);
  expect(await api.cart(await tokenFor(loser.user), loser.user.email)).toEqual([]);
});
