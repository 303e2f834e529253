import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import toast from 'react-hot-toast';
import { beforeEach, expect, test, vi } from 'vitest';
import type { CartItem } from '@b2b/shared';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { fakeAuth } from '@/test/fake-auth';
import { createCartItem } from '@/test/factories';
import { createQuote, summaryOf } from '@/test/quotes';
import { renderRoute } from '@/test/render';
import { errorResponse, pageResponse, receivedRequests, receivedRoutes, server } from '@/test/server';
import CartRoute from './cart';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

const EMAIL = 'ann@example.com';
const CART_ROUTE = `/api/carts/${encodeURIComponent(EMAIL)}`;
const paper = createCartItem({
  name: 'Copy Paper',
  brand: 'Paperly',
  price: 4.5,
  buyQuantity: 20,
  category: 'office&stationary',
});
const lamp = createCartItem({ name: 'Desk Lamp', price: 19.99, buyQuantity: 3, buyDate: '2025-03-04T10:30:00.000Z' });

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: EMAIL });
  // Toasts live in a module-wide store: one left by the previous test would show here too.
  toast.remove();
});

const deleted = () => HttpResponse.json({ acknowledged: true, deletedCount: 1 });

function renderCart(items: CartItem[], remove: () => Response | Promise<Response> = deleted) {
  let stored = items;
  server.use(
    http.get(CART_ROUTE, () => pageResponse(stored)),
    http.delete('/api/carts/:id', async ({ params }) => {
      const response = await remove();
      if (response.ok) stored = stored.filter((item) => item._id !== params.id);
      return response;
    }),
  );
  return renderRoute(<CartRoute />, { path: '/carts/:email', url: `/carts/${EMAIL}` });
}

