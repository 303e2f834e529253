import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { receivedRequests, server } from '@/test/server';
import { SellerName } from './seller-name';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn();
});

const lookups = () => receivedRequests().filter((r) => r.path === '/api/sellers');

function serveNames() {
  server.use(
    http.get('/api/sellers', ({ request }) => {
      const emails = new URL(request.url).searchParams.getAll('email');
      return HttpResponse.json(
        emails.flatMap((email) =>
          email.startsWith('company')
            ? [{ email, companyName: `Company ${email.slice(7, 9)}`, displayName: 'Someone' }]
            : email.startsWith('named')
              ? [{ email, companyName: '', displayName: `Named ${email.slice(5, 7)}` }]
              : [],
        ),
      );
    }),
  );
}

test('a page of 24 sellers is one request; company name, else display name, else the email', async () => {
  serveNames();
  const emails = Array.from({ length: 24 }, (_, i) => {
    const n = String(i).padStart(2, '0');
    return i % 3 === 0 ? `company${n}@example.com` : i % 3 === 1 ? `named${n}@example.com` : `plain${n}@example.com`;
  });
  renderRoute(
    <ul>
      {emails.map((email) => (
        <li key={email}>
          <SellerName email={email} />
        </li>
      ))}
    </ul>,
  );
  expect(await screen.findByText('Company 00')).toHaveAttribute('title', 'company00@example.com');
  expect(screen.getByText('Named 01')).toBeInTheDocument();
  expect(screen.getByText('plain02@example.com')).toBeInTheDocument();
  expect(lookups()).toHaveLength(1);
});

test('the same seller twice, and again later, is asked for once (cached per email, case-insensitively)', async () => {
  serveNames();
  const { queryClient } = renderRoute(
    <p>
      <SellerName email="company01@example.com" /> and <SellerName email="Company01@Example.com" />
    </p>,
  );
  await waitFor(() => expect(screen.getAllByText('Company 01')).toHaveLength(2));
  expect(lookups()).toHaveLength(1);
  renderRoute(<SellerName email="company01@example.com" />, { queryClient });
  expect(screen.getAllByText('Company 01')).toHaveLength(3);
  expect(lookups()).toHaveLength(1);
});

test('withEmail adds the email after a name; fallbackName stands in when there is no profile', async () => {
  serveNames();
  renderRoute(
    <>
      <p data-testid="named">
        <SellerName email="company05@example.com" withEmail />
      </p>
      <p data-testid="fallback">
        <SellerName email="plain05@example.com" fallbackName="Pat from the order" withEmail />
      </p>
      <p data-testid="bare">
        <SellerName email="plain06@example.com" withEmail />
      </p>
    </>,
  );
  await waitFor(() => expect(screen.getByTestId('named')).toHaveTextContent('Company 05 (company05@example.com)'));
  expect(screen.getByTestId('fallback')).toHaveTextContent('Pat from the order (plain05@example.com)');
  // The email alone is not repeated.
  expect(screen.getByTestId('bare')).toHaveTextContent(/^plain06@example\.com$/);
});

test('nobody signed in: the email shows and nothing is requested', async () => {
  fakeAuth.signOut();
  renderRoute(<SellerName email="company07@example.com" />);
  expect(screen.getByText('company07@example.com')).toBeInTheDocument();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(lookups()).toHaveLength(0);
});
