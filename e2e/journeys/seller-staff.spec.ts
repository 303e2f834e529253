import { expect, test } from '../fixtures/test.js';
import { acknowledge, alertDialog, toast } from '../fixtures/ui.js';

/*
 * Seller organisations end to end (issue 36; docs/architecture.md, "Seller organisations"): a
 * seller makes their business a company and invites a catalogue manager and a desk clerk. The
 * manager changes a price, the clerk confirms and ships an order and finds no way to edit a
 * product, and the owner reads both in the activity log. Not @engine: the roles and the log are
 * the same on both databases (the API suite runs them on both).
 */

test('an owner invites a catalogue manager and a desk clerk; the manager changes a price, the clerk ships, the owner reads both in the activity log', async ({
  makeUser,
  makeSeller,
  fillCart,
  pageFor,
  tokenFor,
  api,
}) => {
  test.slow();
  const {
    user: owner,
    token: ownerToken,
    products: [oil],
  } = await makeSeller({ name: 'Olive Oil, 5 l', quantity: 80, minSellQty: 1, packSize: 1, price: 41 });
  const manager = await makeUser({ displayName: 'Maria Lopez' });
  const clerk = await makeUser({ displayName: 'Dev Patel' });
  const buyer = await makeUser();

  // The owner makes their business a company: their product comes with it.
  const ownerPage = await pageFor(owner);
  await ownerPage.goto('/company');
  await ownerPage.getByLabel('Company name').fill('Northwind Test Co');
  await ownerPage.getByRole('button', { name: 'Create company' }).click();
  await expect(ownerPage.getByRole('heading', { level: 1, name: 'Northwind Test Co' })).toBeVisible();
  const invite = ownerPage.getByRole('region', { name: 'Invite a colleague' });
  for (const [person, role] of [
    [manager, 'catalogue'],
    [clerk, 'sales'],
  ] as const) {
    await invite.getByLabel('Email').fill(person.email);
    await invite.getByLabel('Role').selectOption(role);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(ownerPage.getByRole('region', { name: /Pending invitations/ })).toContainText(
      person.email.toLowerCase(),
    );
  }
  await api.acceptInvitation(await tokenFor(manager));
  await api.acceptInvitation(await tokenFor(clerk));

  // The catalogue manager lowers the price on the company's product.
  const managerPage = await pageFor(manager);
  await managerPage.goto(`/update-product/${oil._id}`);
  await managerPage.getByLabel(/^Price/).fill('39.50');
  await managerPage.getByRole('button', { name: 'Update', exact: true }).click();
  await acknowledge(managerPage, 'Product updated successfully');
  expect((await api.getProduct(oil._id)).body).toMatchObject({ price: 39.5, seller: { name: 'Northwind Test Co' } });

  // A buyer orders; the desk clerk confirms and ships it from Sales.
  const buyerToken = await fillCart([[oil, 2]], buyer);
  const [order] = (await api.placeOrder(buyerToken)).orders;
  const number = order?.orderNumber ?? '';
  const clerkPage = await pageFor(clerk);
  await clerkPage.goto('/sales');
  const card = clerkPage.getByRole('article', { name: number });
  await card.getByRole('button', { name: `Confirm ${number}` }).click();
  await expect(toast(clerkPage, `${number} confirmed.`)).toBeVisible();
  await card.getByRole('button', { name: `Ship ${number}` }).click();
  const prompt = alertDialog(clerkPage, `Ship ${number}?`);
  await prompt.getByLabel('Tracking reference').fill('DHL 1234');
  await prompt.getByRole('button', { name: 'Ship' }).click();
  await expect(toast(clerkPage, `${number} shipped.`)).toBeVisible();

  // The clerk finds no way to edit a product: no Add Product link, no Update or Delete on it.
  const nav = clerkPage.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Add Product' })).toHaveCount(0);
  await clerkPage.goto(`/product-details/${oil._id}`);
  await expect(clerkPage.getByText('This is Northwind Test Co’s product')).toBeVisible();
  await expect(clerkPage.getByRole('link', { name: 'Update' })).toHaveCount(0);
  await expect(clerkPage.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(clerkPage.locator('p', { hasText: 'Sold by' })).toContainText('Northwind Test Co');

  // The owner reads both in the activity log, and narrows it to orders.
  await ownerPage.goto('/company/activity');
  const log = ownerPage.getByRole('list', { name: 'Activity' });
  await expect(log).toContainText('Changed the price from $41.00 to $39.50 of “Olive Oil, 5 l”.');
  await expect(log.getByRole('listitem').filter({ hasText: 'the price from $41.00' })).toContainText('Maria Lopez');
  await expect(log).toContainText(`Marked order ${number} shipped (tracking DHL 1234).`);
  await ownerPage.getByLabel('Kind').selectOption('Orders');
  await expect(log.getByRole('listitem')).toHaveCount(2);
  await expect(log.getByRole('listitem').first()).toContainText('Dev Patel');
  expect((await api.raw('GET', '/companies/current/activity', ownerToken)).status).toBe(200);
});
