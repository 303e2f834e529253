import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { confirmDialog, showAlert } from '@/components/ui/dialogs';
import { fakeAuth } from '@/test/fake-auth';
import { createProduct } from '@/test/factories';
import { renderRoute } from '@/test/render';
import { errorResponse, receivedRequests, receivedRoutes, server } from '@/test/server';
import ProductDetailsRoute from './product-details';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
vi.mock('@/components/ui/dialogs', () => ({ showAlert: vi.fn(), confirmDialog: vi.fn() }));

const product = createProduct({ name: 'Desk Lamp', price: 20, minSellQty: 10, quantity: 500 });
const PRODUCT_ROUTE = `/api/products/${product._id}`;

beforeEach(() => {
  fakeAuth.reset();
  vi.mocked(showAlert).mockReset().mockResolvedValue(undefined);
  vi.mocked(confirmDialog).mockReset().mockResolvedValue(true);
  // 'Sold by' asks for the seller's name; by default nobody saved a profile.
  server.use(http.get('/api/sellers', () => HttpResponse.json([])));
  // A signed-in buyer's page asks what their cart holds and what they pay: by default nothing
  // held, and the product's own price (no contract).
  server.use(
    http.get('/api/carts/:email/products/:productId', ({ params }) =>
      HttpResponse.json({
        productId: params.productId,
        quantity: 0,
        unitPrice: product.price,
        nextTier: null,
        price: product.price,
        priceTiers: product.priceTiers,
      }),
    ),
    http.post('/api/prices', async ({ request }) => {
      const { lines } = (await request.json()) as { lines: { productId: string; quantity: number }[] };
      return HttpResponse.json({
        lines: lines.map((line) => ({
          ...line,
          unitPrice: product.price,
          lineTotal: product.price * line.quantity,
          source: 'base',
        })),
      });
    }),
  );
});

test('a buyer with a contract sees “Your price”, the list price beside it, and which agreement it comes from', async () => {
  const buyer = fakeAuth.signIn({ email: 'rahman@example.com' });
  server.use(
    http.get(`/api/carts/${encodeURIComponent(buyer.email)}/products/${product._id}`, () =>
      HttpResponse.json({
        productId: product._id,
        quantity: 0,
        unitPrice: 17.5,
        nextTier: null,
        price: 17.5,
        priceTiers: [],
      }),
    ),
    http.post('/api/prices', () =>
      HttpResponse.json({
        lines: [
          {
            productId: product._id,
            quantity: 1,
            unitPrice: 17.5,
            lineTotal: 17.5,
            source: 'contract',
            priceList: {
              id: '00000000-0000-4000-8000-0000000000aa',
              name: 'Rahman 2027',
              validFrom: null,
              validUntil: '2027-12-31',
            },
          },
        ],
      }),
    ),
  );
  renderDetails();
  expect(await screen.findByText('Your price')).toBeInTheDocument();
  expect(screen.getByText('$17.50')).toBeInTheDocument();
  expect(screen.getByText('$20.00').tagName).toBe('S');
  expect(await screen.findByText('Agreed in “Rahman 2027” · Valid until Dec 31, 2027')).toBeInTheDocument();
});

const inserted = () => HttpResponse.json({ acknowledged: true, insertedId: 'cart-1' }, { status: 201 });

function renderDetails(purchase: () => Response | Promise<Response> = inserted) {
  server.use(
    http.get(PRODUCT_ROUTE, () => HttpResponse.json(product)),
    http.post('/api/carts', purchase),
  );
  return renderRoute(<ProductDetailsRoute />, { path: '/product-details/:id', url: `/product-details/${product._id}` });
}

async function openDialog(user: ReturnType<typeof renderDetails>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Buy' }));
  return screen.getByRole('dialog', { name: 'Confirm Purchase' });
}

