import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { Product } from '@b2b/shared';
import { confirmDialog, showAlert } from '@/components/ui/dialogs';
import { saveFile } from '@/lib/download';
import { fakeAuth } from '@/test/fake-auth';
import { createProduct } from '@/test/factories';
import { renderRoute } from '@/test/render';
import { errorResponse, pageResponse, receivedRequests, receivedRoutes, server } from '@/test/server';
import MyProductsRoute from './my-products';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
vi.mock('@/components/ui/dialogs', () => ({ showAlert: vi.fn(), confirmDialog: vi.fn() }));
vi.mock('@/lib/download', () => ({ saveFile: vi.fn() }));

const EMAIL = 'seller@example.com';
const LISTINGS_ROUTE = `/api/my-products/${encodeURIComponent(EMAIL)}`;
const lamp = createProduct({ name: 'Desk Lamp', email: EMAIL });

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: EMAIL });
  vi.mocked(showAlert).mockReset().mockResolvedValue(undefined);
  vi.mocked(confirmDialog).mockReset().mockResolvedValue(true);
});

/** Serves the listings; a delete removes the product unless `onDelete` answers otherwise. */
function serveListings(products: Product[], onDelete?: () => Response) {
  let listed = products;
  server.use(
    http.get(LISTINGS_ROUTE, ({ request }) => {
      const query = new URL(request.url).searchParams;
      const offset = Number(query.get('offset') ?? 0);
      return pageResponse(listed.slice(offset, offset + Number(query.get('limit') ?? listed.length)), listed.length);
    }),
    http.delete('/api/products/:id', ({ params }) => {
      if (onDelete) return onDelete();
      listed = listed.filter((product) => product._id !== params.id);
      return HttpResponse.json({ acknowledged: true, deletedCount: 1 });
    }),
  );
}

function renderMine(products: Product[], onDelete?: () => Response) {
  serveListings(products, onDelete);
  return renderRoute(<MyProductsRoute />, { path: '/my-products/:email', url: `/my-products/${EMAIL}` });
}

test('missing values fall back to No Image, N/A, 0 and 1', async () => {
  // A row stored before these fields existed: the API sends them empty or not at all.
  const legacy = {
    ...createProduct({ name: 'Old Stock', image: '', brand: '', rating: null }),
    quantity: undefined,
    minSellQty: undefined,
    price: undefined,
  } as unknown as Product;
  renderMine([legacy]);
  const table = await screen.findByRole('table', { name: 'My products' });
  const cells = within(within(table).getByRole('row', { name: /Old Stock/ })).getAllByRole('cell');
  // What a cell shows besides its column label (that label is for narrow screens and aria-hidden).
  const value = (cell: HTMLElement) =>
    [...cell.childNodes]
      .filter((node) => !(node instanceof Element && node.getAttribute('aria-hidden') === 'true'))
      .map((node) => node.textContent)
      .join('');
  expect(cells.map(value)).toEqual([
    'Old Stock',
    'No Image',
    'N/A',
    'Electronics',
    '0',
    '1',
    'N/A',
    'N/A',
    'DetailsUpdateDelete',
  ]);
  expect(screen.getByRole('heading', { level: 1, name: 'All Products' })).toBeInTheDocument();
});

test('an empty list shows No products found. in the table', async () => {
  renderMine([]);
  const table = await screen.findByRole('table');
  expect(within(table).getByText('No products found.')).toBeInTheDocument();
});

test('Details and Update link to the product', async () => {
  renderMine([lamp]);
  const row = await screen.findByRole('row', { name: /Desk Lamp/ });
  expect(within(row).getByRole('link', { name: 'Details' })).toHaveAttribute('href', `/product-details/${lamp._id}`);
  expect(within(row).getByRole('link', { name: 'Update' })).toHaveAttribute('href', `/update-product/${lamp._id}`);
});

test('cancelling the confirmation deletes nothing', async () => {
  vi.mocked(confirmDialog).mockResolvedValue(false);
  const { user } = renderMine([lamp]);
  await user.click(
    within(await screen.findByRole('row', { name: /Desk Lamp/ })).getByRole('button', { name: 'Delete' }),
  );

  expect(confirmDialog).toHaveBeenCalledWith(
    expect.objectContaining({ title: 'Are you sure you want to delete this product?' }),
  );
  // The confirmation names the row's product and is styled as dangerous.
  expect(confirmDialog).toHaveBeenCalledWith(
    expect.objectContaining({ text: expect.stringContaining('“Desk Lamp”') as unknown, danger: true }),
  );
  expect(receivedRoutes().some((route) => route.startsWith('DELETE'))).toBe(false);
  expect(showAlert).not.toHaveBeenCalled();
  expect(screen.getByRole('row', { name: /Desk Lamp/ })).toBeInTheDocument();
});

test('a confirmed delete removes the row and says so for 2 seconds', async () => {
  const { user } = renderMine([lamp]);
  await user.click(
    within(await screen.findByRole('row', { name: /Desk Lamp/ })).getByRole('button', { name: 'Delete' }),
  );

  await waitFor(() => expect(screen.queryByRole('row', { name: /Desk Lamp/ })).not.toBeInTheDocument());
  expect(receivedRoutes()).toContain(`DELETE /api/products/${lamp._id}`);
  expect(showAlert).toHaveBeenCalledWith({ icon: 'success', title: 'Product deleted successfully!', timerMs: 2000 });
  expect(screen.getByText('No products found.')).toBeInTheDocument();
});

