import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { EmailPreferences, Profile } from '@b2b/shared';
import { AccountError, changePassword, hasPassword, updateAccountProfile } from '@/lib/account';
import type * as AccountModule from '@/lib/account';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { errorResponse, receivedRequests, server } from '@/test/server';
import ProfileRoute from './profile';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
vi.mock('@/lib/account', async (importOriginal) => ({
  ...(await importOriginal<typeof AccountModule>()),
  hasPassword: vi.fn(),
  changePassword: vi.fn(),
  updateAccountProfile: vi.fn(),
}));

const stored: Profile = {
  email: 'ann@example.com',
  displayName: 'Ann Buyer',
  photoURL: '',
  companyName: 'Ann Imports Ltd',
  updatedAt: '2026-01-02T03:04:05.000Z',
};

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: 'ann@example.com', displayName: 'Ann Buyer', photoURL: 'https://example.com/ann.png' });
  vi.mocked(hasPassword).mockReset().mockResolvedValue(true);
  vi.mocked(changePassword).mockReset().mockResolvedValue();
  vi.mocked(updateAccountProfile).mockReset().mockResolvedValue();
});

function renderProfile(profile: Profile = stored) {
  server.use(
    http.get('/api/profile', () => HttpResponse.json(profile)),
    http.put('/api/profile', async ({ request }) => {
      const body = (await request.json()) as Omit<Profile, 'email' | 'updatedAt'>;
      return HttpResponse.json({ ...profile, ...body, updatedAt: new Date().toISOString() });
    }),
    http.get('/api/notifications/preferences', () => HttpResponse.json(preferences)),
    http.put('/api/notifications/preferences', async ({ request }) => {
      preferences = { ...preferences, ...((await request.json()) as Partial<EmailPreferences>) };
      return HttpResponse.json(preferences);
    }),
  );
  return renderRoute(<ProfileRoute />, { path: '/profile' });
}

let preferences: EmailPreferences;
beforeEach(() => {
  preferences = {
    newOrders: true,
    orderUpdates: true,
    cartReminders: true,
    stockAlerts: true,
    imports: true,
    approvals: true,
  };
});

const puts = () => receivedRequests().filter((r) => r.route === 'PUT /api/profile');

test('shows the names, photo and company, prefilled', async () => {
  renderProfile();
  expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
  expect(document.title).toBe('Profile | B2B Wholesale Platform');
  expect(await screen.findByLabelText('Company name')).toHaveValue('Ann Imports Ltd');
  expect(screen.getByLabelText('Display name')).toHaveValue('Ann Buyer');
  expect(screen.getByLabelText('Photo URL')).toHaveValue('https://example.com/ann.png');
});

test('Save sends the profile to the API, then to Firebase, and says so', async () => {
  const { user } = renderProfile();
  const company = await screen.findByLabelText('Company name');
  await user.clear(company);
  await user.type(company, 'Ann & Co Wholesale');
  await user.clear(screen.getByLabelText('Photo URL'));
  await user.type(screen.getByLabelText('Photo URL'), '/images/avatars/default.svg');
  await user.click(screen.getByRole('button', { name: 'Save profile' }));

  expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
  expect(puts()).toHaveLength(1);
  expect(await puts()[0]?.json()).toEqual({
    displayName: 'Ann Buyer',
    photoURL: '/images/avatars/default.svg',
    companyName: 'Ann & Co Wholesale',
  });
  expect(updateAccountProfile).toHaveBeenCalledWith({
    displayName: 'Ann Buyer',
    photoURL: '/images/avatars/default.svg',
  });
});

test.each(['http://example.com/ann.png', '//evil.example/a.png'])(
  'a photo URL product images would refuse (%s) is refused here too, and nothing is saved',
  async (photo) => {
    const { user } = renderProfile();
    const field = await screen.findByLabelText('Photo URL');
    await user.clear(field);
    await user.type(field, photo);
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('Photo URL must be an https URL or a path on this site starting with /.'),
    );
    expect(puts()).toHaveLength(0);
    expect(updateAccountProfile).not.toHaveBeenCalled();
  },
);

test('an API refusal is shown and Firebase is left alone', async () => {
  const { user } = renderProfile();
  server.use(
    http.put('/api/profile', () =>
      errorResponse(400, 'VALIDATION_ERROR', 'companyName: Must be at most 120 characters.', [
        { field: 'companyName', message: 'Must be at most 120 characters.' },
      ]),
    ),
  );
  await screen.findByLabelText('Company name');
  await user.click(screen.getByRole('button', { name: 'Save profile' }));
  expect(await screen.findByText('companyName: Must be at most 120 characters.')).toBeInTheDocument();
  expect(updateAccountProfile).not.toHaveBeenCalled();
});