test('shows Loading... and then every field of the product', async () => {
  fakeAuth.signIn();
  renderDetails();
  expect(screen.getByText('Loading...')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { level: 1, name: 'Desk Lamp' })).toBeInTheDocument();
  expect(screen.getByText('$20.00')).toBeInTheDocument();
  expect(screen.getByText('500 units')).toBeInTheDocument();
  expect(screen.getByText('10 units')).toBeInTheDocument();
  expect(screen.getByText('Electronics')).toBeInTheDocument();
  expect(screen.getByText(product.description)).toBeInTheDocument();
  // A seller without a saved profile is named by their email.
  expect(screen.getByText(product.email)).toBeInTheDocument();
  expect(screen.getByText('Only the seller can edit or delete this product.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  // A buyer can keep it in a saved list.
  expect(screen.getByRole('button', { name: 'Add to list' })).toBeInTheDocument();
});

test("'Sold by' names the seller's company, with the email beside it", async () => {
  fakeAuth.signIn();
  renderDetails();
  server.use(
    http.get('/api/sellers', () =>
      HttpResponse.json([{ email: product.email, companyName: 'Lamp Works Ltd.', displayName: 'Lou' }]),
    ),
  );
  const soldBy = (await screen.findByText('Lamp Works Ltd.')).closest('p');
  expect(soldBy).toHaveTextContent(`Sold by Lamp Works Ltd. (${product.email})`);
});

test('the dialog shows the buyer read-only and the quantity starts at 1 on every opening', async () => {
  fakeAuth.signIn({ displayName: 'Ann Buyer', email: 'ann@example.com' });
  const { user } = renderDetails();
  let dialog = await openDialog(user);
  expect(within(dialog).getByLabelText('Name')).toHaveValue('Ann Buyer');
  expect(within(dialog).getByLabelText('Name')).toHaveAttribute('readonly');
  expect(within(dialog).getByLabelText('Email')).toHaveValue('ann@example.com');
  expect(within(dialog).getByLabelText('Email')).toHaveAttribute('readonly');
  expect(within(dialog).getByLabelText('Quantity')).toHaveValue(1);

  await user.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
  await user.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
  expect(within(dialog).getByLabelText('Quantity')).toHaveValue(3);
  expect(within(dialog).getByText('Total: $60.00')).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  dialog = await openDialog(user);
  expect(within(dialog).getByLabelText('Quantity')).toHaveValue(1);

  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('minus is disabled at 1 and typing cannot go below 1', async () => {
  fakeAuth.signIn();
  const { user } = renderDetails();
  const dialog = await openDialog(user);
  const minus = within(dialog).getByRole('button', { name: 'Decrease quantity' });
  const field = within(dialog).getByLabelText('Quantity');
  expect(minus).toBeDisabled();

  await user.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
  expect(minus).toBeEnabled();
  await user.click(minus);
  expect(field).toHaveValue(1);
  expect(minus).toBeDisabled();

  await user.clear(field);
  await user.type(field, '0');
  await user.tab();
  expect(field).toHaveValue(1);
});

test('below the minimum it warns and sends nothing', async () => {
  fakeAuth.signIn();
  const { user } = renderDetails();
  const dialog = await openDialog(user);
  await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));

  expect(showAlert).toHaveBeenCalledWith({
    icon: 'warning',
    title: 'Minimum Order Not Met',
    text: 'You must buy at least 10 units.',
  });
  expect(receivedRoutes()).not.toContain('POST /api/carts');
  expect(screen.getByRole('dialog', { name: 'Confirm Purchase' })).toBeInTheDocument();
});

test('a successful purchase sends only the product and quantity, then opens the cart', async () => {
  const buyer = fakeAuth.signIn({ email: 'ann@example.com' });
  const { user, router } = renderDetails();
  const dialog = await openDialog(user);
  const field = within(dialog).getByLabelText('Quantity');
  await user.clear(field);
  await user.type(field, '12');
  await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));

  await waitFor(() => expect(router.state.location.pathname).toBe(`/carts/${buyer.email}`));
  const post = receivedRequests().find((request) => request.route === 'POST /api/carts');
  expect(post?.route).toBe('POST /api/carts');
  expect(await post?.json()).toEqual({ productId: product._id, buyQuantity: 12 });
  expect(showAlert).toHaveBeenCalledWith(expect.objectContaining({ icon: 'success', title: 'Purchase successful!' }));
});

