import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { createInvitation } from '@/test/company';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { server } from '@/test/server';
import { InvitationsBanner } from './invitations-banner';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: 'kim@example.com' });
});

test('after sign-in, a pending invitation is announced on any page with a way to the Company page', async () => {
  server.use(
    http.get('/api/invitations', () => HttpResponse.json([createInvitation({ companyName: 'Rahman Restaurants' })])),
  );
  renderRoute(<InvitationsBanner />, { path: '/all-products' });

  const banner = await screen.findByRole('complementary', { name: 'Invitations' });
  expect(banner).toHaveTextContent('Rahman Restaurants invites you to buy with them.');
  expect(screen.getByRole('link', { name: 'See invitation' })).toHaveAttribute('href', '/company');
});

test('nothing shows without invitations, and not on the Company page that lists them', async () => {
  server.use(http.get('/api/invitations', () => HttpResponse.json([createInvitation(), createInvitation()])));
  renderRoute(<InvitationsBanner />, { path: '/company' });
  renderRoute(<InvitationsBanner />, { path: '/all-products' });
  expect(await screen.findByText('2 companies invite you to buy with them.')).toBeInTheDocument();
  expect(screen.getAllByRole('complementary')).toHaveLength(1);
});