test('deletedCount 0 reports the failure and keeps the row', async () => {
  const { user } = renderMine([lamp], () => HttpResponse.json({ acknowledged: true, deletedCount: 0 }));
  await user.click(
    within(await screen.findByRole('row', { name: /Desk Lamp/ })).getByRole('button', { name: 'Delete' }),
  );

  await waitFor(() =>
    expect(showAlert).toHaveBeenCalledWith({ icon: 'error', title: 'Failed to delete the product.' }),
  );
  expect(screen.getByRole('row', { name: /Desk Lamp/ })).toBeInTheDocument();
});

test('an exception while deleting says an error occurred', async () => {
  const { user } = renderMine([lamp], () => errorResponse(403, 'FORBIDDEN', 'Only the owner can delete this product.'));
  await user.click(
    within(await screen.findByRole('row', { name: /Desk Lamp/ })).getByRole('button', { name: 'Delete' }),
  );

  await waitFor(() =>
    expect(showAlert).toHaveBeenCalledWith({
      icon: 'error',
      title: 'An error occurred while deleting the product.',
      text: 'Only the owner can delete this product.',
    }),
  );
  expect(screen.getByRole('row', { name: /Desk Lamp/ })).toBeInTheDocument();
});

test("another user's email shows a plain message and requests nothing", async () => {
  renderRoute(<MyProductsRoute />, { path: '/my-products/:email', url: '/my-products/someone@example.com' });
  expect(screen.getByText('You can only see your own listings.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to my products' })).toHaveAttribute('href', `/my-products/${EMAIL}`);
  expect(receivedRoutes()).toEqual([]);
});

test('listings are paged on the server and SL keeps counting', async () => {
  server.use(
    http.get(LISTINGS_ROUTE, ({ request }) =>
      pageResponse([createProduct({ name: `Item at ${String(new URL(request.url).searchParams.get('offset'))}` })], 30),
    ),
  );
  const { user } = renderRoute(<MyProductsRoute />, { path: '/my-products/:email', url: `/my-products/${EMAIL}` });
  expect(await screen.findByText('Item at 0')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Page 2' }));
  const row = await screen.findByRole('row', { name: /Item at 24/ });
  expect(within(row).getByRole('rowheader')).toHaveTextContent('25');
});

test('a long listing the API does not count exactly shows a lower bound and no last page', async () => {
  server.use(
    http.get(LISTINGS_ROUTE, ({ request }) => {
      const offset = Number(new URL(request.url).searchParams.get('offset'));
      const items = Array.from({ length: 24 }, (_, i) =>
        createProduct({ name: `Item ${offset + i + 1}`, email: EMAIL }),
      );
      return pageResponse(items, 10_000, { relation: 'gte', nextCursor: `after-${offset + 24}` });
    }),
  );
  const { user } = renderRoute(<MyProductsRoute />, { path: '/my-products/:email', url: `/my-products/${EMAIL}` });

  expect(await screen.findByText('Products you listed (10,000+).')).toBeInTheDocument();
  const pager = () => screen.getByRole('navigation', { name: 'Pagination' });
  expect(
    within(pager())
      .getAllByRole('button', { name: /^Page / })
      .map((button) => button.textContent),
  ).toEqual(['1', '2']);
  await user.click(within(pager()).getByRole('button', { name: 'Next' }));
  expect(await screen.findByRole('row', { name: /Item 25/ })).toBeInTheDocument();
  expect(within(pager()).getByText('Showing 25–48 of 10,000+ results')).toBeInTheDocument();
});

test('deleting the only row of the last page goes back to the page before', async () => {
  serveListings(Array.from({ length: 25 }, (_, i) => createProduct({ name: `Item ${i + 1}`, email: EMAIL })));
  const { user, router } = renderRoute(<MyProductsRoute />, {
    path: '/my-products/:email',
    url: `/my-products/${EMAIL}?page=2`,
  });
  await user.click(within(await screen.findByRole('row', { name: /Item 25/ })).getByRole('button', { name: 'Delete' }));

  expect(await screen.findByRole('row', { name: /Item 1\b/ })).toBeInTheDocument();
  expect(router.state.location.search).toBe('');
  expect(screen.queryByText('No products found.')).not.toBeInTheDocument();
});

test('the page sets the document title', () => {
  renderMine([lamp]);
  expect(document.title).toBe('My Products | B2B Wholesale Platform');
});

test("a listing's SKU shows under its name", async () => {
  renderMine([{ ...lamp, sku: 'DL-01' }]);
  const table = await screen.findByRole('table', { name: 'My products' });
  expect(within(table).getByRole('row', { name: /Desk Lamp/ })).toHaveTextContent('Desk LampSKU: DL-01');
});

test('Export downloads the catalogue as CSV or .xlsx; Import products leads to the import page', async () => {
  server.use(
    http.get('/api/my-products/export', ({ request }) => {
      const format = new URL(request.url).searchParams.get('format') ?? 'csv';
      return new HttpResponse('id,sku,name\n', {
        headers: { 'content-disposition': `attachment; filename="products-2026-03-04.${format}"` },
      });
    }),
  );
  const { user } = renderMine([lamp]);
  expect(screen.getByRole('link', { name: 'Import products' })).toHaveAttribute('href', '/import');
  const exports = screen.getByRole('group', { name: 'Export my catalogue' });
  await user.click(within(exports).getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.anything(), 'products-2026-03-04.csv'));
  await user.click(within(exports).getByRole('button', { name: 'Export .xlsx' }));
  await waitFor(() => expect(saveFile).toHaveBeenLastCalledWith(expect.anything(), 'products-2026-03-04.xlsx'));
  const asked = receivedRequests().filter((r) => r.path === '/api/my-products/export');
  expect(asked.map((r) => [r.query.format, r.headers.get('accept'), r.headers.has('authorization')])).toEqual([
    ['csv', 'text/csv', true],
    ['xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', true],
  ]);
});
