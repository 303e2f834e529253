import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import type { CartItem } from '@b2b/shared';
import { ApiError, apiFetchPage } from '@/lib/api-client';
import { apiRoutes, resetApi, serveApi, servePages } from '@/features/products/test/mock-api';
import { fakeAuth } from '@/test/fake-auth';
import { createCartItem } from '@/test/factories';
import { renderRoute } from '@/test/render';
import CartRoute from './cart';
import type * as ApiClient from '@/lib/api-client';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiFetch: vi.fn(),
  apiFetchPage: vi.fn(),
}));
vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));

const EMAIL = 'ann@example.com';
const CART_ROUTE = `GET /carts/${encodeURIComponent(EMAIL)}`;
const paper = createCartItem({
  name: 'Copy Paper',
  brand: 'Paperly',
  price: 4.5,
  buyQuantity: 20,
  category: 'office&stationary',
});
const lamp = createCartItem({ name: 'Desk Lamp', price: 19.99, buyQuantity: 3, buyDate: '2025-03-04T10:30:00.000Z' });

beforeEach(() => {
  resetApi();
  fakeAuth.reset();
  fakeAuth.signIn({ email: EMAIL });
});

function renderCart(
  items: CartItem[],
  remove: (id: string) => unknown = () => ({ acknowledged: true, deletedCount: 1 }),
) {
  let stored = items;
  servePages(({ route }) => {
    if (route === CART_ROUTE) return { items: stored, total: stored.length };
    throw new Error(`Unexpected call ${route}`);
  });
  serveApi(({ route }) => {
    if (route.startsWith('DELETE /carts/')) {
      const id = route.slice('DELETE /carts/'.length);
      const result = remove(id);
      stored = stored.filter((item) => item._id !== id);
      return result;
    }
    throw new Error(`Unexpected call ${route}`);
  });
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
});

test('an empty cart says No data found in your cart.', async () => {
  renderCart([]);
  expect(await screen.findByText('No data found in your cart.')).toBeInTheDocument();
});

test('Remove deletes the item, toasts Removed from cart and the item disappears', async () => {
  const { user } = renderCart([paper, lamp]);
  await user.click(await screen.findByRole('button', { name: 'Remove Desk Lamp' }));

  expect(await screen.findByText('Removed from cart')).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('heading', { name: 'Desk Lamp' })).not.toBeInTheDocument());
  expect(screen.getByRole('heading', { name: 'Copy Paper' })).toBeInTheDocument();
  expect(screen.getByText('Total items:').parentElement).toHaveTextContent('Total items: 1');
  // The server restores the stock: the client sends the delete and nothing else.
  expect(apiRoutes()).toEqual([`DELETE /carts/${lamp._id}`]);
});

test('Remove is disabled while its request runs', async () => {
  let finish: (value: unknown) => void = () => {};
  const { user } = renderCart([lamp], () => new Promise((resolve) => (finish = resolve)));
  const remove = await screen.findByRole('button', { name: 'Remove Desk Lamp' });
  await user.click(remove);
  await waitFor(() => expect(remove).toBeDisabled());
  finish({ acknowledged: true, deletedCount: 1 });
  expect(await screen.findByText('No data found in your cart.')).toBeInTheDocument();
});

test('a failed removal explains why and keeps the item', async () => {
  const { user } = renderCart([lamp], () => {
    throw new ApiError({ status: 503, code: 'DB_UNAVAILABLE', message: 'The database is unavailable.' });
  });
  await user.click(await screen.findByRole('button', { name: 'Remove Desk Lamp' }));
  expect(await screen.findByText('The database is unavailable.')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Desk Lamp' })).toBeInTheDocument();
});

test("someone else's cart is not requested", () => {
  renderRoute(<CartRoute />, { path: '/carts/:email', url: '/carts/bob@example.com' });
  expect(screen.getByText('You can only view your own cart.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to my cart' })).toHaveAttribute('href', `/carts/${EMAIL}`);
  expect(apiRoutes()).toEqual([]);
  expect(apiFetchPage).not.toHaveBeenCalled();
});

test('a cart longer than one page is read whole, so the totals are right', async () => {
  const many = Array.from({ length: 130 }, () => createCartItem({ price: 1, buyQuantity: 2 }));
  servePages(({ options }) => {
    const offset = Number(options.query?.offset);
    return { items: many.slice(offset, offset + Number(options.query?.limit)), total: many.length };
  });
  renderRoute(<CartRoute />, { path: '/carts/:email', url: `/carts/${EMAIL}` });
  expect(await screen.findByText('Total items:')).toHaveTextContent('Total items: 130');
  expect(screen.getByText('$260.00')).toBeInTheDocument();
  expect(vi.mocked(apiFetchPage).mock.calls.map(([, options]) => options?.query?.offset)).toEqual([0, 100]);
});

test('a failed load offers Retry', async () => {
  servePages(() => {
    throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Could not reach the server.' });
  });
  renderRoute(<CartRoute />, { path: '/carts/:email', url: `/carts/${EMAIL}` });
  expect(await screen.findByText('Could not reach the server.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
