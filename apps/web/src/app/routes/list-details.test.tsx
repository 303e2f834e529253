import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { ListAddToCartResult, ListLine, SavedList } from '@b2b/shared';
import { createCompany } from '@/test/company';
import { fakeAuth } from '@/test/fake-auth';
import { createQuote, summaryOf } from '@/test/quotes';
import { renderRoute } from '@/test/render';
import { errorResponse, receivedRequests, receivedRoutes, server } from '@/test/server';
import ListDetailsRoute from './list-details';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
vi.mock('@/components/ui/dialogs', () => ({ showAlert: vi.fn(), confirmDialog: vi.fn(), promptDialog: vi.fn() }));

const BUYER = 'ann@example.com';
const SELLER = 'north@example.com';
const ID = '00000000-0000-4000-8000-0000000000a1';
const PAPER = '00000000-0000-4000-8000-000000000001';
const GONE = '00000000-0000-4000-8000-000000000002';

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: BUYER });
});

const line = (overrides: Partial<ListLine>): ListLine => ({
  productId: PAPER,
  quantity: 12,
  product: {
    _id: PAPER,
    name: 'Copy paper',
    image: '',
    sku: 'CP-1',
    sellerEmail: SELLER,
    sellerName: null,
    price: 10,
    packSize: 6,
    minSellQty: 6,
    maxOrderQty: null,
    quantity: 500,
  },
  name: 'Copy paper',
  sku: 'CP-1',
  addedAt: '2026-03-01T10:00:00.000Z',
  ...overrides,
});

const buildList = (lines: ListLine[]): SavedList => ({
  _id: ID,
  name: 'Weekly kitchen restock',
  lineCount: lines.length,
  shared: false,
  ownerEmail: 'ann@example.com',
  canEdit: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  lines,
});

function serveList(initial: SavedList) {
  let list = initial;
  server.use(
    http.get('/api/sellers', () =>
      HttpResponse.json([{ email: SELLER, companyName: 'Northwind', displayName: 'Nora' }]),
    ),
    http.get(`/api/lists/${ID}`, () => HttpResponse.json(list)),
    http.get('/api/lists', () => HttpResponse.json([])),
    http.put(`/api/lists/${ID}/lines/:productId`, async ({ request, params }) => {
      const { quantity } = (await request.json()) as { quantity: number };
      list = buildList(list.lines.map((l) => (l.productId === params.productId ? { ...l, quantity } : l)));
      return HttpResponse.json(list);
    }),
    http.delete(`/api/lists/${ID}/lines/:productId`, ({ params }) => {
      list = buildList(list.lines.filter((l) => l.productId !== params.productId));
      return HttpResponse.json(list);
    }),
  );
}

const deleted = line({ productId: GONE, product: null, name: 'Old binders', sku: 'OB-9', quantity: 3 });

test('shows the lines with their products; one deleted since is marked, not dropped', async () => {
  serveList(buildList([line({}), deleted]));
  renderRoute(<ListDetailsRoute />, { path: '/lists/:id', url: `/lists/${ID}` });
  expect(await screen.findByRole('heading', { level: 1, name: 'Weekly kitchen restock' })).toBeInTheDocument();
  const lines = screen.getByRole('list', { name: 'Lines of Weekly kitchen restock' });
  const paper = within(lines).getByRole('article', { name: 'Copy paper' });
  expect(within(paper).getByRole('link', { name: 'Copy paper' })).toHaveAttribute('href', `/product-details/${PAPER}`);
  expect(paper).toHaveTextContent('SKU CP-1');
  expect(within(paper).getByRole('spinbutton', { name: 'Quantity of Copy paper' })).toHaveValue(12);
  expect(within(lines).getByRole('article', { name: 'Old binders' })).toHaveTextContent('No longer sold');
  // Without a contract: the list price, and the total at it (12 × 10.00; the deleted line counts nothing).
  expect(paper).toHaveTextContent('$10.00 each');
  expect(screen.getByText(/^At list prices:/)).toHaveTextContent('$120.00');
});

test('a buyer with a contract sees their price per line and the total at it', async () => {
  server.use(
    http.post('/api/prices', async ({ request }) => {
      const { lines } = (await request.json()) as { lines: { productId: string; quantity: number }[] };
      expect(lines).toEqual([{ productId: PAPER, quantity: 12 }]);
      return HttpResponse.json({
        lines: [{ productId: PAPER, quantity: 12, unitPrice: 8.9, lineTotal: 106.8, source: 'contract' }],
      });
    }),
  );
  serveList(buildList([line({}), deleted]));
  renderRoute(<ListDetailsRoute />, { path: '/lists/:id', url: `/lists/${ID}` });
  const paper = await screen.findByRole('article', { name: 'Copy paper' });
  expect(await within(paper).findByText(/Your price \$8\.90 each \(list \$10\.00\)/)).toBeInTheDocument();
  expect(screen.getByText(/^At your prices:/)).toHaveTextContent('$106.80');
});