test('not enough stock shows the server message and keeps the dialog open', async () => {
  fakeAuth.signIn();
  const { user, router } = renderDetails(() =>
    errorResponse(409, 'INSUFFICIENT_STOCK', 'Only 5 units are left in stock.'),
  );
  const dialog = await openDialog(user);
  const field = within(dialog).getByLabelText('Quantity');
  await user.clear(field);
  await user.type(field, '20');
  await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));

  await waitFor(() =>
    expect(showAlert).toHaveBeenCalledWith(
      expect.objectContaining({ icon: 'error', text: 'Only 5 units are left in stock.' }),
    ),
  );
  expect(router.state.location.pathname).toBe(`/product-details/${product._id}`);
  expect(screen.getByRole('dialog', { name: 'Confirm Purchase' })).toBeInTheDocument();
});

test("the server's minimum check (422) shows the minimum warning", async () => {
  fakeAuth.signIn();
  const { user } = renderDetails(() => errorResponse(422, 'MIN_ORDER_NOT_MET', 'You must buy at least 10 units.'));
  const dialog = await openDialog(user);
  const field = within(dialog).getByLabelText('Quantity');
  await user.clear(field);
  await user.type(field, '10');
  await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));
  await waitFor(() =>
    expect(showAlert).toHaveBeenCalledWith({
      icon: 'warning',
      title: 'Minimum Order Not Met',
      text: 'You must buy at least 10 units.',
    }),
  );
});

test('another failure shows Something went wrong! with the reason', async () => {
  fakeAuth.signIn();
  const { user } = renderDetails(() => errorResponse(503, 'DB_UNAVAILABLE', 'The database is unavailable.'));
  const dialog = await openDialog(user);
  const field = within(dialog).getByLabelText('Quantity');
  await user.clear(field);
  await user.type(field, '10');
  await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));
  await waitFor(() =>
    expect(showAlert).toHaveBeenCalledWith({
      icon: 'error',
      title: 'Something went wrong!',
      text: 'The database is unavailable.',
    }),
  );
});

test('Buy Now is disabled while the purchase runs, so it cannot be sent twice', async () => {
  fakeAuth.signIn();
  let finish = () => {};
  const answered = new Promise<void>((resolve) => (finish = resolve));
  const { user } = renderDetails(async () => {
    await answered;
    return inserted();
  });
  const dialog = await openDialog(user);
  const field = within(dialog).getByLabelText('Quantity');
  await user.clear(field);
  await user.type(field, '10');
  const buyNow = within(dialog).getByRole('button', { name: 'Buy Now' });
  await user.click(buyNow);

  const posts = () => receivedRoutes().filter((route) => route === 'POST /api/carts');
  await waitFor(() => expect(buyNow).toBeDisabled());
  expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
  await waitFor(() => expect(posts()).toHaveLength(1));
  await user.click(buyNow);
  expect(posts()).toHaveLength(1);
  finish();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(posts()).toHaveLength(1);
});

