import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { ListSummary } from '@b2b/shared';
import { confirmDialog, promptDialog } from '@/components/ui/dialogs';
import { createCompany } from '@/test/company';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { receivedRequests, receivedRoutes, server } from '@/test/server';
import ListsRoute from './lists';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
vi.mock('@/components/ui/dialogs', () => ({ showAlert: vi.fn(), confirmDialog: vi.fn(), promptDialog: vi.fn() }));

const ID = '00000000-0000-4000-8000-0000000000a1';
const buildSummary = (overrides: Partial<ListSummary> = {}): ListSummary => ({
  _id: ID,
  name: 'Weekly kitchen restock',
  lineCount: 3,
  shared: false,
  ownerEmail: 'ann@example.com',
  canEdit: true,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-02T10:00:00.000Z',
  ...overrides,
});

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: 'ann@example.com' });
  vi.mocked(confirmDialog).mockReset();
  vi.mocked(promptDialog).mockReset();
});

/** Serves the lists, changed by create, rename and delete as the server would. */
function serveLists(initial: ListSummary[]) {
  let lists = [...initial];
  server.use(
    http.get('/api/lists', () => HttpResponse.json(lists)),
    http.post('/api/lists', async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      const list = buildSummary({ _id: '00000000-0000-4000-8000-0000000000b2', name, lineCount: 0 });
      lists = [list, ...lists];
      return HttpResponse.json({ ...list, lines: [] }, { status: 201 });
    }),
    http.patch('/api/lists/:id', async ({ request, params }) => {
      const { name } = (await request.json()) as { name: string };
      lists = lists.map((list) => (list._id === params.id ? { ...list, name } : list));
      return HttpResponse.json({ ...lists.find((list) => list._id === params.id), lines: [] });
    }),
    http.delete('/api/lists/:id', ({ params }) => {
      lists = lists.filter((list) => list._id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  );
}

test('shows the lists with their line counts and links; an empty page says how to make one', async () => {
  serveLists([buildSummary()]);
  renderRoute(<ListsRoute />, { path: '/lists' });
  const lists = await screen.findByRole('list', { name: 'My lists' });
  expect(within(lists).getByRole('link', { name: 'Weekly kitchen restock' })).toHaveAttribute('href', `/lists/${ID}`);
  expect(lists).toHaveTextContent('3 lines');
  await waitFor(() => expect(document.title).toBe('Lists | B2B Wholesale Platform'));
});

test('a list is created with a name; an empty name is refused before anything is sent', async () => {
  serveLists([]);
  const { user } = renderRoute(<ListsRoute />, { path: '/lists' });
  expect(await screen.findByText('You have no saved lists yet.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Create list' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Name the list.');
  expect(receivedRoutes()).not.toContain('POST /api/lists');

  await user.type(screen.getByLabelText('Name of a new list'), 'Office supplies');
  await user.click(screen.getByRole('button', { name: 'Create list' }));
  expect(await screen.findByText('List “Office supplies” created.')).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Office supplies' })).toBeInTheDocument();
  expect(
    await receivedRequests()
      .find((r) => r.route === 'POST /api/lists')
      ?.json(),
  ).toEqual({
    name: 'Office supplies',
  });
});

test('rename asks for the new name; delete asks first and removes the list', async () => {
  serveLists([buildSummary()]);
  const { user } = renderRoute(<ListsRoute />, { path: '/lists' });
  vi.mocked(promptDialog).mockResolvedValueOnce('Kitchen, weekly');
  await user.click(await screen.findByRole('button', { name: 'Rename Weekly kitchen restock' }));
  expect(await screen.findByRole('link', { name: 'Kitchen, weekly' })).toBeInTheDocument();

  vi.mocked(confirmDialog).mockResolvedValueOnce(false);
  await user.click(screen.getByRole('button', { name: 'Delete Kitchen, weekly' }));
  expect(confirmDialog).toHaveBeenCalledWith(
    expect.objectContaining({ danger: true, title: 'Delete “Kitchen, weekly”?' }),
  );
  expect(receivedRoutes()).not.toContain(`DELETE /api/lists/${ID}`);

  vi.mocked(confirmDialog).mockResolvedValueOnce(true);
  await user.click(screen.getByRole('button', { name: 'Delete Kitchen, weekly' }));
  expect(await screen.findByText('You have no saved lists yet.')).toBeInTheDocument();
  expect(receivedRoutes()).toContain(`DELETE /api/lists/${ID}`);
});

test("a colleague's shared list shows its owner and the company badge, without Rename or Delete", async () => {
  server.use(http.get('/api/companies/mine', () => HttpResponse.json({ company: createCompany({ role: 'buyer' }) })));
  serveLists([
    buildSummary({ shared: true }),
    buildSummary({
      _id: '00000000-0000-4000-8000-0000000000a2',
      name: 'Bar stock',
      shared: true,
      ownerEmail: 'kim@example.com',
      canEdit: false,
    }),
  ]);
  renderRoute(<ListsRoute />, { path: '/lists' });
  const rows = within(await screen.findByRole('list', { name: 'My lists' })).getAllByRole('listitem');
  await waitFor(() => expect(rows[0]).toHaveTextContent('Shared with Rahman Restaurants'));
  expect(within(rows[0]!).getByRole('button', { name: 'Rename Weekly kitchen restock' })).toBeInTheDocument();
  expect(rows[1]).toHaveTextContent('by kim@example.com');
  expect(rows[1]).toHaveTextContent('Shared with Rahman Restaurants');
  expect(within(rows[1]!).queryByRole('button')).not.toBeInTheDocument();
});
