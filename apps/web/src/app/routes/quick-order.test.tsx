import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { QuickOrderPreview, QuickOrderPreviewLine, QuickOrderResult } from '@b2b/shared';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { receivedRequests, server } from '@/test/server';
import QuickOrderRoute from './quick-order';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

const BUYER = 'ann@example.com';
const SELLER = 'north@example.com';

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: BUYER });
});

const product = (overrides: Partial<NonNullable<QuickOrderPreviewLine['product']>> = {}) => ({
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Copy paper',
  image: '',
  sku: 'CP-1',
  sellerEmail: SELLER,
  sellerName: null,
  price: 10,
  packSize: 1,
  minSellQty: 1,
  maxOrderQty: null,
  quantity: 500,
  ...overrides,
});

/** The server's preview of `lines` as the test sends them: the pack line is fixed by 12. */
function previewOf(body: { lines: { sku: string; quantity: number | string }[] }): QuickOrderPreview {
  const lines = body.lines.map((input, index): QuickOrderPreviewLine => {
    const line = index + 1;
    const quantity = Number(input.quantity);
    if (input.sku === 'NOPE') {
      return {
        line,
        sku: input.sku,
        quantity,
        status: 'error',
        code: 'SKU_UNKNOWN',
        message: 'No product has the SKU NOPE.',
      };
    }
    if (input.sku === 'PACK' && quantity % 6 !== 0) {
      return {
        line,
        sku: input.sku,
        quantity,
        status: 'error',
        code: 'QUANTITY_NOT_MULTIPLE',
        message: 'Sold in packs of 6: choose 12 or 18.',
        product: product({ name: 'Binders', sku: 'PACK', packSize: 6, minSellQty: 6 }),
        suggestions: [12, 18],
      };
    }
    return {
      line,
      sku: input.sku,
      quantity,
      status: 'ok',
      product: product({ sku: input.sku }),
      unitPrice: 10,
      lineTotal: 10 * quantity,
    };
  });
  const ok = lines.filter((l) => l.status === 'ok');
  const total = ok.reduce((sum, l) => sum + (l.lineTotal ?? 0), 0);
  const units = ok.reduce((sum, l) => sum + (l.quantity ?? 0), 0);
  return {
    lines,
    totals: {
      lines: ok.length,
      units,
      total,
      sellers: [{ sellerEmail: SELLER, sellerName: null, lines: ok.length, units, total }],
    },
  };
}

function serve() {
  server.use(
    http.get('/api/skus', () => HttpResponse.json([])),
    http.get('/api/sellers', () =>
      HttpResponse.json([{ email: SELLER, companyName: 'Northwind', displayName: 'Nora' }]),
    ),
    http.post('/api/quick-order/preview', async ({ request }) =>
      HttpResponse.json(previewOf((await request.json()) as { lines: { sku: string; quantity: string }[] })),
    ),
    http.post('/api/quick-order', async ({ request }) => {
      const { lines } = (await request.json()) as { lines: { sku: string }[] };
      const result: QuickOrderResult = {
        results: lines.map((line, index) =>
          line.sku === 'NOPE'
            ? {
                line: index + 1,
                sku: line.sku,
                outcome: 'error',
                code: 'SKU_UNKNOWN',
                message: 'No product has the SKU NOPE.',
              }
            : { line: index + 1, sku: line.sku, outcome: 'added', cartItemId: '00000000-0000-4000-8000-00000000000a' },
        ),
      };
      return HttpResponse.json(result);
    }),
  );
}

