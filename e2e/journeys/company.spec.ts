import type { SavedList } from '@b2b/shared';
import { buildShipTo } from '@b2b/shared/testing';
import { expect, test } from '../fixtures/test.js';
import { alertDialog, toast } from '../fixtures/ui.js';

/*
 * Company accounts end to end (issue 24; docs/architecture.md, "Company accounts"): an owner
 * creates a company and invites a buyer with a spending limit of 500; the buyer accepts, checks
 * out 800, and the checkout waits for approval (its stock held, the seller not seeing it) until
 * the owner approves it in Approvals. A second checkout is rejected with a reason, and its stock
 * returns. The buyer ships to an address of the company address book, and the owner shares a
 * saved list that the buyer reads (and adds to their cart) but cannot change.
 */

test(
  'an owner creates a company and invites a buyer (limit 500); the buyer’s 800 checkout waits until the owner approves; a second is rejected and its stock returns',
  { tag: '@engine' },
  async ({ signedInPage: owner, user: ownerUser, makeUser, makeSeller, fillCart, pageFor, api, tokenFor }) => {
    // Three people in three browsers, two checkouts: longer than the default journey.
    test.slow();
    const buyer = await makeUser({ displayName: 'Kim Buyer' });
    const {
      user: seller,
      token: sellerToken,
      products: [rice],
    } = await makeSeller({ name: 'Basmati Rice, 25 kg', quantity: 100, minSellQty: 1, price: 100 });
    const buyerToken = await tokenFor(buyer);
    const ownerToken = await tokenFor(ownerUser);

    // The owner creates the company and invites the buyer with a limit of 500.
    await owner.goto('/company');
    await owner.getByLabel('Company name').fill('Rahman Restaurants');
    await owner.getByRole('button', { name: 'Create company' }).click();
    await expect(owner.getByRole('heading', { level: 1, name: 'Rahman Restaurants' })).toBeVisible();
    await expect(owner.getByText(/You are an admin here/)).toBeVisible();
    const invite = owner.getByRole('region', { name: 'Invite a colleague' });
    await invite.getByLabel('Email').fill(buyer.email);
    await invite.getByLabel('Role').selectOption('buyer');
    await invite.getByLabel('Spending limit').fill('500');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    const pending = owner.getByRole('region', { name: 'Pending invitations (1)' });
    await expect(pending).toContainText(buyer.email.toLowerCase());
    await expect(pending).toContainText('Limit: $500.00');

    // The buyer notices the invitation after signing in, and accepts it.
    const buyerPage = await pageFor(buyer);
    const banner = buyerPage.getByRole('complementary', { name: 'Invitations' });
    await expect(banner).toContainText('Rahman Restaurants invites you to buy with them.');
    await banner.getByRole('link', { name: 'See invitation' }).click();
    await buyerPage.getByRole('button', { name: 'Accept the invitation to Rahman Restaurants' }).click();
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'Rahman Restaurants' })).toBeVisible();
    await expect(buyerPage.getByText(/You are a buyer here/)).toContainText('$500.00');
    await expect(banner).toBeHidden();

    // The address book: the buyer picks the owner's saved address at checkout; it fills the fields.
    const kitchen = buildShipTo({ name: 'Rahman Restaurants, Main kitchen', line1: '12 Kitchen Road' });
    await api.addAddress(ownerToken, { ...kitchen, label: 'Main kitchen' });
    // 8 × 100 = 800, above the limit: the checkout waits for approval, its stock held.
    await fillCart([[rice, 8]], buyer);
    await buyerPage.goto('/checkout');
    await buyerPage.getByLabel('Company address book').selectOption({ label: 'Main kitchen' });
    await expect(buyerPage.getByLabel(/Name or company/)).toHaveValue(kitchen.name);
    await expect(buyerPage.getByLabel(/^City/)).toHaveValue(kitchen.city);
    await buyerPage.getByRole('button', { name: 'Place order' }).click();
    await expect(buyerPage.getByRole('heading', { name: 'Your order is waiting for approval' })).toBeVisible();
    await expect(buyerPage.getByText('Awaiting approval')).toBeVisible();
    expect(await api.quantityOf(rice._id)).toBe(92);
    expect(await api.cart(buyerToken, buyer.email)).toEqual([]);
    const [first] = await api.orders(buyerToken);
    expect(first?.status).toBe('awaiting_approval');
    expect((await api.order(buyerToken, first?._id ?? '')).shipTo).toMatchObject(kitchen);
    expect(await api.sales(sellerToken)).toEqual([]);

    // The buyer's order page says why, and who can approve.
    await buyerPage.goto(`/orders/${first?._id}`);
    const waiting = buyerPage.getByRole('region', { name: 'Waiting for approval' });
    await expect(waiting).toContainText('The checkout’s total of $800.00 is above your spending limit of $500.00.');
    await expect(waiting).toContainText(`Who can approve: ${ownerUser.displayName}`);
    await expect(buyerPage.getByRole('button', { name: `Cancel order ${first?.orderNumber}` })).toBeVisible();

    // The owner approves it in Approvals; the seller sees the order.
    await owner.goto('/approvals');
    const card = owner.getByRole('article', { name: first?.orderNumber ?? '' });
    await expect(card).toContainText('Basmati Rice, 25 kg');
    await expect(card).toContainText('$800.00 checkout against a limit of $500.00');
    await card.getByRole('button', { name: `Approve ${first?.orderNumber}` }).click();
    await alertDialog(owner, `Approve ${first?.orderNumber}?`).getByRole('button', { name: 'Approve' }).click();
    await expect(toast(owner, `${first?.orderNumber} approved.`)).toBeVisible();
    await expect(owner.getByText('No orders are waiting for approval.')).toBeVisible();
    const sales = await api.sales(sellerToken);
    expect(sales.map((order) => [order.orderNumber, order.status])).toEqual([[first?.orderNumber, 'placed']]);
    const sellerPage = await pageFor(seller);
    await sellerPage.goto('/sales');
    await expect(sellerPage.getByRole('article', { name: first?.orderNumber ?? '' })).toContainText(
      'Rahman Restaurants',
    );

    // A second checkout (600) is rejected with a reason: the stock returns, the buyer reads why.
    await api.buy(buyerToken, rice._id, 6);
    expect(await api.quantityOf(rice._id)).toBe(86);
    const second = (await api.placeOrder(buyerToken)).orders[0];
    expect(second?.status).toBe('awaiting_approval');
    await owner.goto('/approvals');
    const secondCard = owner.getByRole('article', { name: second?.orderNumber ?? '' });
    await secondCard.getByRole('button', { name: `Reject ${second?.orderNumber}` }).click();
    const prompt = alertDialog(owner, `Reject ${second?.orderNumber}?`);
    await prompt.getByRole('button', { name: 'Reject order' }).click();
    await expect(prompt).toContainText('Reason is required.');
    await prompt.getByLabel('Reason').fill('Over this month’s budget');
    await prompt.getByRole('button', { name: 'Reject order' }).click();
    await expect(toast(owner, `${second?.orderNumber} rejected.`)).toBeVisible();
    expect(await api.quantityOf(rice._id)).toBe(92);
    expect((await api.sales(sellerToken)).map((order) => order.orderNumber)).toEqual([first?.orderNumber]);

    await buyerPage.goto(`/orders/${second?._id}`);
    const rejected = buyerPage.getByRole('region', { name: 'Rejected' });
    await expect(rejected).toContainText(`${ownerUser.displayName} rejected it on`);
    await expect(rejected).toContainText('Reason: Over this month’s budget');

    // Company orders: both, filtered by status.
    await owner.goto('/company/orders');
    await expect(owner.getByRole('article')).toHaveCount(2);
    await owner.getByLabel('Status').selectOption('rejected');
    await expect(owner.getByRole('article')).toHaveCount(1);
    await expect(owner.getByRole('article', { name: second?.orderNumber ?? '' })).toBeVisible();

    // The owner shares a saved list with the company; the buyer reads it and adds it to their cart,
    // without the controls to change it.
    const created = await api.raw<SavedList>('POST', '/lists', ownerToken, { name: 'Weekly rice' });
    const listId = created.body._id;
    await api.raw('PUT', `/lists/${listId}/lines/${rice._id}`, ownerToken, { quantity: 2 });
    await owner.goto(`/lists/${listId}`);
    await owner.getByRole('button', { name: 'Share with Rahman Restaurants' }).click();
    await expect(owner.getByText('Shared with Rahman Restaurants', { exact: true })).toBeVisible();
    await expect(owner.getByRole('button', { name: 'Stop sharing' })).toBeVisible();

    await buyerPage.goto('/lists');
    const row = buyerPage.getByRole('listitem').filter({ hasText: 'Weekly rice' });
    await expect(row).toContainText('Shared with Rahman Restaurants');
    await expect(row).toContainText(`by ${ownerUser.email}`, { ignoreCase: true });
    await row.getByRole('link', { name: 'Weekly rice' }).click();
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'Weekly rice' })).toBeVisible();
    await expect(buyerPage.getByRole('article', { name: 'Basmati Rice, 25 kg' })).toContainText('Quantity 2');
    await expect(buyerPage.getByRole('button', { name: 'Rename' })).toHaveCount(0);
    await expect(buyerPage.getByRole('button', { name: /Share with|Stop sharing/ })).toHaveCount(0);
    await buyerPage.getByRole('button', { name: 'Add list to cart' }).click();
    await expect(buyerPage.getByRole('status', { name: '1 of 1 line was added to your cart.' })).toBeVisible();
    expect((await api.cart(buyerToken, buyer.email)).map((item) => [item.productId, item.buyQuantity])).toEqual([
      [rice._id, 2],
    ]);
  },
);
