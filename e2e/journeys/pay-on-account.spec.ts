import { expect, test } from '../fixtures/test.js';
import { toast } from '../fixtures/ui.js';

/*
 * Pay on account (issue 41; docs/architecture.md, "Accounts"): a seller gives a buyer company net
 * 30 and a credit limit on Receivables; the company's buyer checks out on account (the checkout
 * says so, with the credit left); the seller ships (the invoice falls due in 30 days) and records
 * a part payment; the company's statement shows the rest due. Not tagged @engine: the credit
 * rules, payments and ledger run on both engines in the API suite (test/routes/accounts.test.ts,
 * account-payments.test.ts).
 */

test('a seller gives a company net 30 and a limit; its buyer checks out on account; a part payment leaves the rest due on the statement', async ({
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
  const [owner, buyer] = [await makeUser({ displayName: 'Olive Owner' }), await makeUser({ displayName: 'Ben Buyer' })];
  const [sellerToken, ownerToken, buyerToken] = [await tokenFor(seller), await tokenFor(owner), await tokenFor(buyer)];
  await api.saveBilling(sellerToken, { legalName: 'Northwind Kettles Ltd.', address: 'Chattogram' });
  const company = await api.createCompany(ownerToken, `Padma Caterers ${Date.now()}`);
  await api.invite(ownerToken, { email: buyer.email, role: 'buyer', spendingLimit: null });
  await api.acceptInvitation(buyerToken);

  // Receivables: net 30 and a limit of 500.00 for the company, named by its buyer's email.
  const sellerPage = await pageFor(seller);
  await sellerPage.goto('/receivables');
  const terms = sellerPage.getByRole('form', { name: 'Customer account' });
  await terms.getByLabel('Customer’s email').fill(buyer.email);
  await terms.getByLabel('Net days').fill('30');
  await terms.getByLabel('Credit limit').fill('500');
  await terms.getByRole('button', { name: 'Save terms' }).click();
  await expect(toast(sellerPage, `${company.name}: net 30 days, limit $500.00.`)).toBeVisible();

  // The buyer's checkout goes on account: 10 kettles, 200.00, with 500.00 of credit.
  await api.buy(buyerToken, kettle._id, 10);
  const buyerPage = await pageFor(buyer);
  await buyerPage.goto('/checkout');
  await expect(buyerPage.getByText(/On account with .* \(Net 30, \$500\.00 of credit left\)/)).toBeVisible();
  await buyerPage.getByLabel(/Name or company/).fill('Padma Caterers');
  await buyerPage.getByLabel(/Address line 1/).fill('7 River Road');
  await buyerPage.getByLabel(/^City/).fill('Dhaka');
  await buyerPage.getByLabel(/^Country/).fill('Bangladesh');
  await buyerPage.getByRole('button', { name: 'Place order' }).click();
  await expect(buyerPage.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();

  // The seller ships it: the invoice is due in 30 days. A payment of 120.00 comes in.
  const [sale] = await api.sales(sellerToken);
  await api.setOrderStatus(sellerToken, sale?._id ?? '', 'confirmed');
  const shipped = await api.setOrderStatus(sellerToken, sale?._id ?? '', 'shipped', 'DHL 1');
  expect(shipped.invoice?.number).toMatch(/^INV-/);
  await sellerPage.goto('/receivables');
  const row = sellerPage.getByRole('row').filter({ hasText: company.name });
  await expect(row).toContainText('$200.00');
  await expect(row).toContainText('$300.00');
  await row.getByRole('link', { name: company.name }).click();
  const payment = sellerPage.getByRole('form', { name: 'Record a payment' });
  await payment.getByLabel('Amount').fill('120');
  await payment.getByLabel('Reference').fill('Bank transfer 7781');
  await payment.getByRole('button', { name: 'Record payment' }).click();
  await expect(toast(sellerPage, `$120.00 recorded against ${shipped.invoice?.number}.`)).toBeVisible();

  // The company's owner reads the statement: 80.00 left to pay, due in 30 days.
  const ownerPage = await pageFor(owner);
  await ownerPage.goto('/statements');
  const open = ownerPage.getByRole('list', { name: /^Open invoices of/ });
  await expect(open).toContainText(`${shipped.invoice?.number}`);
  await expect(open).toContainText('Partially paid');
  await expect(open).toContainText('$80.00 to pay');
  const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await expect(open).toContainText(`due ${due}`);
  const statement = ownerPage.getByRole('table', { name: /^Statement of/ });
  await expect(statement).toContainText('Bank transfer 7781');
  await expect(statement.getByRole('row').last()).toContainText('$80.00');
});