test('the seller sees Update and Delete instead of the notice, and no Buy on their own product', async () => {
  // The same address written differently is still the seller (sameEmail).
  fakeAuth.signIn({ email: `  ${product.email.toUpperCase()} ` });
  renderDetails();
  expect(await screen.findByRole('link', { name: 'Update' })).toHaveAttribute('href', `/update-product/${product._id}`);
  expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
  expect(screen.queryByText('Only the seller can edit or delete this product.')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Buy' })).not.toBeInTheDocument();
  expect(screen.getByRole('note')).toHaveTextContent('This is your product: buyers see a Buy button here.');
});

test('the delete confirmation names the product and is styled as dangerous', async () => {
  fakeAuth.signIn({ email: product.email });
  vi.mocked(confirmDialog).mockResolvedValue(false);
  const { user } = renderDetails();
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  expect(confirmDialog).toHaveBeenCalledWith({
    title: 'Are you sure you want to delete this product?',
    text: '“Desk Lamp” will be removed from the catalogue. This cannot be undone.',
    confirmText: 'Delete',
    cancelText: 'Cancel',
    danger: true,
  });
  expect(receivedRoutes()).not.toContain(`DELETE ${PRODUCT_ROUTE}`);
});

test('the minimum stands beside the stepper, which still starts at 1; Buy the minimum sets it', async () => {
  fakeAuth.signIn();
  const { user } = renderDetails();
  const dialog = await openDialog(user);
  const field = within(dialog).getByLabelText('Quantity');
  expect(field).toHaveValue(1);
  const minimum = within(dialog).getByText(/^Minimum order:/);
  expect(minimum).toHaveTextContent('Minimum order: 10 units.');
  // Beside the stepper: in the same row as the field.
  expect(minimum.parentElement).toContainElement(field);

  await user.click(within(dialog).getByRole('button', { name: 'Buy the minimum' }));
  expect(field).toHaveValue(10);
  expect(within(dialog).getByText('Total: $200.00')).toBeInTheDocument();
  expect(within(dialog).queryByRole('button', { name: 'Buy the minimum' })).not.toBeInTheDocument();
  // The stepper goes on from the new value.
  await user.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
  expect(field).toHaveValue(11);
});

test('the read-only buyer fields look read-only, unlike the quantity', async () => {
  fakeAuth.signIn();
  const { user } = renderDetails();
  const dialog = await openDialog(user);
  for (const label of ['Name', 'Email']) {
    expect(within(dialog).getByLabelText(label)).toHaveClass('bg-base-200', 'cursor-default');
  }
  expect(within(dialog).getByLabelText('Quantity')).not.toHaveClass('bg-base-200');
});

test('a failed load shows the reason and Retry loads again', async () => {
  fakeAuth.signIn();
  let fail = true;
  server.use(
    http.get(PRODUCT_ROUTE, () =>
      fail ? errorResponse(503, 'DB_UNAVAILABLE', 'The database is unavailable.') : HttpResponse.json(product),
    ),
  );
  const { user } = renderRoute(<ProductDetailsRoute />, {
    path: '/product-details/:id',
    url: `/product-details/${product._id}`,
  });
  expect(await screen.findByText('The database is unavailable.')).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Desk Lamp' })).toBeInTheDocument();
});

test('deleting leaves for My Products without asking for the deleted product again', async () => {
  const seller = fakeAuth.signIn({ email: product.email });
  let deleted = false;
  server.use(
    http.get(PRODUCT_ROUTE, () =>
      deleted ? errorResponse(404, 'NOT_FOUND', 'Product not found.') : HttpResponse.json(product),
    ),
    http.delete(PRODUCT_ROUTE, () => {
      deleted = true;
      return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
    }),
  );
  const { user, router } = renderRoute(<ProductDetailsRoute />, {
    path: '/product-details/:id',
    url: `/product-details/${product._id}`,
  });
  await user.click(await screen.findByRole('button', { name: 'Delete' }));

  await waitFor(() => expect(router.state.location.pathname).toBe(`/my-products/${seller.email}`));
  expect(receivedRoutes().filter((route) => route === `GET ${PRODUCT_ROUTE}`)).toHaveLength(1);
  expect(screen.queryByText('This product does not exist or has been removed.')).not.toBeInTheDocument();
});

test('going to another product closes an open purchase dialog', async () => {
  fakeAuth.signIn();
  const other = createProduct({ name: 'Office Chair' });
  server.use(
    http.get(PRODUCT_ROUTE, () => HttpResponse.json(product)),
    http.get(`/api/products/${other._id}`, () => HttpResponse.json(other)),
  );
  const { user, router } = renderRoute(<ProductDetailsRoute />, {
    path: '/product-details/:id',
    url: `/product-details/${product._id}`,
  });
  await openDialog(user);

  await act(() => router.navigate(`/product-details/${other._id}`));
  expect(await screen.findByRole('heading', { level: 1, name: 'Office Chair' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('the page sets the document title', async () => {
  fakeAuth.signIn();
  renderDetails();
  await screen.findByRole('heading', { level: 1, name: 'Desk Lamp' });
  expect(document.title).toBe('Product Details | B2B Wholesale Platform');
});

test('typed quantities are parsed as numbers and the field always shows what would be bought', async () => {
  fakeAuth.signIn();
  const { user } = renderDetails();
  const dialog = await openDialog(user);
  const field = within(dialog).getByLabelText('Quantity');

  await user.clear(field);
  await user.type(field, '1e3');
  expect(field).toHaveValue(1000);
  expect(within(dialog).getByText('1,000 × $20.00')).toBeInTheDocument();

  // Below 1 is raised to 1 at once, so the field never shows a number other than the one stored.
  await user.clear(field);
  await user.type(field, '0');
  expect(field).toHaveValue(1);
  expect(within(dialog).getByText('1 × $20.00')).toBeInTheDocument();

  await user.clear(field);
  await user.type(field, '-3');
  expect(field).toHaveValue(1);
  expect(within(dialog).getByText('1 × $20.00')).toBeInTheDocument();
});

test('the minimum order hint describes the quantity field', async () => {
  fakeAuth.signIn();
  const { user } = renderDetails();
  const dialog = await openDialog(user);
  expect(within(dialog).getByLabelText('Quantity')).toHaveAccessibleDescription('Minimum order: 10 units.');
});

/* Trade rules on the product page and in the purchase dialog (issue 19). */

const paper = createProduct({
  name: 'Copy Paper A4',
  price: 10,
  minSellQty: 12,
  quantity: 5000,
  sku: 'CP-A4-80',
  packSize: 6,
  maxOrderQty: 600,
  priceTiers: [
    { minQty: 48, price: 9.2 },
    { minQty: 204, price: 8.5 },
  ],
});
const PAPER_ROUTE = `/api/products/${paper._id}`;

/** The product page of `product` for a signed-in buyer whose cart holds `held` of it. */
function renderTraded(
  product = paper,
  { held = 0, purchase = inserted }: { held?: number; purchase?: () => Response | Promise<Response> } = {},
) {
  const buyer = fakeAuth.signIn({ email: 'ann@example.com' });
  server.use(
    http.get(`/api/products/${product._id}`, () => HttpResponse.json(product)),
    http.get(`/api/carts/${encodeURIComponent(buyer.email)}/products/${product._id}`, () =>
      HttpResponse.json({
        productId: product._id,
        quantity: held,
        unitPrice: product.price,
        nextTier: null,
        price: product.price,
        priceTiers: product.priceTiers,
      }),
    ),
    http.post('/api/carts', purchase),
  );
  return renderRoute(<ProductDetailsRoute />, { path: '/product-details/:id', url: `/product-details/${product._id}` });
}

const holdRoutes = () =>
  receivedRoutes().filter((route) => route.includes('/products/') && route.startsWith('GET /api/carts'));

test('the page shows the SKU, the pack, the maximum and the volume prices, with the tier the cart reaches marked', async () => {
  renderTraded(paper, { held: 60 });
  expect(await screen.findByRole('heading', { level: 1, name: 'Copy Paper A4' })).toBeInTheDocument();
  expect(screen.getByText('SKU: CP-A4-80')).toBeInTheDocument();
  const rules = screen.getByRole('list', { name: 'Ordering rules' });
  expect(
    within(rules)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['Sold in packs of 6', 'Max 600 per order']);

  const table = screen.getByRole('table', { name: 'Volume prices of Copy Paper A4' });
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
  ).toEqual(['Quantity', 'Unit price', 'You save']);
  // The cart's total arrives after the product: then its row is marked.
  await waitFor(() => expect(within(table).getByText('Your cart')).toBeInTheDocument());
  const rows = within(table).getAllByRole('row').slice(1);
  expect(rows.map((row) => row.textContent)).toEqual(['12–47$10.00—', '48–203Your cart$9.208%', '204–600$8.5015%']);
  expect(
    screen.getByText('Your cart holds 60 units of this product, at $9.20 each. 144 more for $8.50 each.'),
  ).toBeVisible();
});

test('with none of it in the cart no tier is marked', async () => {
  renderTraded(paper, { held: 0 });
  const table = await screen.findByRole('table', { name: 'Volume prices of Copy Paper A4' });
  await waitFor(() => expect(holdRoutes()).toHaveLength(1));
  expect(within(table).queryByText('Your cart')).not.toBeInTheDocument();
  expect(screen.queryByText(/^Your cart holds/)).not.toBeInTheDocument();
});

test('the seller sees their ladder, and their own cart is not asked about', async () => {
  fakeAuth.signIn({ email: paper.email });
  server.use(http.get(PAPER_ROUTE, () => HttpResponse.json(paper)));
  renderRoute(<ProductDetailsRoute />, { path: '/product-details/:id', url: `/product-details/${paper._id}` });
  expect(await screen.findByRole('table', { name: 'Volume prices of Copy Paper A4' })).toBeInTheDocument();
  expect(holdRoutes()).toEqual([]);
});

test('for a pack the stepper starts at the minimum, moves in packs and the dialog says so', async () => {
  const { user } = renderTraded();
  const dialog = await openDialog(user);
  const field = within(dialog).getByLabelText('Quantity');
  expect(field).toHaveValue(12);
  expect(field).toHaveAccessibleDescription('Sold in packs of 6. Minimum order: 12 units. Max 600 per order.');
  const minus = within(dialog).getByRole('button', { name: 'Decrease quantity' });
  expect(minus).toBeDisabled();

  await user.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
  expect(field).toHaveValue(18);
  await user.click(minus);
  expect(field).toHaveValue(12);
  expect(within(dialog).getByText('Total: $120.00')).toBeInTheDocument();
});

test('a typed quantity that is not whole packs is explained and nothing is sent; plus and minus go to the packs around it', async () => {
  const { user } = renderTraded();
  const dialog = await openDialog(user);
  const field = within(dialog).getByLabelText('Quantity');
  await user.clear(field);
  await user.type(field, '40');

  // Not changed behind the buyer's back: it stays 40, and the dialog says what to choose.
  expect(field).toHaveValue(40);
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(within(dialog).getByText('Sold in packs of 6: choose 36 or 42.')).toBeVisible();
  expect(field).toHaveAccessibleDescription(
    'Sold in packs of 6. Minimum order: 12 units. Max 600 per order. Sold in packs of 6: choose 36 or 42.',
  );
  await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));
  expect(showAlert).toHaveBeenCalledWith({
    icon: 'warning',
    title: 'Not a whole number of packs',
    text: 'Sold in packs of 6: choose 36 or 42.',
  });
  expect(receivedRoutes()).not.toContain('POST /api/carts');

  await user.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
  expect(field).toHaveValue(42);
  expect(field).not.toHaveAttribute('aria-invalid');
  expect(within(dialog).queryByText(/choose/)).not.toBeInTheDocument();
  await user.clear(field);
  await user.type(field, '40');
  await user.click(within(dialog).getByRole('button', { name: 'Decrease quantity' }));
  expect(field).toHaveValue(36);
});

test('below the minimum of a pack product the spec warning still comes first', async () => {
  const { user } = renderTraded();
  const dialog = await openDialog(user);
  const field = within(dialog).getByLabelText('Quantity');
  await user.clear(field);
  await user.type(field, '6');
  await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));
  expect(showAlert).toHaveBeenCalledWith({
    icon: 'warning',
    title: 'Minimum Order Not Met',
    text: 'You must buy at least 12 units.',
  });
  expect(receivedRoutes()).not.toContain('POST /api/carts');
});

test('more than the maximum allows, counting what the cart holds, is explained before anything is sent', async () => {
  const capped = createProduct({ name: 'Toner', price: 40, minSellQty: 1, maxOrderQty: 40 });
  const { user } = renderTraded(capped, { held: 30 });
  const dialog = await openDialog(user);
  const field = within(dialog).getByLabelText('Quantity');
  // The spec's stepper for single units: it starts at 1.
  expect(field).toHaveValue(1);
  await waitFor(() => expect(field).toHaveAccessibleDescription(/Your cart already holds 30 units\.$/));
  await user.clear(field);
  await user.type(field, '12');

  const message = 'You can order at most 40 of this product; your cart already holds 30, so you can add up to 10.';
  expect(within(dialog).getByText(message)).toBeVisible();
  await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));
  expect(showAlert).toHaveBeenCalledWith({ icon: 'warning', title: 'Above the maximum per order', text: message });
  expect(receivedRoutes()).not.toContain('POST /api/carts');

  await user.clear(field);
  await user.type(field, '10');
  await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));
  await waitFor(() => expect(receivedRoutes()).toContain('POST /api/carts'));
});

