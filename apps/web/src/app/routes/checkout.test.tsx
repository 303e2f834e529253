import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { CartItem, CompanyAddress, PlaceOrderResult } from '@b2b/shared';
import { buildOrderSummary, buildShipTo } from '@b2b/shared/testing';
import { showAlert } from '@/components/ui/dialogs';
import { fakeAuth } from '@/test/fake-auth';
import { createCompany } from '@/test/company';
import { createCartItem } from '@/test/factories';
import { renderRoute } from '@/test/render';
import { errorResponse, pageResponse, receivedRequests, receivedRoutes, server } from '@/test/server';
import CheckoutRoute from './checkout';
import CheckoutPlacedRoute from './checkout-placed';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
vi.mock('@/components/ui/dialogs', () => ({ showAlert: vi.fn(), confirmDialog: vi.fn(), promptDialog: vi.fn() }));

const EMAIL = 'ann@example.com';
const CART_ROUTE = `/api/carts/${encodeURIComponent(EMAIL)}`;
const CHECKOUT_ID = '40000000-0000-4000-8000-000000000001';

const kettle = createCartItem({ name: 'Kettle', price: 19.99, buyQuantity: 3, sellerEmail: 'north@example.com' });
const paper = createCartItem({ name: 'Paper', price: 4.5, buyQuantity: 20, sellerEmail: 'karna@example.com' });
const mugs = createCartItem({ name: 'Mugs', price: 2.5, buyQuantity: 12, sellerEmail: 'north@example.com' });

const placed: PlaceOrderResult = {
  acknowledged: true,
  checkoutId: CHECKOUT_ID,
  orders: [
    {
      _id: '30000000-0000-4000-8000-000000000001',
      orderNumber: 'B2B-000041',
      sellerEmail: 'karna@example.com',
      sellerName: null,
      status: 'placed',
      total: 90,
      tax: 0,
    },
    {
      _id: '30000000-0000-4000-8000-000000000002',
      orderNumber: 'B2B-000042',
      sellerEmail: 'north@example.com',
      sellerName: null,
      status: 'placed',
      total: 89.97,
      tax: 0,
    },
  ],
};

let user: ReturnType<typeof fakeAuth.signIn>;
beforeEach(() => {
  fakeAuth.reset();
  user = fakeAuth.signIn({ email: EMAIL });
  window.localStorage.clear();
  vi.mocked(showAlert).mockReset();
  // Sellers are named by their profiles: one seller saved one; the other is shown by email.
  server.use(
    http.get('/api/sellers', () =>
      HttpResponse.json([{ email: 'karna@example.com', companyName: 'Karnaphuli Traders', displayName: 'Karna' }]),
    ),
  );
});

function renderCheckout(
  items: CartItem[],
  answer: () => Response | Promise<Response> = () => HttpResponse.json(placed, { status: 201 }),
) {
  server.use(
    http.get(CART_ROUTE, () => pageResponse(items)),
    http.post('/api/orders', answer),
  );
  return renderRoute(<CheckoutRoute />, {
    path: '/checkout',
    routes: [{ path: '/checkout/placed/:checkoutId', element: <CheckoutPlacedRoute /> }],
  });
}

/** Types into a field the quick way (a paste), so the test spends its time on the checkout, not on keystrokes. */
async function enter(person: ReturnType<typeof renderCheckout>['user'], field: HTMLElement, text: string) {
  await person.click(field);
  await person.paste(text);
}

async function fillAddress(person: ReturnType<typeof renderCheckout>['user']) {
  const address = buildShipTo();
  await enter(person, await screen.findByLabelText(/Name or company/), address.name);
  await enter(person, screen.getByLabelText(/Address line 1/), address.line1);
  await enter(person, screen.getByLabelText(/^City/), address.city);
  await enter(person, screen.getByLabelText(/^Country/), address.country);
  return address;
}

test('reviews the cart as one order per seller, with subtotals and the grand total', async () => {
  renderCheckout([kettle, paper, mugs]);
  expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
  expect(document.title).toBe('Checkout | B2B Wholesale Platform');
  const review = await screen.findByRole('list', { name: 'Orders to place' });
  const orders = within(review).getAllByRole('region');
  expect(orders).toHaveLength(2);
  // Sellers in alphabetical order, as the server places them.
  await waitFor(() => expect(orders[0]).toHaveTextContent('Seller: Karnaphuli Traders'));
  expect(orders[0]).toHaveTextContent('Subtotal$90.00');
  expect(orders[1]).toHaveTextContent('Seller: north@example.com');
  expect(orders[1]).toHaveTextContent('Kettle');
  expect(orders[1]).toHaveTextContent('Mugs');
  expect(orders[1]).toHaveTextContent('Subtotal$89.97');
  expect(screen.getByText('2 orders (one per seller)')).toBeInTheDocument();
  expect(screen.getByText('$179.97')).toBeInTheDocument();
});