test('shows Loading cart... and then the items with their totals', async () => {
  renderCart([paper, lamp]);
  expect(screen.getByText('Loading cart...')).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Cart Page' })).toBeInTheDocument();
  expect(document.title).toBe('My Cart | B2B Wholesale Platform');

  const card = (await screen.findByRole('heading', { name: 'Desk Lamp' })).closest('article');
  expect(card).not.toBeNull();
  const details = within(card as HTMLElement);
  expect(details.getByText('Electronics')).toBeInTheDocument();
  expect(details.getByText('Acme')).toBeInTheDocument();
  expect(details.getByText('3')).toBeInTheDocument();
  expect(details.getByText('$19.99')).toBeInTheDocument();
  expect(details.getByText('Line total: $59.97')).toBeInTheDocument();
  expect(details.getByText(/Mar 4, 2025/)).toBeInTheDocument();
  expect(details.getByRole('img', { name: 'Desk Lamp' })).toBeInTheDocument();

  expect(screen.getByText('Total items:').parentElement).toHaveTextContent('Total items: 2');
  expect(screen.getByText('Office & stationary')).toBeInTheDocument();
  // 20 × $4.50 + 3 × $19.99
  expect(screen.getByText('$149.97')).toBeInTheDocument();
  expect(screen.getByText('23')).toBeInTheDocument();
  // Each item says until when its stock is held; the summary leads to checkout.
  expect(details.getByText('Held until')).toBeInTheDocument();
  expect(details.getByText(/Jan 5, 2025/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
});

test('an empty cart says No data found in your cart.', async () => {
  renderCart([]);
  expect(await screen.findByText('No data found in your cart.')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
});

test('Remove deletes the item, toasts Removed from cart and the item disappears', async () => {
  const { user } = renderCart([paper, lamp]);
  await user.click(await screen.findByRole('button', { name: 'Remove Desk Lamp' }));

  expect(await screen.findByText('Removed from cart')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Desk Lamp' })).not.toBeInTheDocument());
  expect(screen.getByRole('heading', { name: 'Copy Paper' })).toBeInTheDocument();
  expect(screen.getByText('Total items:').parentElement).toHaveTextContent('Total items: 1');
  // The server restores the stock: besides reading the cart, the client sends the delete and nothing else.
  expect(receivedRoutes().filter((route) => route !== `GET ${CART_ROUTE}`)).toEqual([`DELETE /api/carts/${lamp._id}`]);
});

test('removed from the keyboard, focus moves to Undo and the toast stays while it holds focus; Escape hands focus to the heading', async () => {
  const { user } = renderCart([paper, lamp]);
  (await screen.findByRole('button', { name: 'Remove Desk Lamp' })).focus();
  await user.keyboard('{Enter}');

  const undo = await screen.findByRole('button', { name: 'Undo' });
  await waitFor(() => expect(undo).toHaveFocus());
  // Well past CART_REMOVE_TOAST_MS, the focused toast is still there.
  await new Promise((resolve) => setTimeout(resolve, 1_800));
  expect(screen.getByText('Removed from cart')).toBeInTheDocument();

  await user.keyboard('{Escape}');
  expect(screen.getByRole('heading', { level: 1, name: 'Cart Page' })).toHaveFocus();
  // Dismissed at once; react-hot-toast keeps it a moment longer for its exit animation.
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument(), {
    timeout: 3_000,
  });
  expect(screen.queryByRole('heading', { name: 'Desk Lamp' })).not.toBeInTheDocument();
});

test('removed with the mouse, focus stays put and the toast closes after CART_REMOVE_TOAST_MS', async () => {
  const { user } = renderCart([paper, lamp]);
  await user.click(await screen.findByRole('button', { name: 'Remove Desk Lamp' }));

  const undo = await screen.findByRole('button', { name: 'Undo' });
  expect(undo).not.toHaveFocus();
  await waitFor(() => expect(screen.queryByText('Removed from cart')).not.toBeInTheDocument(), { timeout: 3_000 });
});

test('Remove is disabled while its request runs', async () => {
  let finish = () => {};
  const answered = new Promise<void>((resolve) => (finish = resolve));
  const { user } = renderCart([lamp], async () => {
    await answered;
    return deleted();
  });
  const remove = await screen.findByRole('button', { name: 'Remove Desk Lamp' });
  await user.click(remove);
  await waitFor(() => expect(remove).toBeDisabled());
  finish();
  expect(await screen.findByText('No data found in your cart.')).toBeInTheDocument();
});

test('a failed removal explains why and keeps the item', async () => {
  const { user } = renderCart([lamp], () => errorResponse(503, 'DB_UNAVAILABLE', 'The database is unavailable.'));
  await user.click(await screen.findByRole('button', { name: 'Remove Desk Lamp' }));
  expect(await screen.findByText('The database is unavailable.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Desk Lamp' })).toBeInTheDocument();
});

test("someone else's cart is not requested", () => {
  renderRoute(<CartRoute />, { path: '/carts/:email', url: '/carts/bob@example.com' });
  expect(screen.getByText('You can only view your own cart.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to my cart' })).toHaveAttribute('href', `/carts/${EMAIL}`);
  expect(receivedRoutes()).toEqual([]);
});

test('a cart longer than one page is read whole, so the totals are right', async () => {
  const many = Array.from({ length: 130 }, () => createCartItem({ price: 1, buyQuantity: 2 }));
  server.use(
    http.get(CART_ROUTE, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const offset = Number(query.get('offset'));
      return pageResponse(many.slice(offset, offset + Number(query.get('limit'))), many.length);
    }),
  );
  renderRoute(<CartRoute />, { path: '/carts/:email', url: `/carts/${EMAIL}` });
  expect(await screen.findByText('Total items:')).toHaveTextContent('Total items: 130');
  expect(screen.getByText('$260.00')).toBeInTheDocument();
  expect(receivedRequests().map((request) => request.query.offset)).toEqual(['0', '100']);
});