test('the dialog shows the unit price the quantity reaches, counting the cart, and what the next tier takes', async () => {
  const { user } = renderTraded(paper, { held: 24 });
  const dialog = await openDialog(user);
  const field = within(dialog).getByLabelText('Quantity');
  await waitFor(() => expect(field).toHaveAccessibleDescription(/Your cart already holds 24 units\.$/));
  expect(within(dialog).getByText('12 × $10.00')).toBeInTheDocument();
  expect(within(dialog).getByText('Next price: 12 more for $9.20 each.')).toBeInTheDocument();

  await user.clear(field);
  await user.type(field, '36');
  expect(within(dialog).getByText('36 × $9.20')).toBeInTheDocument();
  expect(within(dialog).getByText('Total: $331.20')).toBeInTheDocument();
  expect(
    within(dialog).getByText('Volume price: $9.20 each instead of $10.00, for the 24 units already in your cart too.'),
  ).toBeInTheDocument();
  expect(within(dialog).getByText('Next price: 144 more for $8.50 each.')).toBeInTheDocument();

  await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));
  await waitFor(() => expect(receivedRoutes()).toContain('POST /api/carts'));
  const post = receivedRequests().find((request) => request.route === 'POST /api/carts');
  expect(await post?.json()).toEqual({ productId: paper._id, buyQuantity: 36 });
});

test("the server's pack or maximum refusal (rules changed meanwhile) is shown with its own words", async () => {
  const { user } = renderTraded(paper, {
    purchase: () => errorResponse(422, 'QUANTITY_NOT_MULTIPLE', 'Sold in packs of 10: choose 10 or 20.'),
  });
  const dialog = await openDialog(user);
  await user.click(within(dialog).getByRole('button', { name: 'Buy Now' }));
  await waitFor(() =>
    expect(showAlert).toHaveBeenCalledWith({
      icon: 'warning',
      title: 'Not a whole number of packs',
      text: 'Sold in packs of 10: choose 10 or 20.',
    }),
  );
  expect(screen.getByRole('dialog', { name: 'Confirm Purchase' })).toBeInTheDocument();
});
