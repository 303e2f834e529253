import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { buildShipTo } from '@b2b/shared/testing';
import { photographsWanted } from '../fixtures/env.js';
import { expect, test } from '../fixtures/test.js';
import { alertDialog, pollUntil, toast } from '../fixtures/ui.js';

/*
 * Notifications end to end (docs/architecture.md, "Notifications"): a buyer places an order; the
 * seller's bell counts it without a reload; the seller opens the email in the mail catcher
 * (MailDev, through its REST API), follows its link to the order, confirms and ships it; the
 * buyer's inbox and email show the shipment with its tracking reference. Under `npm run
 * screenshots` the emails, the inbox and the dashboard are photographed at 375 and 1280 px.
 */

interface CaughtEmail {
  id: string;
  subject: string;
  html: string;
  to: { address: string }[];
}

const mailUrl = () => {
  const url = process.env.MAILDEV_URL;
  if (!url) throw new Error('MAILDEV_URL is not set: run the journeys with `npm run test:e2e`, which starts MailDev.');
  return url.replace(/\/$/, '');
};

const shots = join(process.cwd(), 'test-results', 'screenshots');

/** Waits for the email to `address` whose subject matches, through MailDev's REST API. */
async function emailTo(address: string, subject: RegExp): Promise<CaughtEmail> {
  let found: CaughtEmail | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${mailUrl()}/api/email`);
        const emails = (await res.json()) as CaughtEmail[];
        found = emails.find(
          (email) => subject.test(email.subject) && email.to.some((to) => to.address === address.toLowerCase()),
        );
        return found !== undefined;
      },
      { timeout: 30_000, message: `an email to ${address} with subject ${subject}` },
    )
    .toBe(true);
  return found as CaughtEmail;
}

/**
 * The email as a mail client shows it, at both widths: its HTML part as MailDev received it
 * (MailDev's own HTML view is served without a charset, which mangles "·" and "×").
 */
async function photographEmail(browser: Browser, email: CaughtEmail, name: string): Promise<void> {
  if (!photographsWanted()) return;
  mkdirSync(shots, { recursive: true });
  // Its own context: MailDev's page is not the app, so the app's page guard does not watch it.
  const context = await browser.newContext();
  const page = await context.newPage();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.setContent(email.html, { waitUntil: 'load' });
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await context.close();
}

async function photograph(page: Page, name: string): Promise<void> {
  if (!photographsWanted()) return;
  mkdirSync(shots, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(shots, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test(
  'an order reaches the seller by bell and email; the shipment reaches the buyer by inbox and email with its tracking reference',
  { tag: '@engine' },
  async ({ signedInPage: buyerPage, user: buyer, makeUser, pageFor, api, tokenFor, browser }) => {
    test.setTimeout(150_000);
    const seller = await makeUser();
    const product = await api.createProduct(await tokenFor(seller), { quantity: 40, minSellQty: 2, price: 9.5 });

    // The seller is on their dashboard: nothing waiting, no unread notification.
    const sellerPage = await pageFor(seller);
    await sellerPage.setViewportSize({ width: 1280, height: 900 });
    // Both pages keep time by a clock the test moves on, rather than waiting out the bell's poll.
    await sellerPage.clock.install();
    await buyerPage.clock.install();
    await sellerPage.goto('/dashboard');
    await expect(sellerPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const sellerBell = sellerPage.getByRole('banner').getByRole('link', { name: /^Notifications/ });
    await expect(sellerBell).toHaveAccessibleName('Notifications');

    // The buyer buys and checks out.
    await api.buy(await tokenFor(buyer), product._id, 6);
    await buyerPage.goto('/checkout');
    const address = buildShipTo({ name: 'Rahman Traders, Dock 4' });
    await buyerPage.getByLabel(/Name or company/).fill(address.name);
    await buyerPage.getByLabel(/Address line 1/).fill(address.line1);
    await buyerPage.getByLabel(/^City/).fill(address.city);
    await buyerPage.getByLabel(/^Country/).fill(address.country);
    await buyerPage.getByLabel(/PO number/).fill('PO-NOTIFY-1');
    await buyerPage.getByRole('button', { name: 'Place order' }).click();
    await expect(buyerPage.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
    const orderNumber =
      (await buyerPage
        .getByRole('link', { name: /^B2B-\d{6,}$/ })
        .first()
        .textContent()) ?? '';

    // Without a reload, the seller's bell counts the new order by its next poll.
    await pollUntil(sellerPage, () =>
      expect(sellerBell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 2_000 }),
    );

    // The seller's email, read through the catcher's API, leads to the order.
    const newOrder = await emailTo(seller.email, new RegExp(`^New order ${orderNumber}$`));
    expect(newOrder.html).toContain('PO-NOTIFY-1');
    expect(newOrder.html).toContain(address.name);
    await photographEmail(browser, newOrder, 'email-new-order');
    const link = /href="([^"]+\/orders\/[0-9a-f-]{36})"/.exec(newOrder.html)?.[1];
    expect(link, 'a link to the order in the email').toBeTruthy();
    await sellerPage.goto(link ?? '');
    await expect(sellerPage.getByRole('heading', { level: 1, name: new RegExp(orderNumber) })).toBeVisible();

    // The dashboard shows the order waiting for confirmation.
    await sellerPage.goto('/dashboard');
    const waiting = sellerPage.getByRole('region', { name: 'Waiting for confirmation' });
    await expect(waiting.getByRole('link', { name: orderNumber })).toBeVisible();
    await photograph(sellerPage, 'dashboard');

    // Confirm and ship from the order page the email opened.
    await sellerPage.goto(link ?? '');
    await sellerPage.getByRole('button', { name: `Confirm ${orderNumber}` }).click();
    await expect(toast(sellerPage, `${orderNumber} confirmed.`)).toBeVisible();
    await sellerPage.getByRole('button', { name: `Ship ${orderNumber}` }).click();
    const prompt = alertDialog(sellerPage, `Ship ${orderNumber}?`);
    await prompt.getByLabel('Tracking reference').fill('DHL 7788 9900');
    await prompt.getByRole('button', { name: 'Ship' }).click();
    await expect(toast(sellerPage, `${orderNumber} shipped.`)).toBeVisible();

    // The seller's inbox: the new order; opening it marks it read and the bell goes quiet.
    await sellerBell.click();
    await expect(sellerPage.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    const sellerItem = sellerPage.getByRole('listitem').filter({ hasText: `New order ${orderNumber}` });
    // Unread: it offers Mark read (and says "unread" to screen readers).
    await expect(sellerItem.getByRole('button', { name: `Mark read: New order ${orderNumber}` })).toBeVisible();
    await sellerPage.getByRole('button', { name: 'Mark all read' }).click();
    await expect(sellerItem.getByRole('button', { name: /^Mark read/ })).toHaveCount(0);
    await expect(sellerBell).toHaveAccessibleName('Notifications');

    // The buyer's inbox shows the shipment with its tracking reference, newest first.
    await buyerPage
      .getByRole('banner')
      .getByRole('link', { name: /^Notifications/ })
      .click();
    await expect(buyerPage.getByRole('heading', { level: 1, name: 'Inbox' })).toBeVisible();
    const items = buyerPage.getByRole('list', { name: 'Notifications' }).getByRole('listitem');
    await pollUntil(buyerPage, () =>
      expect(items.first()).toContainText(`Order ${orderNumber} shipped`, { timeout: 2_000 }),
    );
    await expect(items.first()).toContainText('Tracking reference: DHL 7788 9900');
    await expect(items.filter({ hasText: `Order ${orderNumber} confirmed` })).toHaveCount(1);
    await expect(items.filter({ hasText: `Order ${orderNumber} placed` })).toHaveCount(1);
    await photograph(buyerPage, 'inbox');
    await items
      .first()
      .getByRole('link', { name: `Order ${orderNumber} shipped` })
      .click();
    await expect(buyerPage.getByText('Tracking: DHL 7788 9900')).toBeVisible();

    // And the buyer's email says the same.
    const shipped = await emailTo(buyer.email, new RegExp(`^Order ${orderNumber} shipped$`));
    expect(shipped.html).toContain('DHL 7788 9900');
    await photographEmail(browser, shipped, 'email-shipped');
  },
);