test('the required address fields are checked before anything is sent', async () => {
  const { user: person } = renderCheckout([kettle]);
  await person.click(await screen.findByRole('button', { name: 'Place order' }));
  expect(await screen.findByText('Name is required.')).toBeInTheDocument();
  expect(screen.getByText('Address line 1 is required.')).toBeInTheDocument();
  expect(screen.getByText('City is required.')).toBeInTheDocument();
  expect(screen.getByText('Country is required.')).toBeInTheDocument();
  expect(screen.getByLabelText(/Name or company/)).toHaveFocus();
  // Nothing was sent: only the reads of the page (the sellers' names, the company, the credit on account).
  const reads = new Set(['GET /api/sellers', 'GET /api/companies/mine', 'GET /api/account-balances/credit']);
  expect(receivedRoutes().filter((route) => !reads.has(route))).toEqual([`GET ${CART_ROUTE}`]);
});

test('Place order sends the address with an Idempotency-Key, then shows the order numbers; the address is remembered', async () => {
  const { user: person, router } = renderCheckout([kettle, paper]);
  const address = await fillAddress(person);
  await enter(person, screen.getByLabelText(/PO number/), 'PO-7781');
  await enter(person, screen.getByLabelText(/Note for the sellers/), 'Back gate');
  await person.click(screen.getByRole('button', { name: 'Place order' }));

  expect(await screen.findByRole('heading', { name: 'Thank you, your order is placed' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe(`/checkout/placed/${CHECKOUT_ID}`);
  expect(screen.getByRole('link', { name: 'B2B-000041' })).toHaveAttribute('href', `/orders/${placed.orders[0]?._id}`);
  expect(screen.getByRole('link', { name: 'B2B-000042' })).toBeInTheDocument();
  expect(screen.getByText('$179.97')).toBeInTheDocument();

  const [post] = receivedRequests().filter((r) => r.method === 'POST');
  expect(await post?.json()).toEqual({
    poNumber: 'PO-7781',
    note: 'Back gate',
    shipTo: { ...address, line2: '', postalCode: '', phone: '' },
  });
  expect(post?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  expect(JSON.parse(window.localStorage.getItem(`b2b.shipTo.${user.uid}`) ?? '{}')).toMatchObject({
    name: address.name,
  });
});

test('the next checkout starts with the remembered address', async () => {
  window.localStorage.setItem(`b2b.shipTo.${user.uid}`, JSON.stringify(buildShipTo({ name: 'Dock 7' })));
  renderCheckout([kettle]);
  expect(await screen.findByLabelText(/Name or company/)).toHaveValue('Dock 7');
  expect(screen.getByLabelText(/^City/)).toHaveValue('Chattogram');
});

test('a retry of the same checkout reuses its Idempotency-Key; a changed form gets a new one', async () => {
  let calls = 0;
  const { user: person } = renderCheckout([kettle], () => {
    calls += 1;
    return calls < 3 ? HttpResponse.error() : HttpResponse.json(placed, { status: 201 });
  });
  await fillAddress(person);
  const place = screen.getByRole('button', { name: 'Place order' });
  await person.click(place);
  await waitFor(() => expect(showAlert).toHaveBeenCalledTimes(1));
  await person.click(place);
  await waitFor(() => expect(showAlert).toHaveBeenCalledTimes(2));
  expect(showAlert).toHaveBeenLastCalledWith(expect.objectContaining({ title: 'The order was not placed' }));
  await person.type(screen.getByLabelText(/PO number/), '9');
  await person.click(place);
  expect(await screen.findByRole('heading', { name: 'Thank you, your order is placed' })).toBeInTheDocument();
  const keys = receivedRequests()
    .filter((r) => r.method === 'POST')
    .map((r) => r.headers.get('idempotency-key'));
  expect(keys).toHaveLength(3);
  expect(keys[0]).toBe(keys[1]);
  expect(keys[2]).not.toBe(keys[0]);
});

test('an empty cart on the server (holds expired) says so', async () => {
  const { user: person } = renderCheckout([kettle], () =>
    errorResponse(409, 'EMPTY_CART', 'Your cart is empty: there is nothing to order.'),
  );
  await fillAddress(person);
  await person.click(screen.getByRole('button', { name: 'Place order' }));
  await waitFor(() =>
    expect(showAlert).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Your cart is empty', text: 'Your cart is empty: there is nothing to order.' }),
    ),
  );
});

test("the server's field errors show beside the fields", async () => {
  const { user: person } = renderCheckout([kettle], () =>
    errorResponse(400, 'VALIDATION_ERROR', 'Invalid request.', [
      { field: 'shipTo.phone', message: 'Phone may contain digits only.' },
    ]),
  );
  await fillAddress(person);
  await person.click(screen.getByRole('button', { name: 'Place order' }));
  expect(await screen.findByText('Phone may contain digits only.')).toBeInTheDocument();
  expect(screen.getByLabelText(/^Phone/)).toHaveAttribute('aria-invalid', 'true');
});

test('with an empty cart there is nothing to check out', async () => {
  renderCheckout([]);
  expect(await screen.findByText('Your cart is empty: there is nothing to check out.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Place order' })).not.toBeInTheDocument();
});

test('after a reload the confirmation finds the checkout among the newest orders', async () => {
  const ours = buildOrderSummary({
    checkoutId: CHECKOUT_ID,
    orderNumber: 'B2B-000077',
    sellerEmail: 'north@example.com',
  });
  const older = buildOrderSummary({ orderNumber: 'B2B-000010' });
  server.use(http.get('/api/orders', () => pageResponse([ours, older])));
  renderRoute(<CheckoutPlacedRoute />, {
    path: '/checkout/placed/:checkoutId',
    url: `/checkout/placed/${CHECKOUT_ID}`,
  });
  expect(await screen.findByRole('link', { name: 'B2B-000077' })).toBeInTheDocument();
  expect(screen.queryByText('B2B-000010')).not.toBeInTheDocument();
  expect(receivedRequests()[0]?.query).toMatchObject({ limit: '100' });
});

/* Volume prices and changed rules at checkout (issue 19). */

const tiered = createCartItem({
  name: 'Copy Paper A4',
  sku: 'CP-A4-80',
  price: 9.2,
  listPrice: 10,
  buyQuantity: 60,
  productQuantity: 60,
  packSize: 6,
  nextTier: { minQty: 204, price: 8.5, more: 144 },
  sellerEmail: 'karna@example.com',
});

test('the review shows the unit price applied, the list price, the saving and the next tier', async () => {
  renderCheckout([tiered, kettle]);
  const review = await screen.findByRole('list', { name: 'Orders to place' });
  const line = within(review).getByText('Copy Paper A4').closest('li') as HTMLElement;
  expect(line).toHaveTextContent('SKU: CP-A4-80');
  expect(line).toHaveTextContent('60 × $9.20 (list $10.00)');
  expect(line).toHaveTextContent('Volume price: you save $48.00');
  expect(line).toHaveTextContent('Next price: 144 more for $8.50 each');
  expect(line).toHaveTextContent('$552.00');
  // 552.00 + 3 × 19.99
  expect(screen.getByText('$611.97')).toBeInTheDocument();
});

test('a line at a contract price says so, with what it saves against the list price', async () => {
  renderCheckout([{ ...tiered, priceListId: '60000000-0000-4000-8000-000000000001', nextTier: null }, kettle]);
  const review = await screen.findByRole('list', { name: 'Orders to place' });
  const line = within(review).getByText('Copy Paper A4').closest('li') as HTMLElement;
  expect(line).toHaveTextContent('60 × $9.20 (list $10.00)');
  expect(line).toHaveTextContent('Contract price: you save $48.00');
});

test('a line that no longer fits the seller’s changed rules is named on that line, and nothing is placed', async () => {
  const message = 'Copy Paper A4: Sold in packs of 8: choose 56 or 64.';
  const { user: person } = renderCheckout([tiered, kettle], () =>
    errorResponse(
      422,
      'QUANTITY_NOT_MULTIPLE',
      `Your cart no longer fits the seller's rules, so nothing was ordered. ${message}`,
      [{ field: tiered.productId, message }],
    ),
  );
  await fillAddress(person);
  await person.click(screen.getByRole('button', { name: 'Place order' }));

  await waitFor(() =>
    expect(showAlert).toHaveBeenCalledWith({
      icon: 'warning',
      title: "Your cart no longer fits the seller's rules",
      text: `Your cart no longer fits the seller's rules, so nothing was ordered. ${message}`,
    }),
  );
  const review = screen.getByRole('list', { name: 'Orders to place' });
  expect(within(review).getByText('Copy Paper A4').closest('li')).toHaveTextContent(message);
  expect(within(review).getByText('Kettle').closest('li')).not.toHaveTextContent('packs');
  // The address fields are not blamed for it.
  expect(screen.getByLabelText(/Name or company/)).not.toHaveAttribute('aria-invalid');
  expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
});

test('a contract price that ended is named on its line, the buyer is warned, and the cart is asked again', async () => {
  const message = 'Copy Paper A4: now $10.00 each (was $9.20).';
  const text = `A contract price in your cart has ended, so nothing was ordered yet. ${message} Check your cart and place the order again.`;
  const { user: person } = renderCheckout([tiered, kettle], () =>
    errorResponse(409, 'PRICES_CHANGED', text, [{ field: tiered.productId, message }]),
  );
  await fillAddress(person);
  const asked = receivedRoutes().filter((route) => route.startsWith('GET /api/carts')).length;
  await person.click(screen.getByRole('button', { name: 'Place order' }));
  await waitFor(() =>
    expect(showAlert).toHaveBeenCalledWith({ icon: 'warning', title: 'Prices in your cart have changed', text }),
  );
  const review = screen.getByRole('list', { name: 'Orders to place' });
  expect(within(review).getByText('Copy Paper A4').closest('li')).toHaveTextContent(message);
  await waitFor(() =>
    expect(receivedRoutes().filter((route) => route.startsWith('GET /api/carts')).length).toBeGreaterThan(asked),
  );
});

const kitchen: CompanyAddress = {
  ...buildShipTo({ name: 'Rahman Restaurants', line1: '12 Kitchen Road', line2: 'Back gate', city: 'Dhaka' }),
  _id: '50000000-0000-4000-8000-000000000001',
  label: 'Main kitchen',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};
const store: CompanyAddress = {
  ...buildShipTo({ name: 'Rahman Store', line1: '4 Dock Lane', city: 'Chattogram', phone: '' }),
  _id: '50000000-0000-4000-8000-000000000002',
  label: 'Dry store',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

test('a company member picks an address from the company address book: it fills the ship-to fields, which stay editable', async () => {
  server.use(
    http.get('/api/companies/mine', () => HttpResponse.json({ company: createCompany({ role: 'buyer' }) })),
    http.get('/api/companies/current/addresses', () => HttpResponse.json([kitchen, store])),
  );
  const { user: person } = renderCheckout([kettle]);
  const book = await screen.findByRole('combobox', { name: 'Company address book' });
  expect(
    within(book)
      .getAllByRole('option')
      .map((option) => option.textContent),
  ).toEqual(['Choose a saved address', 'Main kitchen', 'Dry store']);
  await person.selectOptions(book, 'Main kitchen');
  expect(screen.getByLabelText(/Name or company/)).toHaveValue('Rahman Restaurants');
  expect(screen.getByLabelText(/Address line 1/)).toHaveValue('12 Kitchen Road');
  expect(screen.getByLabelText(/Address line 2/)).toHaveValue('Back gate');
  expect(screen.getByLabelText(/^City/)).toHaveValue('Dhaka');
  // Another pick replaces every field, the empty ones too.
  await person.selectOptions(book, 'Dry store');
  expect(screen.getByLabelText(/Address line 2/)).toHaveValue('');
  expect(screen.getByLabelText(/^Phone/)).toHaveValue('');
  await enter(person, screen.getByLabelText(/Address line 2/), 'Gate 3');
  await person.click(screen.getByRole('button', { name: 'Place order' }));

  expect(await screen.findByRole('heading', { name: 'Thank you, your order is placed' })).toBeInTheDocument();
  const [post] = receivedRequests().filter((r) => r.method === 'POST');
  expect(await post?.json()).toEqual({
    poNumber: '',
    note: '',
    shipTo: {
      name: 'Rahman Store',
      line1: '4 Dock Lane',
      line2: 'Gate 3',
      city: 'Chattogram',
      postalCode: store.postalCode,
      country: store.country,
      phone: '',
    },
  });
});

test('without a company the checkout has no address book and asks for none', async () => {
  renderCheckout([kettle]);
  expect(await screen.findByLabelText(/Name or company/)).toBeInTheDocument();
  await waitFor(() => expect(receivedRoutes()).toContain('GET /api/companies/mine'));
  expect(screen.queryByRole('combobox', { name: 'Company address book' })).not.toBeInTheDocument();
  expect(receivedRoutes()).not.toContain('GET /api/companies/current/addresses');
});

test('an order on account says so with the credit left; one above the credit left says it would be refused', async () => {
  server.use(
    http.get('/api/account-balances/credit', () =>
      HttpResponse.json([
        { sellerKey: 'karna@example.com', seller: 'Karnaphuli Traders', terms: 'net', days: 30, available: 500 },
        { sellerKey: 'north@example.com', seller: 'Northwind', terms: 'net', days: 14, available: 50 },
      ]),
    ),
  );
  renderCheckout([kettle, paper, mugs]);
  const orders = within(await screen.findByRole('list', { name: 'Orders to place' })).getAllByRole('region');
  await waitFor(() =>
    expect(orders[0]).toHaveTextContent(
      'On account with Karnaphuli Traders (Net 30, $500.00 of credit left): you pay when it is invoiced.',
    ),
  );
  // Northwind's order of $89.97 is above the $50.00 left.
  expect(within(orders[1] as HTMLElement).getByRole('alert')).toHaveTextContent(
    'Above the $50.00 of credit left on your account with Northwind: this order would be refused.',
  );
});
