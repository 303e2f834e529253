import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { CompanyAddress, CompanyDetail, Invitation } from '@b2b/shared';
import { testUuid } from '@b2b/shared/testing';
import { confirmDialog, showAlert } from '@/components/ui/dialogs';
import { createCompany, createInvitation, createMember } from '@/test/company';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { errorResponse, receivedRequests, receivedRoutes, server } from '@/test/server';
import CompanyRoute from './company';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
vi.mock('@/components/ui/dialogs', () => ({ showAlert: vi.fn(), confirmDialog: vi.fn(), promptDialog: vi.fn() }));

const ME = 'owner@example.com';

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ uid: 'owner-uid', email: ME, displayName: 'Olivia Owner' });
  vi.mocked(confirmDialog).mockReset();
  vi.mocked(showAlert).mockReset();
});

/** Serves the company (null: none), the caller's invitations and the address book. */
function serve({
  company = null,
  invitations = [],
  addresses = [],
}: { company?: CompanyDetail | null; invitations?: Invitation[]; addresses?: CompanyAddress[] } = {}) {
  const state = { company, invitations, addresses };
  server.use(
    http.get('/api/companies/mine', () => HttpResponse.json({ company: state.company })),
    http.get('/api/invitations', () => HttpResponse.json(state.invitations)),
    http.get('/api/companies/current/addresses', () => HttpResponse.json(state.addresses)),
  );
  return state;
}

const renderCompany = () => renderRoute(<CompanyRoute />, { path: '/company' });

