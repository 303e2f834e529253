import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { Notification } from '@b2b/shared';
import { fakeAuth } from '@/test/fake-auth';
import { createNotification } from '@/test/factories';
import { renderRoute } from '@/test/render';
import { errorResponse, pageResponse, receivedRequests, server } from '@/test/server';
import InboxRoute from './inbox';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: 'north@example.com' });
});

/** The API's inbox: `stored` newest first; POST /notifications/read marks them as the API would. */
function renderInbox(notifications: Notification[], { failRead = false } = {}) {
  let stored = notifications;
  const unread = () => stored.filter((n) => !n.read).length;
  server.use(
    http.get('/api/notifications', ({ request }) => {
      const unreadOnly = new URL(request.url).searchParams.get('unread') === 'true';
      return pageResponse(unreadOnly ? stored.filter((n) => !n.read) : stored);
    }),
    http.get('/api/notifications/unread-count', () => HttpResponse.json({ unread: unread() })),
    http.post('/api/notifications/read', async ({ request }) => {
      if (failRead) return errorResponse(503, 'DB_UNAVAILABLE', 'The inbox is resting; try again.');
      const body = (await request.json()) as { ids?: string[]; all?: true };
      const before = unread();
      stored = stored.map((n) => (body.all || body.ids?.includes(n._id) ? { ...n, read: true } : n));
      return HttpResponse.json({ acknowledged: true, updated: before - unread(), unread: unread() });
    }),
  );
  return renderRoute(<InboxRoute />, { path: '/inbox', url: '/inbox' });
}

const readRequests = () => receivedRequests().filter((r) => r.route === 'POST /api/notifications/read');

test('lists the notifications newest first, unread ones marked, each a link to what it is about', async () => {
  const order = createNotification({ title: 'New order B2B-000042', link: '/orders/abc' });
  const imported = createNotification({
    kind: 'import_finished',
    title: 'Your catalogue import is done',
    link: '/import/xyz',
    read: true,
  });
  renderInbox([order, imported]);
  expect(screen.getByRole('heading', { level: 1, name: 'Inbox' })).toBeInTheDocument();
  expect(document.title).toBe('Inbox | B2B Wholesale Platform');
  const list = await screen.findByRole('list', { name: 'Notifications' });
  const items = within(list).getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(items[0]).toHaveTextContent('New, unread');
  expect(items[0]).toHaveTextContent('New order');
  expect(within(items[0] as HTMLElement).getByRole('link', { name: 'New order B2B-000042' })).toHaveAttribute(
    'href',
    '/orders/abc',
  );
  // A read one has no badge and nothing to mark.
  expect(items[1]).not.toHaveTextContent('unread');
  expect(items[1]).toHaveTextContent('Import');
  expect(within(items[1] as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
});

test('Mark read marks one; Mark all read marks the rest and is then disabled', async () => {
  const user = userEvent.setup();
  const first = createNotification({ title: 'New order B2B-000001' });
  const second = createNotification({ title: 'New order B2B-000002' });
  renderInbox([first, second]);
  await user.click(await screen.findByRole('button', { name: 'Mark read: New order B2B-000001' }));
  await waitFor(() =>
    expect(screen.queryByRole('button', { name: 'Mark read: New order B2B-000001' })).not.toBeInTheDocument(),
  );
  expect(await readRequests()[0]?.json()).toEqual({ ids: [first._id] });

  await user.click(screen.getByRole('button', { name: 'Mark all read' }));
  await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled());
  expect(await readRequests()[1]?.json()).toEqual({ all: true });
  expect(screen.queryByText(/unread/)).not.toBeInTheDocument();
});

test('Unread shows only the unread ones, and says so when there are none', async () => {
  const user = userEvent.setup();
  renderInbox([createNotification({ title: 'Still new' }), createNotification({ title: 'Seen', read: true })]);
  await screen.findByRole('link', { name: 'Seen' });
  await user.click(screen.getByRole('button', { name: 'Unread' }));
  expect(screen.getByRole('button', { name: 'Unread' })).toHaveAttribute('aria-pressed', 'true');
  await waitFor(() => expect(screen.queryByRole('link', { name: 'Seen' })).not.toBeInTheDocument());
  expect(screen.getByRole('link', { name: 'Still new' })).toBeInTheDocument();
  expect(receivedRequests().some((r) => r.path === '/api/notifications' && r.query.unread === 'true')).toBe(true);

  await user.click(screen.getByRole('button', { name: 'Mark all read' }));
  expect(await screen.findByText('Nothing unread.')).toBeInTheDocument();
});

test('an empty inbox says what will arrive and has nothing to mark', async () => {
  renderInbox([]);
  expect(
    await screen.findByText('No notifications yet. New orders, order updates and reminders arrive here.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
});

test('a mark that fails shows the API’s message and keeps the notification unread', async () => {
  const user = userEvent.setup();
  renderInbox([createNotification({ title: 'Stays new' })], { failRead: true });
  await user.click(await screen.findByRole('button', { name: 'Mark read: Stays new' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The inbox is resting; try again.');
  expect(screen.getByRole('button', { name: 'Mark read: Stays new' })).toBeInTheDocument();
});