test('a failed load offers Retry', async () => {
  server.use(http.get(CART_ROUTE, () => HttpResponse.error()));
  renderRoute(<CartRoute />, { path: '/carts/:email', url: `/carts/${EMAIL}` });
  expect(await screen.findByText(NETWORK_ERROR_MESSAGE)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});

/** Serves the cart, removals and purchases the way the API would (a purchase adds a new cart item). */
function serveCartWithPurchases(
  items: CartItem[],
  purchase: (body: { productId: string; buyQuantity: number }) => Response,
) {
  let stored = items;
  server.use(
    http.get(CART_ROUTE, () => pageResponse(stored)),
    http.delete('/api/carts/:id', ({ params }) => {
      stored = stored.filter((item) => item._id !== params.id);
      return deleted();
    }),
    http.post('/api/carts', async ({ request }) => {
      const body = (await request.json()) as { productId: string; buyQuantity: number };
      const response = purchase(body);
      if (response.ok) {
        const gone = items.find((item) => item.productId === body.productId);
        stored = [{ ...(gone as CartItem), _id: 'cart-again', buyQuantity: body.buyQuantity }, ...stored];
      }
      return response;
    }),
  );
  return renderRoute(<CartRoute />, { path: '/carts/:email', url: `/carts/${EMAIL}` });
}

test('Undo in the Removed from cart toast buys the item again through the purchase API', async () => {
  const { user } = serveCartWithPurchases([paper, lamp], () =>
    HttpResponse.json({ acknowledged: true, insertedId: 'cart-again' }, { status: 201 }),
  );
  await user.click(await screen.findByRole('button', { name: 'Remove Desk Lamp' }));
  const removedToast = (await screen.findByText('Removed from cart')).closest('[role="status"]') as HTMLElement;
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Desk Lamp' })).not.toBeInTheDocument());

  await user.click(within(removedToast).getByRole('button', { name: 'Undo' }));
  expect(await screen.findByRole('heading', { name: 'Desk Lamp' })).toBeInTheDocument();
  expect(await screen.findByText('“Desk Lamp” is back in your cart')).toBeInTheDocument();
  const post = receivedRequests().find((request) => request.route === 'POST /api/carts');
  expect(await post?.json()).toEqual({ productId: lamp.productId, buyQuantity: 3 });
  expect(screen.getByText('Total items:').parentElement).toHaveTextContent('Total items: 2');
});

test("a failed Undo shows the API's message", async () => {
  const { user } = serveCartWithPurchases([lamp], () =>
    errorResponse(409, 'INSUFFICIENT_STOCK', 'Only 2 units are left in stock.'),
  );
  await user.click(await screen.findByRole('button', { name: 'Remove Desk Lamp' }));
  const removedToast = (await screen.findByText('Removed from cart')).closest('[role="status"]') as HTMLElement;
  await user.click(within(removedToast).getByRole('button', { name: 'Undo' }));
  expect(await screen.findByText('Only 2 units are left in stock.')).toBeInTheDocument();
  expect(await screen.findByText('No data found in your cart.')).toBeInTheDocument();
});

test('an item without a picture shows the same No Image placeholder as the product lists', async () => {
  renderCart([{ ...lamp, image: '' }]);
  const picture = await screen.findByRole('img', { name: 'Desk Lamp' });
  expect(picture).toHaveTextContent('No Image');
});

/* Volume prices in the cart (issue 19): the unit price applied, the saving and the next tier. */

test('each line shows the SKU, the unit price applied with the list price, the saving and the next tier', async () => {
  const first = createCartItem({
    name: 'Copy Paper A4',
    sku: 'CP-A4-80',
    price: 9.2,
    listPrice: 10,
    buyQuantity: 24,
    productQuantity: 60,
    packSize: 6,
    nextTier: { minQty: 204, price: 8.5, more: 144 },
  });
  const second = { ...first, _id: '10000000-0000-4000-8000-000000009999', buyQuantity: 36 };
  renderCart([first, second, lamp]);

  const cards = await screen.findAllByRole('article');
  const paperCard = within(cards[0] as HTMLElement);
  expect(paperCard.getByText('CP-A4-80')).toBeInTheDocument();
  expect(paperCard.getByText('$9.20').closest('dd')).toHaveTextContent('$9.20 (list $10.00)');
  const volume = paperCard.getByRole('list', { name: 'Volume price' });
  expect(
    within(volume)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual([
    'Your cart holds 60 units of this product in all.',
    'Volume price: you save $19.20 on this line.',
    'Next price: 144 more for $8.50 each.',
  ]);
  expect(paperCard.getByText('Line total: $220.80')).toBeInTheDocument();
  expect(within(cards[1] as HTMLElement).getByRole('list', { name: 'Volume price' })).toHaveTextContent(
    'Volume price: you save $28.80 on this line.',
  );

  // A line at its list price has no volume note.
  expect(within(cards[2] as HTMLElement).queryByRole('list', { name: 'Volume price' })).not.toBeInTheDocument();
  const summary = screen.getByRole('complementary', { name: 'Summary' });
  expect(summary).toHaveTextContent('Volume savings$48.00');
  // 60 × 9.20 + 3 × 19.99
  expect(summary).toHaveTextContent('Grand total$611.97');
});

test('without volume prices the summary has no savings line', async () => {
  renderCart([paper, lamp]);
  const summary = await screen.findByRole('complementary', { name: 'Summary' });
  expect(summary).not.toHaveTextContent('Volume savings');
});

test('Request a quote says the cart moves into the request, then sends the targets and the message', async () => {
  const other = createCartItem({ name: 'Kettle', price: 12, buyQuantity: 2, sellerEmail: 'karna@example.com' });
  const quote = createQuote({ number: 'Q-000042' });
  let stored = [paper, lamp, other];
  server.use(
    http.get(CART_ROUTE, () => pageResponse(stored)),
    http.post('/api/quotes/from-cart', () => {
      stored = [];
      return HttpResponse.json({ quotes: [summaryOf(quote), summaryOf(createQuote())] }, { status: 201 });
    }),
  );
  const { user, router } = renderRoute(<CartRoute />, { path: '/carts/:email', url: `/carts/${EMAIL}` });
  await user.click(await screen.findByRole('button', { name: 'Request a quote' }));

  const dialog = screen.getByRole('dialog', { name: 'Request a quote' });
  expect(within(dialog).getByRole('note')).toHaveTextContent(
    'The items in your cart move into the request: your cart will be empty and their stock goes back on sale, because a quote holds no stock.',
  );
  expect(dialog).toHaveTextContent('Each seller gets their own quote (2 quotes).');
  const lines = within(within(dialog).getByRole('list', { name: 'Lines to price' })).getAllByRole('listitem');
  expect(lines.map((line) => line.querySelector('p')?.textContent)).toEqual(['Copy Paper', 'Desk Lamp', 'Kettle']);
  expect(lines[1]).toHaveTextContent('3 × $19.99');

  // A target that is not money is refused before anything is sent.
  await user.type(within(dialog).getByLabelText(/Target price.*for Desk Lamp/), '17.555');
  await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
  expect(await within(dialog).findByText('Target price can have at most 2 decimals.')).toBeInTheDocument();
  expect(receivedRoutes()).not.toContain('POST /api/quotes/from-cart');

  await user.clear(within(dialog).getByLabelText(/Target price.*for Desk Lamp/));
  await user.type(within(dialog).getByLabelText(/Target price.*for Desk Lamp/), '17.5');
  await user.type(within(dialog).getByLabelText(/Message to the sellers/), 'Monthly order, best price please.');
  await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

  // Two sellers, two quotes: the Quotes page lists them.
  await waitFor(() => expect(router.state.location.pathname).toBe('/quotes'));
  const post = receivedRequests().find((r) => r.route === 'POST /api/quotes/from-cart');
  expect(await post?.json()).toEqual({
    targets: [{ productId: lamp.productId, targetPrice: 17.5 }],
    message: 'Monthly order, best price please.',
  });
  expect(post?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  expect(await screen.findByText('2 quotes requested, one per seller.')).toBeInTheDocument();
});

test('Cancel closes the request without sending anything', async () => {
  const { user } = renderCart([lamp]);
  await user.click(await screen.findByRole('button', { name: 'Request a quote' }));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(receivedRoutes().filter((route) => route.startsWith('POST'))).toEqual([]);
});
