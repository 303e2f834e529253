import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import toast from 'react-hot-toast';
import { beforeEach, expect, test, vi } from 'vitest';
import { promptDialog, showAlert } from '@/components/ui/dialogs';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { errorResponse, receivedRequests, receivedRoutes, server } from '@/test/server';
import { AddToList } from './add-to-list';
import { SaveAsList } from './save-as-list';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
vi.mock('@/components/ui/dialogs', () => ({ showAlert: vi.fn(), confirmDialog: vi.fn(), promptDialog: vi.fn() }));

const LIST = '00000000-0000-4000-8000-0000000000a1';
const ORDER = '00000000-0000-4000-8000-0000000000c3';
const PRODUCT = '00000000-0000-4000-8000-000000000001';
const savedList = (name: string) => ({
  _id: LIST,
  name,
  lineCount: 0,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  lines: [],
});

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: 'ann@example.com' });
  vi.mocked(promptDialog).mockReset();
  vi.mocked(showAlert).mockReset();
  toast.remove();
});

test('Save cart as list asks for a name, saves the cart and leads to the new list', async () => {
  server.use(
    http.post('/api/lists/from-cart', async ({ request }) =>
      HttpResponse.json(savedList(((await request.json()) as { name: string }).name), { status: 201 }),
    ),
  );
  const { user, router } = renderRoute(
    <SaveAsList source={{ from: 'cart' }} label="Save cart as list" suggestedName="e.g. Weekly" />,
  );
  vi.mocked(promptDialog).mockResolvedValueOnce(null);
  await user.click(screen.getByRole('button', { name: 'Save cart as list' }));
  expect(receivedRoutes()).not.toContain('POST /api/lists/from-cart');

  vi.mocked(promptDialog).mockResolvedValueOnce('Weekly restock');
  await user.click(screen.getByRole('button', { name: 'Save cart as list' }));
  expect(await screen.findByText(/Saved as “Weekly restock”/)).toBeInTheDocument();
  expect(
    await receivedRequests()
      .find((r) => r.route === 'POST /api/lists/from-cart')
      ?.json(),
  ).toEqual({
    name: 'Weekly restock',
  });
  await user.click(screen.getByRole('button', { name: 'Open the list' }));
  expect(router.state.location.pathname).toBe(`/lists/${LIST}`);
});

test('Save as list on an order posts to from-order; a refusal is explained', async () => {
  server.use(http.post(`/api/lists/from-order/${ORDER}`, () => errorResponse(404, 'NOT_FOUND', 'Order not found.')));
  const { user } = renderRoute(
    <SaveAsList source={{ from: 'order', orderId: ORDER }} label="Save as list" suggestedName="Order B2B-000042" />,
  );
  vi.mocked(promptDialog).mockResolvedValueOnce('From B2B-000042');
  await user.click(screen.getByRole('button', { name: 'Save as list' }));
  await vi.waitFor(() =>
    expect(showAlert).toHaveBeenCalledWith({
      icon: 'error',
      title: 'The list was not saved',
      text: 'Order not found.',
    }),
  );
});

test('Add to list puts the product in an existing list, or in a new one named there', async () => {
  server.use(
    http.get('/api/lists', () => HttpResponse.json([{ ...savedList('Kitchen'), lines: undefined }])),
    http.post('/api/lists', () => HttpResponse.json(savedList('Office'), { status: 201 })),
    http.put(`/api/lists/${LIST}/lines/${PRODUCT}`, () => HttpResponse.json(savedList('Kitchen'))),
  );
  const { user } = renderRoute(<AddToList product={{ _id: PRODUCT, name: 'Copy paper', minSellQty: 6 }} />);
  await user.click(screen.getByRole('button', { name: 'Add to list' }));
  const form = screen.getByRole('form', { name: 'Add to list' });
  expect(await screen.findByRole('option', { name: 'Kitchen' })).toBeInTheDocument();
  expect(screen.getByLabelText('Quantity')).toHaveValue(6);
  await user.click(screen.getByRole('button', { name: 'Save to list' }));
  expect(await screen.findByText('“Copy paper” is in the list “Kitchen”.')).toBeInTheDocument();
  expect(
    await receivedRequests()
      .find((r) => r.method === 'PUT')
      ?.json(),
  ).toEqual({ quantity: 6 });
  expect(form).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Add to list' }));
  await user.selectOptions(await screen.findByLabelText('List'), 'New list…');
  await user.click(screen.getByRole('button', { name: 'Save to list' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Name the list.');
  await user.type(screen.getByLabelText('Name of the new list'), 'Office');
  await user.click(screen.getByRole('button', { name: 'Save to list' }));
  await vi.waitFor(() => expect(receivedRoutes().filter((r) => r === 'POST /api/lists')).toHaveLength(1));
  expect(
    await receivedRequests()
      .find((r) => r.route === 'POST /api/lists')
      ?.json(),
  ).toEqual({ name: 'Office' });
});