test('without a company: an empty name is refused before sending; a name creates it and shows its admin', async () => {
  const state = serve();
  server.use(
    http.post('/api/companies', async ({ request }) => {
      const { name } = (await request.json()) as { name: string };
      state.company = createCompany({
        name,
        members: [createMember({ uid: 'owner-uid', email: ME, name: 'Olivia Owner', role: 'admin' })],
      });
      return HttpResponse.json(state.company, { status: 201 });
    }),
  );
  const { user } = renderCompany();

  expect(await screen.findByRole('heading', { level: 1, name: 'Company' })).toBeInTheDocument();
  expect(document.title).toBe('Company | B2B Wholesale Platform');
  await user.click(screen.getByRole('button', { name: 'Create company' }));
  expect(await screen.findByText('Name the company.')).toBeInTheDocument();
  expect(screen.getByLabelText('Company name')).toHaveAttribute('aria-invalid', 'true');
  expect(receivedRoutes()).not.toContain('POST /api/companies');

  await user.type(screen.getByLabelText('Company name'), '  Rahman Restaurants ');
  await user.click(screen.getByRole('button', { name: 'Create company' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Rahman Restaurants' })).toBeInTheDocument();
  const post = receivedRequests().find((r) => r.route === 'POST /api/companies');
  expect(await post?.json()).toEqual({ name: 'Rahman Restaurants' });
  expect(screen.getByText(/You are an admin here/)).toHaveTextContent('your spending limit: No limit.');
  const members = screen.getByRole('region', { name: /Members/ });
  expect(within(members).getByText('Olivia Owner (you)')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Approvals' })).toHaveAttribute('href', '/approvals');
});

test('an invitation can be accepted (the page becomes the company) or declined after confirming', async () => {
  const invitation = createInvitation({ companyName: 'Rahman Restaurants', role: 'buyer', spendingLimit: 500 });
  const other = createInvitation({ companyName: 'Karnaphuli Hotels', role: 'approver', spendingLimit: null });
  const state = serve({ invitations: [invitation, other] });
  server.use(
    http.post(`/api/invitations/${other._id}/decline`, () => {
      state.invitations = state.invitations.filter((i) => i._id !== other._id);
      return new HttpResponse(null, { status: 204 });
    }),
    http.post(`/api/invitations/${invitation._id}/accept`, () => {
      state.invitations = [];
      state.company = createCompany({
        role: 'buyer',
        spendingLimit: 500,
        members: [createMember({ email: ME, role: 'buyer', spendingLimit: 500 })],
      });
      return HttpResponse.json(state.company);
    }),
  );
  const { user } = renderCompany();

  const invited = await screen.findByRole('region', { name: 'You have 2 invitations' });
  expect(within(invited).getByText('Rahman Restaurants')).toBeInTheDocument();
  expect(invited).toHaveTextContent('As buyer, spending limit $500.00; from owner@example.com.');
  expect(invited).toHaveTextContent('As approver, no spending limit; from');

  vi.mocked(confirmDialog).mockResolvedValueOnce(true);
  await user.click(within(invited).getByRole('button', { name: 'Decline the invitation to Karnaphuli Hotels' }));
  expect(await screen.findByRole('region', { name: 'You are invited' })).toBeInTheDocument();
  expect(confirmDialog).toHaveBeenCalledWith(
    expect.objectContaining({ title: 'Decline the invitation to Karnaphuli Hotels?' }),
  );

  await user.click(screen.getByRole('button', { name: 'Accept the invitation to Rahman Restaurants' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Rahman Restaurants' })).toBeInTheDocument();
  expect(screen.getByText(/You are a buyer here/)).toHaveTextContent('your spending limit: $500.00.');
  expect(screen.queryByRole('region', { name: /invit/i })).not.toBeInTheDocument();
  // A buyer neither invites nor edits; Approvals is not offered.
  expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Approvals' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Leave company' })).toBeInTheDocument();
});

test('an admin changes a member’s role and limit; a bad limit is refused before sending', async () => {
  const buyer = createMember({ uid: 'kim-uid', email: 'kim@example.com', name: 'Kim Buyer', spendingLimit: 500 });
  const state = serve({
    company: createCompany({ members: [createMember({ uid: 'owner-uid', email: ME, role: 'admin' }), buyer] }),
  });
  server.use(
    http.patch('/api/companies/current/members/kim-uid', async ({ request }) => {
      const change = (await request.json()) as { role: 'approver'; spendingLimit: number | null };
      const updated = { ...buyer, ...change };
      state.company = { ...state.company!, members: [state.company!.members[0]!, updated] };
      return HttpResponse.json(updated);
    }),
  );
  const { user } = renderCompany();

  const members = await screen.findByRole('region', { name: 'Members (2)' });
  expect(members).toHaveTextContent('Kim Buyerkim@example.comBuyerLimit: $500.00');
  await user.click(within(members).getByRole('button', { name: 'Edit Kim Buyer' }));
  const form = within(members).getByRole('form', { name: 'Edit Kim Buyer' });
  await user.selectOptions(within(form).getByLabelText('Role'), 'approver');
  const limit = within(form).getByLabelText('Spending limit');
  await user.clear(limit);
  await user.type(limit, '-5');
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  expect(await within(form).findByText('Spending limit cannot be negative.')).toBeInTheDocument();
  expect(receivedRoutes().some((route) => route.startsWith('PATCH'))).toBe(false);

  await user.clear(limit);
  await user.click(within(form).getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(members).toHaveTextContent('Kim Buyerkim@example.comApproverLimit: No limit'));
  const patch = receivedRequests().find((r) => r.method === 'PATCH');
  expect(await patch?.json()).toEqual({ role: 'approver', spendingLimit: null });
});

test('removing the last admin (leaving) shows the server’s reason; removing a member asks first', async () => {
  const kim = createMember({ uid: 'kim-uid', email: 'kim@example.com', name: 'Kim Buyer' });
  const state = serve({
    company: createCompany({ members: [createMember({ uid: 'owner-uid', email: ME, role: 'admin' }), kim] }),
  });
  server.use(
    http.delete('/api/companies/current/members/owner-uid', () =>
      errorResponse(409, 'LAST_ADMIN', 'A company keeps at least one admin: make someone else admin first.'),
    ),
    http.delete('/api/companies/current/members/kim-uid', () => {
      state.company = { ...state.company!, members: state.company!.members.filter((m) => m.uid !== 'kim-uid') };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const { user } = renderCompany();

  await screen.findByRole('region', { name: 'Members (2)' });
  vi.mocked(confirmDialog).mockResolvedValueOnce(false);
  await user.click(screen.getByRole('button', { name: 'Remove Kim Buyer' }));
  expect(confirmDialog).toHaveBeenCalledWith(expect.objectContaining({ title: 'Remove Kim Buyer?', danger: true }));
  expect(receivedRoutes().some((route) => route.startsWith('DELETE'))).toBe(false);

  vi.mocked(confirmDialog).mockResolvedValueOnce(true);
  await user.click(screen.getByRole('button', { name: 'Leave company' }));
  await waitFor(() =>
    expect(showAlert).toHaveBeenCalledWith({
      icon: 'error',
      title: 'You are still a member',
      text: 'A company keeps at least one admin: make someone else admin first.',
    }),
  );

  vi.mocked(confirmDialog).mockResolvedValueOnce(true);
  await user.click(screen.getByRole('button', { name: 'Remove Kim Buyer' }));
  expect(await screen.findByRole('region', { name: 'Members (1)' })).toBeInTheDocument();
});

test('an admin invites with an email, role and limit, and revokes a pending invitation', async () => {
  const pending = createInvitation({ email: 'old@example.com', role: 'approver', spendingLimit: null });
  const state = serve({
    company: createCompany({ members: [createMember({ email: ME, role: 'admin' })], invitations: [pending] }),
  });
  server.use(
    http.post('/api/companies/current/invitations', async ({ request }) => {
      const body = (await request.json()) as Pick<Invitation, 'email' | 'role' | 'spendingLimit'>;
      const invitation = createInvitation(body);
      state.company = { ...state.company!, invitations: [...state.company!.invitations, invitation] };
      return HttpResponse.json(invitation, { status: 201 });
    }),
    http.delete(`/api/companies/current/invitations/${pending._id}`, () => {
      state.company = { ...state.company!, invitations: state.company!.invitations.filter((i) => i !== pending) };
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const { user } = renderCompany();

  const invite = await screen.findByRole('region', { name: 'Invite a colleague' });
  await user.type(within(invite).getByLabelText('Email'), 'not-an-email');
  await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
  expect(await within(invite).findByText('Enter a valid email address.')).toBeInTheDocument();

  await user.clear(within(invite).getByLabelText('Email'));
  await user.type(within(invite).getByLabelText('Email'), 'Kim@Example.com');
  await user.type(within(invite).getByLabelText('Spending limit'), '500');
  await user.click(within(invite).getByRole('button', { name: 'Send invitation' }));
  const list = await screen.findByRole('region', { name: 'Pending invitations (2)' });
  expect(within(list).getByText('kim@example.com')).toBeInTheDocument();
  const post = receivedRequests().find((r) => r.route === 'POST /api/companies/current/invitations');
  expect(await post?.json()).toEqual({ email: 'kim@example.com', role: 'buyer', spendingLimit: 500 });
  expect(within(invite).getByLabelText('Email')).toHaveValue('');

  vi.mocked(confirmDialog).mockResolvedValueOnce(true);
  await user.click(within(list).getByRole('button', { name: 'Revoke the invitation to old@example.com' }));
  expect(await screen.findByRole('region', { name: 'Pending invitations (1)' })).toBeInTheDocument();
});

test('the address book: an admin adds an address (required fields checked first), members only read it', async () => {
  const state = serve({ company: createCompany({ members: [createMember({ email: ME, role: 'admin' })] }) });
  server.use(
    http.post('/api/companies/current/addresses', async ({ request }) => {
      const body = (await request.json()) as Omit<CompanyAddress, '_id' | 'createdAt' | 'updatedAt'>;
      const saved = { ...body, _id: testUuid('ad000000', 1), createdAt: '2026-11-20T09:00:00.000Z' };
      state.addresses = [{ ...saved, updatedAt: saved.createdAt }];
      return HttpResponse.json(state.addresses[0], { status: 201 });
    }),
  );
  const { user } = renderCompany();

  const book = await screen.findByRole('region', { name: 'Address book' });
  expect(await within(book).findByText(/No addresses yet/)).toBeInTheDocument();
  await user.click(within(book).getByRole('button', { name: 'Add address' }));
  const form = within(book).getByRole('form', { name: 'New address' });
  await user.type(within(form).getByLabelText('Label'), 'Main kitchen');
  await user.click(within(form).getByRole('button', { name: 'Save address' }));
  expect(await within(form).findByText('Name is required.')).toBeInTheDocument();
  expect(receivedRoutes()).not.toContain('POST /api/companies/current/addresses');

  await user.type(within(form).getByLabelText('Recipient'), 'Rahman Restaurants');
  await user.type(within(form).getByLabelText('Address line 1'), '12 Agrabad Road');
  await user.type(within(form).getByLabelText('City'), 'Chattogram');
  await user.type(within(form).getByLabelText('Country'), 'Bangladesh');
  await user.click(within(form).getByRole('button', { name: 'Save address' }));
  const card = await within(book).findByRole('article', { name: 'Main kitchen' });
  expect(card).toHaveTextContent('12 Agrabad Road');
  expect(within(card).getByRole('button', { name: 'Remove Main kitchen' })).toBeInTheDocument();
});

test('the company’s billing details are its admin’s to keep; other members do not see them', async () => {
  serve({ company: createCompany({ members: [createMember({ email: ME, role: 'admin' })] }) });
  const view = renderCompany();
  const form = await screen.findByRole('form', { name: 'Billing details' });
  expect(within(form).getByText('Invoices need the legal name and the billing address.')).toBeInTheDocument();
  view.unmount();

  serve({ company: createCompany({ role: 'sales', members: [createMember({ email: ME, role: 'sales' })] }) });
  renderCompany();
  expect(await screen.findByRole('region', { name: 'Address book' })).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Billing details' })).not.toBeInTheDocument();
  expect(receivedRoutes().filter((route) => route === 'GET /api/billing')).toHaveLength(1);
});

test('a failing company request shows the error with Retry', async () => {
  server.use(
    http.get('/api/companies/mine', () => errorResponse(500, 'INTERNAL', 'Something went wrong on our side.')),
  );
  renderCompany();
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
  expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
});