test('a quantity is changed and saved; a line is removed', async () => {
  serveList(buildList([line({}), deleted]));
  const { user } = renderRoute(<ListDetailsRoute />, { path: '/lists/:id', url: `/lists/${ID}` });
  const quantity = await screen.findByRole('spinbutton', { name: 'Quantity of Copy paper' });
  await user.clear(quantity);
  await user.type(quantity, '18');
  await user.click(screen.getByRole('button', { name: 'Save the quantity of Copy paper' }));
  expect(await screen.findByText('$180.00')).toBeInTheDocument();
  expect(
    await receivedRequests()
      .find((r) => r.method === 'PUT')
      ?.json(),
  ).toEqual({ quantity: 18 });

  await user.click(screen.getByRole('button', { name: 'Remove Old binders from the list' }));
  expect(await screen.findByText('“Old binders” removed from the list.')).toBeInTheDocument();
  expect(screen.queryByRole('article', { name: 'Old binders' })).not.toBeInTheDocument();
});

test('Add list to cart reports every line, a deleted product included, with an Idempotency-Key', async () => {
  serveList(buildList([line({}), deleted]));
  const result: ListAddToCartResult = {
    results: [
      {
        productId: PAPER,
        name: 'Copy paper',
        sku: 'CP-1',
        outcome: 'added',
        cartItemId: '00000000-0000-4000-8000-00000000000c',
      },
      {
        productId: GONE,
        name: 'Old binders',
        sku: 'OB-9',
        outcome: 'error',
        code: 'NOT_FOUND',
        message: 'Product not found.',
      },
    ],
  };
  server.use(http.post(`/api/lists/${ID}/add-to-cart`, () => HttpResponse.json(result)));
  const { user } = renderRoute(<ListDetailsRoute />, { path: '/lists/:id', url: `/lists/${ID}` });
  await user.click(await screen.findByRole('button', { name: 'Add list to cart' }));
  const status = await screen.findByRole('status', { name: '1 of 2 lines were added to your cart.' });
  expect(status).toHaveTextContent('Copy paper (CP-1)Added to cart');
  expect(status).toHaveTextContent('Old binders (OB-9)No longer sold');
  expect(within(status).getByRole('link', { name: 'Go to my cart' })).toHaveAttribute('href', `/carts/${BUYER}`);
  const post = receivedRequests().find((r) => r.method === 'POST' && r.route.endsWith('/add-to-cart'));
  expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
});

test("another user's list (404) says so and leads back to the lists", async () => {
  server.use(http.get(`/api/lists/${ID}`, () => errorResponse(404, 'NOT_FOUND', 'List not found.')));
  renderRoute(<ListDetailsRoute />, { path: '/lists/:id', url: `/lists/${ID}` });
  expect(await screen.findByText('This list does not exist, or it is not yours.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to my lists' })).toHaveAttribute('href', '/lists');
});

const inCompany = (role: 'admin' | 'approver' | 'buyer') =>
  server.use(http.get('/api/companies/mine', () => HttpResponse.json({ company: createCompany({ role }) })));

test('the owner in a company shares the list with it, sees the badge, and stops sharing it', async () => {
  inCompany('buyer');
  serveList(buildList([line({})]));
  const sent: unknown[] = [];
  server.use(
    http.put(`/api/lists/${ID}/shared`, async ({ request }) => {
      const body = (await request.json()) as { shared: boolean };
      sent.push(body);
      return HttpResponse.json({ ...buildList([line({})]), shared: body.shared });
    }),
  );
  const { user } = renderRoute(<ListDetailsRoute />, { path: '/lists/:id', url: `/lists/${ID}` });
  await user.click(await screen.findByRole('button', { name: 'Share with Rahman Restaurants' }));
  expect(await screen.findByText('Shared with Rahman Restaurants')).toBeInTheDocument();
  expect(screen.getByText('List shared with Rahman Restaurants.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Stop sharing' }));
  expect(await screen.findByRole('button', { name: 'Share with Rahman Restaurants' })).toBeInTheDocument();
  expect(screen.queryByText('Shared with Rahman Restaurants')).not.toBeInTheDocument();
  expect(sent).toEqual([{ shared: true }, { shared: false }]);
});

