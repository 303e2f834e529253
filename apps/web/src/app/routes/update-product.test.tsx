import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { confirmDialog, showAlert } from '@/components/ui/dialogs';
import { fakeAuth } from '@/test/fake-auth';
import { createProduct } from '@/test/factories';
import { createCompany } from '@/test/company';
import { renderRoute } from '@/test/render';
import { errorResponse, receivedRequests, receivedRoutes, server } from '@/test/server';
import UpdateProductRoute from './update-product';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
vi.mock('@/components/ui/dialogs', () => ({ showAlert: vi.fn(), confirmDialog: vi.fn() }));

const product = createProduct({
  name: 'Desk Lamp',
  quantity: 300,
  minSellQty: 5,
  price: 19.99,
  rating: 4,
  category: 'home',
});
const PRODUCT_ROUTE = `/api/products/${product._id}`;

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: product.email });
  vi.mocked(showAlert).mockReset().mockResolvedValue(undefined);
  vi.mocked(confirmDialog).mockReset();
});

function renderUpdate(modifiedCount = 1) {
  server.use(
    http.get(PRODUCT_ROUTE, () => HttpResponse.json(product)),
    http.put(PRODUCT_ROUTE, () => HttpResponse.json({ acknowledged: true, matchedCount: 1, modifiedCount })),
  );
  return renderRoute(<UpdateProductRoute />, { path: '/update-product/:id', url: `/update-product/${product._id}` });
}

async function putBody() {
  const put = receivedRequests().find((request) => request.method === 'PUT');
  return put?.json();
}

test('the form is prefilled with the product', async () => {
  renderUpdate();
  expect(await screen.findByLabelText(/Product name/)).toHaveValue('Desk Lamp');
  expect(screen.getByLabelText(/Quantity/)).toHaveValue(300);
  expect(screen.getByLabelText(/Min sell quantity/)).toHaveValue(5);
  expect(screen.getByLabelText(/Price/)).toHaveValue(19.99);
  expect(screen.getByLabelText(/Rating/)).toHaveValue(4);
  expect(screen.getByLabelText(/Category/)).toHaveValue('home');
  expect(screen.getByRole('button', { name: 'Update' })).toBeEnabled();
});