test('change password: the current password first, then the new one under Register’s rules', async () => {
  const { user } = renderProfile();
  const form = await screen.findByRole('form', { name: 'Change password' });
  await user.type(within(form).getByLabelText('Current password'), 'Old#pass2026');
  await user.type(within(form).getByLabelText('New password'), 'weakpass');
  await user.type(within(form).getByLabelText('Confirm new password'), 'weakpass');
  await user.click(within(form).getByRole('button', { name: 'Change password' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent(
    'Password must contain at least one uppercase letter.',
  );
  expect(changePassword).not.toHaveBeenCalled();

  await user.clear(within(form).getByLabelText('New password'));
  await user.type(within(form).getByLabelText('New password'), 'New#pass2026');
  await user.clear(within(form).getByLabelText('Confirm new password'));
  await user.type(within(form).getByLabelText('Confirm new password'), 'New#pass2026');
  await user.click(within(form).getByRole('button', { name: 'Change password' }));

  expect(changePassword).toHaveBeenCalledWith('Old#pass2026', 'New#pass2026');
  expect(await screen.findByText('Your password has been changed.')).toBeInTheDocument();
  await waitFor(() => expect(within(form).getByLabelText('Current password')).toHaveValue(''));
});

test('a wrong current password is said and the form stays', async () => {
  vi.mocked(changePassword).mockRejectedValue(
    new AccountError('auth/invalid-credential', 'The current password is not correct.'),
  );
  const { user } = renderProfile();
  const form = await screen.findByRole('form', { name: 'Change password' });
  await user.type(within(form).getByLabelText('Current password'), 'wrong');
  await user.type(within(form).getByLabelText('New password'), 'New#pass2026');
  await user.type(within(form).getByLabelText('Confirm new password'), 'New#pass2026');
  await user.click(within(form).getByRole('button', { name: 'Change password' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('The current password is not correct.');
});

test('a Google-only account is told why there is no password to change', async () => {
  vi.mocked(hasPassword).mockResolvedValue(false);
  renderProfile();
  expect(await screen.findByText(/You sign in with Google, so this account has no password here/)).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument();
});

test('email preferences: every topic starts on; switching one off saves it at once', async () => {
  const { user } = renderProfile();
  const orderUpdates = await screen.findByRole('checkbox', { name: /My order updates/ });
  expect(screen.getAllByRole('checkbox')).toHaveLength(6);
  expect(orderUpdates).toBeChecked();
  await user.click(orderUpdates);
  await waitFor(() =>
    expect(receivedRequests().filter((r) => r.route === 'PUT /api/notifications/preferences')).toHaveLength(1),
  );
  const [put] = receivedRequests().filter((r) => r.route === 'PUT /api/notifications/preferences');
  expect(await put?.json()).toEqual({ orderUpdates: false });
  await waitFor(() => expect(screen.getByRole('checkbox', { name: /My order updates/ })).not.toBeChecked());
  expect(screen.getByRole('checkbox', { name: /New orders/ })).toBeChecked();
});

test('without a company, the billing details are kept here: what invoices need, then saved as typed', async () => {
  let saved: unknown;
  let attempts = 0;
  server.use(
    http.put('/api/billing', async ({ request }) => {
      saved = await request.json();
      // The first attempt is refused: the form says why and keeps what was typed.
      if ((attempts += 1) === 1) return errorResponse(400, 'VALIDATION_ERROR', 'Enter the billing address.');
      return HttpResponse.json({
        ...(saved as object),
        companyName: null,
        missing: [],
        updatedAt: '2026-11-29T10:00:00.000Z',
      });
    }),
  );
  const { user } = renderProfile();
  const form = await screen.findByRole('form', { name: 'Billing details' });
  expect(within(form).getByText('Invoices need the legal name and the billing address.')).toBeInTheDocument();
  await user.type(within(form).getByLabelText('Legal name'), 'রহমান ট্রেডার্স');
  await user.type(within(form).getByLabelText('Billing address'), '12 Agrabad{Enter}Chattogram');
  await user.clear(within(form).getByLabelText(/^Default tax rate, %/));
  await user.type(within(form).getByLabelText(/^Default tax rate, %/), '7.5');
  // The numbers: the seller's own prefix (saved in capitals), without the year.
  expect(within(form).getByText(/Numbers look like/)).toHaveTextContent(
    `Numbers look like INV-${new Date().getFullYear()}-000001 and never skip or repeat.`,
  );
  await user.clear(within(form).getByLabelText('Invoice prefix'));
  await user.type(within(form).getByLabelText('Invoice prefix'), 'rc');
  await user.click(within(form).getByLabelText(/Put the year in the number/));
  expect(within(form).getByText(/Numbers look like/)).toHaveTextContent('Numbers look like RC-000001');
  await user.click(within(form).getByRole('button', { name: 'Save billing details' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('Enter the billing address.');
  expect(within(form).getByLabelText('Legal name')).toHaveValue('রহমান ট্রেডার্স');
  await user.click(within(form).getByRole('button', { name: 'Save billing details' }));
  await waitFor(() => expect(screen.queryByText(/Invoices need/)).not.toBeInTheDocument());
  expect(saved).toEqual({
    legalName: 'রহমান ট্রেডার্স',
    address: '12 Agrabad\nChattogram',
    taxId: '',
    defaultTaxRate: 7.5,
    invoiceFooter: '',
    invoicePrefix: 'RC',
    creditNotePrefix: 'CN',
    numberWithYear: false,
  });
});