test('without a company the owner is offered no sharing', async () => {
  serveList(buildList([line({})]));
  renderRoute(<ListDetailsRoute />, { path: '/lists/:id', url: `/lists/${ID}` });
  expect(await screen.findByRole('button', { name: 'Rename' })).toBeInTheDocument();
  await vi.waitFor(() => expect(receivedRoutes()).toContain('GET /api/companies/mine'));
  expect(screen.queryByRole('button', { name: /Share with/ })).not.toBeInTheDocument();
});

test('a colleague reads a shared list and adds it to their cart, with no controls to change or share it', async () => {
  inCompany('buyer');
  serveList({ ...buildList([line({})]), shared: true, ownerEmail: 'kim@example.com', canEdit: false });
  server.use(http.post(`/api/lists/${ID}/add-to-cart`, () => HttpResponse.json({ results: [] })));
  const { user } = renderRoute(<ListDetailsRoute />, { path: '/lists/:id', url: `/lists/${ID}` });
  expect(await screen.findByText('Shared with Rahman Restaurants')).toBeInTheDocument();
  expect(screen.getByText(/by kim@example.com/)).toBeInTheDocument();
  const paper = screen.getByRole('article', { name: 'Copy paper' });
  expect(paper).toHaveTextContent('Quantity 12');
  expect(within(paper).queryByRole('spinbutton')).not.toBeInTheDocument();
  for (const name of ['Rename', 'Delete', 'Remove Copy paper from the list', /Share with/, 'Stop sharing']) {
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  }
  await user.click(screen.getByRole('button', { name: 'Add list to cart' }));
  await vi.waitFor(() => expect(receivedRoutes()).toContain(`POST /api/lists/${ID}/add-to-cart`));
});

test("a company admin edits a colleague's shared list but cannot share or unshare it", async () => {
  inCompany('admin');
  serveList({ ...buildList([line({})]), shared: true, ownerEmail: 'kim@example.com', canEdit: true });
  renderRoute(<ListDetailsRoute />, { path: '/lists/:id', url: `/lists/${ID}` });
  expect(await screen.findByRole('spinbutton', { name: 'Quantity of Copy paper' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Rename' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Stop sharing' })).not.toBeInTheDocument();
});

test('Request a quote asks for the list’s lines still sold; the list stays; one seller opens the quote', async () => {
  serveList(buildList([line({}), deleted]));
  const quote = createQuote({ number: 'Q-000042' });
  server.use(
    http.post(`/api/quotes/from-list/${ID}`, () => HttpResponse.json({ quotes: [summaryOf(quote)] }, { status: 201 })),
  );
  const { user, router } = renderRoute(<ListDetailsRoute />, { path: '/lists/:id', url: `/lists/${ID}` });
  await user.click(await screen.findByRole('button', { name: 'Request a quote' }));

  const dialog = screen.getByRole('dialog', { name: 'Request a quote' });
  expect(within(dialog).getByRole('note')).toHaveTextContent('The list stays as it is.');
  // The deleted product cannot be priced: only the paper is asked for, at the list's quantity.
  const lines = within(within(dialog).getByRole('list', { name: 'Lines to price' })).getAllByRole('listitem');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toHaveTextContent('SKU: CP-1 · 12 × $10.00 · north@example.com');
  await user.type(within(dialog).getByLabelText(/Target price.*for Copy paper/), '9');
  await user.click(within(dialog).getByRole('button', { name: 'Send request' }));

  await waitFor(() => expect(router.state.location.pathname).toBe(`/quotes/${quote._id}`));
  const post = receivedRequests().find((r) => r.route === `POST /api/quotes/from-list/${ID}`);
  expect(await post?.json()).toEqual({ targets: [{ productId: PAPER, targetPrice: 9 }], message: '' });
  expect(post?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  expect(await screen.findByText('Quote Q-000042 requested.')).toBeInTheDocument();
});

test('a refused request keeps the dialog open with the API’s reason', async () => {
  serveList(buildList([line({})]));
  server.use(
    http.post(`/api/quotes/from-list/${ID}`, () =>
      errorResponse(403, 'FORBIDDEN', 'Your role in Rahman Restaurants cannot request quotes.'),
    ),
  );
  const { user } = renderRoute(<ListDetailsRoute />, { path: '/lists/:id', url: `/lists/${ID}` });
  await user.click(await screen.findByRole('button', { name: 'Request a quote' }));
  await user.click(screen.getByRole('button', { name: 'Send request' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your role in Rahman Restaurants cannot request quotes.');
  expect(screen.getByRole('dialog', { name: 'Request a quote' })).toBeInTheDocument();
});