test('a change is sent with numbers, confirmed for 2 seconds, then All Products opens', async () => {
  const { user, router } = renderUpdate(1);
  const quantity = await screen.findByLabelText(/Quantity/);
  await user.clear(quantity);
  await user.type(quantity, '275');
  await user.click(screen.getByRole('button', { name: 'Update' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/all-products'));
  expect(showAlert).toHaveBeenCalledWith({ icon: 'success', title: 'Product updated successfully', timerMs: 2000 });
  expect(await putBody()).toMatchObject({
    name: 'Desk Lamp',
    quantity: 275,
    minSellQty: 5,
    price: 19.99,
    rating: 4,
    category: 'home',
  });
});

test('no modification says No changes made, then All Products opens', async () => {
  const { user, router } = renderUpdate(0);
  await user.click(await screen.findByRole('button', { name: 'Update' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/all-products'));
  expect(showAlert).toHaveBeenCalledWith({
    icon: 'info',
    title: 'No changes made',
    text: "You didn't modify any fields.",
  });
});

test('invalid values show the shared schema messages and send nothing', async () => {
  const { user } = renderUpdate();
  const rating = await screen.findByLabelText(/Rating/);
  await user.clear(rating);
  await user.type(rating, '7');
  await user.clear(screen.getByLabelText(/Min sell quantity/));
  await user.type(screen.getByLabelText(/Min sell quantity/), '0');
  await user.click(screen.getByRole('button', { name: 'Update' }));

  expect(await screen.findByText('Rating must be between 0 and 5.')).toBeInTheDocument();
  expect(screen.getByText('Min sell quantity must be at least 1.')).toBeInTheDocument();
  expect(screen.getByLabelText(/Rating/)).toHaveAttribute('aria-invalid', 'true');
  expect(receivedRoutes()).not.toContain(`PUT ${PRODUCT_ROUTE}`);
});

test('someone other than the seller is told so and gets no form', async () => {
  fakeAuth.signIn({ email: 'someone@example.com' });
  renderUpdate();
  expect(await screen.findByText(/Only the seller \(seller@example.com\) can edit/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
});

test('a company’s product: its catalogue manager gets the form, its desk clerk is told who edits it', async () => {
  const company = createCompany({ name: 'Northwind Wholesale Ltd.', role: 'catalogue' });
  const owned = { ...product, email: 'maria@example.com', seller: { companyId: company._id, name: company.name } };
  fakeAuth.signIn({ email: 'someone.else@example.com' });
  const renderAs = (role: 'catalogue' | 'sales') => {
    server.use(
      http.get(PRODUCT_ROUTE, () => HttpResponse.json(owned)),
      http.get('/api/companies/mine', () => HttpResponse.json({ company: { ...company, role } })),
    );
    return renderRoute(<UpdateProductRoute />, { path: '/update-product/:id', url: `/update-product/${product._id}` });
  };
  const manager = renderAs('catalogue');
  expect(await screen.findByRole('button', { name: 'Update' })).toBeInTheDocument();
  manager.unmount();

  renderAs('sales');
  expect(
    await screen.findByText(/Only Northwind Wholesale Ltd\.’s admins and catalogue managers can edit “Desk Lamp”/),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
});

test('only category is required: emptied fields are left out of the PUT and keep their value', async () => {
  const { user, router } = renderUpdate(1);
  const name = await screen.findByLabelText(/Product name/);
  expect(name).not.toBeRequired();
  expect(screen.getByLabelText(/Category/)).toBeRequired();
  for (const label of [/Product name/, /Quantity/, /Min sell quantity/, /Price/]) {
    expect(screen.getByText(label, { selector: 'label' })).not.toHaveTextContent('*');
  }
  expect(name).toHaveAccessibleDescription('Leave empty to keep the current value.');

  await user.clear(name);
  await user.clear(screen.getByLabelText(/Quantity/));
  await user.clear(screen.getByLabelText(/Min sell quantity/));
  await user.clear(screen.getByLabelText(/Price/));
  await user.click(screen.getByRole('button', { name: 'Update' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/all-products'));
  const body = await putBody();
  expect(body).toMatchObject({ category: 'home', rating: 4 });
  for (const field of ['name', 'quantity', 'minSellQty', 'price']) expect(body).not.toHaveProperty(field);
});

test('an empty category is still refused', async () => {
  const { user } = renderUpdate();
  await user.selectOptions(await screen.findByLabelText(/Category/), '');
  await user.click(screen.getByRole('button', { name: 'Update' }));

  expect(await screen.findByText('Please choose a category.')).toBeInTheDocument();
  expect(receivedRoutes()).not.toContain(`PUT ${PRODUCT_ROUTE}`);
});

test('the page sets the document title', async () => {
  renderUpdate();
  await screen.findByLabelText(/Product name/);
  expect(document.title).toBe('Update Product | B2B Wholesale Platform');
});

test('lowering the stock below the minimum warns, and the emptied minimum counts as the stored one', async () => {
  vi.mocked(confirmDialog).mockResolvedValue(true);
  const { user, router } = renderUpdate(1);
  const quantity = await screen.findByLabelText(/Quantity/);
  await user.clear(quantity);
  await user.type(quantity, '3');
  // Emptied: "keep the current value" (5), which is still above the stock.
  await user.clear(screen.getByLabelText(/Min sell quantity/));
  const warning =
    'The minimum order (5 units) is more than the stock (3 units): buyers cannot order this until you add stock.';
  expect(screen.getByText(warning)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Update' }));
  expect(confirmDialog).toHaveBeenCalledWith(expect.objectContaining({ text: warning, confirmText: 'Save anyway' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/all-products'));
  expect(await putBody()).toMatchObject({ quantity: 3 });
});

/* The trade rules on Update (issue 19): shown as stored, and never wiped by a save that did not touch them. */

const traded = createProduct({
  name: 'Copy Paper A4',
  quantity: 900,
  minSellQty: 10,
  price: 10,
  category: 'office&stationary',
  sku: 'CP-A4-80',
  packSize: 5,
  maxOrderQty: 400,
  priceTiers: [
    { minQty: 50, price: 9.2 },
    { minQty: 200, price: 8.5 },
  ],
});
const TRADED_ROUTE = `/api/products/${traded._id}`;

function renderTraded(
  put: () => Response = () => HttpResponse.json({ acknowledged: true, matchedCount: 1, modifiedCount: 1 }),
) {
  fakeAuth.signIn({ email: traded.email });
  server.use(
    http.get(TRADED_ROUTE, () => HttpResponse.json(traded)),
    http.put(TRADED_ROUTE, put),
  );
  return renderRoute(<UpdateProductRoute />, { path: '/update-product/:id', url: `/update-product/${traded._id}` });
}

test('the SKU, pack size, maximum and volume prices are prefilled as stored', async () => {
  renderTraded();
  expect(await screen.findByLabelText(/SKU/)).toHaveValue('CP-A4-80');
  expect(screen.getByLabelText(/Pack size/)).toHaveValue(5);
  expect(screen.getByLabelText(/Max per order/)).toHaveValue(400);
  expect(screen.getByLabelText('Tier 1: From quantity')).toHaveValue(50);
  expect(screen.getByLabelText('Tier 1: Unit price (USD)')).toHaveValue(9.2);
  expect(screen.getByLabelText('Tier 2: From quantity')).toHaveValue(200);
  expect(screen.getByLabelText('Tier 2: Unit price (USD)')).toHaveValue(8.5);
  expect(
    screen.getByText('Buyers pay $10.00 each, $9.20 each from 50 units, $8.50 each from 200 units.'),
  ).toBeVisible();
});

test('a save that does not touch the trade rules does not send them, so they cannot be wiped', async () => {
  const { user, router } = renderTraded();
  const quantity = await screen.findByLabelText(/^Quantity/);
  await user.clear(quantity);
  await user.type(quantity, '850');
  await user.click(screen.getByRole('button', { name: 'Update' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/all-products'));
  const body = await putBody();
  expect(body).toMatchObject({ quantity: 850, price: 10, minSellQty: 10 });
  for (const field of ['sku', 'packSize', 'maxOrderQty', 'priceTiers']) expect(body).not.toHaveProperty(field);
});

test('a changed tier sends the whole new ladder, and only the trade rules that changed', async () => {
  const { user, router } = renderTraded();
  const price = await screen.findByLabelText('Tier 2: Unit price (USD)');
  await user.clear(price);
  await user.type(price, '8.25');
  await user.click(screen.getByRole('button', { name: 'Remove tier 1' }));
  await user.click(screen.getByRole('button', { name: 'Add a tier' }));
  await user.type(screen.getByLabelText('Tier 2: From quantity'), '300');
  await user.type(screen.getByLabelText('Tier 2: Unit price (USD)'), '8');
  await user.click(screen.getByRole('button', { name: 'Update' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/all-products'));
  const body = await putBody();
  expect(body).toMatchObject({
    priceTiers: [
      { minQty: 200, price: 8.25 },
      { minQty: 300, price: 8 },
    ],
  });
  for (const field of ['sku', 'packSize', 'maxOrderQty']) expect(body).not.toHaveProperty(field);
});

test('emptying the SKU and the maximum removes them; removing every tier sends an empty ladder', async () => {
  const { user, router } = renderTraded();
  await user.clear(await screen.findByLabelText(/SKU/));
  await user.clear(screen.getByLabelText(/Max per order/));
  await user.click(screen.getByRole('button', { name: 'Remove tier 1' }));
  await user.click(screen.getByRole('button', { name: 'Remove tier 1' }));
  expect(screen.queryByText(/^Buyers pay/)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Update' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/all-products'));
  expect(await putBody()).toMatchObject({ sku: null, maxOrderQty: null, priceTiers: [] });
});

test('the ladder is checked against the stored price when the price field is emptied (kept)', async () => {
  const { user } = renderTraded();
  await user.clear(await screen.findByLabelText(/Price \(USD, net\)/));
  const tierPrice = screen.getByLabelText('Tier 1: Unit price (USD)');
  await user.clear(tierPrice);
  await user.type(tierPrice, '10.5');
  await user.click(screen.getByRole('button', { name: 'Update' }));

  expect(tierPrice).toHaveAccessibleDescription("Tier 1: the price must be less than the product's price (10.00).");
  expect(receivedRoutes()).not.toContain(`PUT ${TRADED_ROUTE}`);
});

test("the server's refusal of a ladder row (checked on the stored product) is shown on that row", async () => {
  const { user } = renderTraded(() =>
    errorResponse(
      400,
      'VALIDATION_ERROR',
      'Tier 2: the quantity is more than the max per order (400), so no buyer could reach it.',
      [
        {
          field: 'priceTiers.1.minQty',
          message: 'Tier 2: the quantity is more than the max per order (400), so no buyer could reach it.',
        },
      ],
    ),
  );
  const quantity = await screen.findByLabelText('Tier 2: From quantity');
  await user.clear(quantity);
  await user.type(quantity, '390');
  await user.click(screen.getByRole('button', { name: 'Update' }));

  await waitFor(() => expect(quantity).toHaveFocus());
  expect(quantity).toHaveAccessibleDescription(
    'Tier 2: the quantity is more than the max per order (400), so no buyer could reach it.',
  );
  expect(showAlert).toHaveBeenCalledWith(
    expect.objectContaining({ icon: 'error', title: 'The product was not saved' }),
  );
});