test('pasted lines are previewed: the header is skipped, problems explained, a suggested pack quantity taken in one click', async () => {
  serve();
  const { user } = renderRoute(<QuickOrderRoute />, { path: '/quick-order' });
  await waitFor(() => expect(document.title).toBe('Quick order | B2B Wholesale Platform'));
  fireEvent.change(screen.getByLabelText('Paste lines'), {
    target: { value: 'SKU\tQuantity\nCP-1\t3\nPACK\t13\nNOPE\t4' },
  });
  await user.click(screen.getByRole('button', { name: 'Preview' }));

  const table = await screen.findByRole('table', { name: 'Quick order preview' });
  expect(within(table).getAllByRole('row')).toHaveLength(4);
  expect(within(table).getByRole('row', { name: /CP-1.*Copy paper.*\$10\.00.*\$30\.00/ })).toBeInTheDocument();
  expect(within(table).getByText('Sold in packs of 6: choose 12 or 18.')).toBeInTheDocument();
  expect(within(table).getByText('No product has the SKU NOPE.')).toBeInTheDocument();
  expect(screen.getByText('1 of 3 lines can be added; 2 need attention.')).toBeInTheDocument();
  // The pasted lines are in the grid now, row by row.
  expect(screen.getByLabelText('Row 2: SKU')).toHaveValue('PACK');
  expect(
    await receivedRequests()
      .find((r) => r.route === 'POST /api/quick-order/preview')
      ?.json(),
  ).toEqual({
    lines: [
      { sku: 'CP-1', quantity: '3' },
      { sku: 'PACK', quantity: '13' },
      { sku: 'NOPE', quantity: '4' },
    ],
  });

  await user.click(within(table).getByRole('button', { name: 'Use 12 on line 2' }));
  await waitFor(() => expect(screen.getByText('2 of 3 lines can be added; 1 needs attention.')).toBeInTheDocument());
  expect(screen.getByLabelText('Row 2: Quantity')).toHaveValue('12');
  expect(screen.getByRole('region', { name: 'Totals' })).toHaveTextContent('$150.00');
});

test('Add to cart sends the lines with an Idempotency-Key and shows one result per line with the way to the cart', async () => {
  serve();
  const { user } = renderRoute(<QuickOrderRoute />, { path: '/quick-order' });
  await user.type(screen.getByLabelText('Row 1: SKU'), 'CP-1');
  await user.type(screen.getByLabelText('Row 1: Quantity'), '2');
  await user.type(screen.getByLabelText('Row 2: SKU'), 'NOPE');
  await user.type(screen.getByLabelText('Row 2: Quantity'), '1');
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  await user.click(await screen.findByRole('button', { name: 'Add to cart' }));

  const results = await screen.findByRole('status', { name: '1 of 2 lines were added to your cart.' });
  expect(results).toHaveTextContent('Line 1: CP-1Added to cart');
  expect(results).toHaveTextContent('Line 2: NOPENot added: No product has the SKU NOPE.');
  expect(within(results).getByRole('link', { name: 'Go to my cart' })).toHaveAttribute('href', `/carts/${BUYER}`);
  const post = receivedRequests().find((r) => r.route === 'POST /api/quick-order');
  expect(post?.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);
  expect(await post?.json()).toEqual({
    lines: [
      { sku: 'CP-1', quantity: '2' },
      { sku: 'NOPE', quantity: '1' },
    ],
  });
});

test('SKU suggestions come from GET /skus as the buyer types', async () => {
  serve();
  server.use(
    http.get('/api/skus', () =>
      HttpResponse.json([
        {
          sku: 'CP-100',
          productId: '00000000-0000-4000-8000-000000000002',
          name: 'Copy paper A4',
          sellerEmail: SELLER,
          packSize: 5,
          minSellQty: 5,
        },
      ]),
    ),
  );
  const { user } = renderRoute(<QuickOrderRoute />, { path: '/quick-order' });
  await user.type(screen.getByLabelText('Row 1: SKU'), 'CP');
  await waitFor(() => expect(document.querySelector('datalist option[value="CP-100"]')).not.toBeNull());
  expect(receivedRequests().find((r) => r.route === 'GET /api/skus')?.query).toEqual({ prefix: 'CP', limit: '10' });
});

test('nothing to preview is said, and nothing is sent', async () => {
  const { user } = renderRoute(<QuickOrderRoute />, { path: '/quick-order' });
  await user.click(screen.getByRole('button', { name: 'Preview' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Paste, type or upload at least one line.');
  expect(receivedRequests().filter((r) => r.path.startsWith('/api/quick-order'))).toEqual([]);
});
