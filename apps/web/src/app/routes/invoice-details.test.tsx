import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { totalsOf, type Invoice } from '@b2b/shared';
import { buildShipTo } from '@b2b/shared/testing';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { errorResponse, receivedRequests, server } from '@/test/server';
import InvoiceDetailsRoute from './invoice-details';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

const ID = '00000000-0000-4000-8000-00000000e001';
const CUP = '00000000-0000-4000-8000-0000000000a1';
const lines = [
  {
    position: 1,
    productId: CUP,
    sku: 'CUP-1',
    name: 'Tea cup',
    quantity: 3,
    unitPrice: 10.1,
    taxRate: 7.5,
    net: 30.3,
    tax: 2.27,
  },
];
const invoice: Invoice = {
  _id: ID,
  number: 'INV-2026-000007',
  orderId: '00000000-0000-4000-8000-0000000000b1',
  orderNumber: 'B2B-000042',
  status: 'issued',
  issuedAt: '2026-11-29T10:00:00.000Z',
  sellerName: 'Rahman Cookware Ltd.',
  buyerName: 'আমান বস্ত্র',
  gross: 32.57,
  credited: 0,
  paid: 0,
  dueDate: '2026-12-29',
  paymentStatus: 'open',
  snapshot: {
    currency: 'USD',
    orderNumber: 'B2B-000042',
    poNumber: 'PO-7781',
    placedAt: '2026-11-28T10:00:00.000Z',
    seller: { legalName: 'Rahman Cookware Ltd.', address: 'Chattogram', taxId: 'BIN 1', email: 's@example.com' },
    buyer: { legalName: 'আমান বস্ত্র', address: 'Dhaka 1207', taxId: '', email: 'ann@example.com' },
    shipTo: buildShipTo({ name: 'Dock 4' }),
    lines,
    totals: totalsOf(lines.map((l) => ({ lineTotal: l.net, taxRate: l.taxRate }))),
    footer: 'Pay within 30 days.',
    paymentTerms: null,
    dueDate: null,
  },
  creditNotes: [],
  canCredit: true,
};

beforeEach(() => fakeAuth.reset());

function renderInvoice(served: Invoice) {
  server.use(http.get(`/api/invoices/${ID}`, () => HttpResponse.json(served)));
  return renderRoute(<InvoiceDetailsRoute />, { path: '/invoices/:id', url: `/invoices/${ID}` });
}

test('the invoice as issued: parties, lines, tax per rate, total due, the payment text', async () => {
  fakeAuth.signIn({ email: 'ann@example.com' });
  renderInvoice({ ...invoice, canCredit: false });
  expect(await screen.findByRole('heading', { level: 1, name: /Invoice INV-2026-000007/ })).toHaveTextContent('Issued');
  expect(screen.getByText('আমান বস্ত্র')).toBeInTheDocument();
  const table = screen.getByRole('table', { name: 'Lines of invoice INV-2026-000007' });
  expect(within(table).getByRole('row', { name: /Tea cup.*3.*\$10\.10.*7\.5%.*\$30\.30/ })).toBeInTheDocument();
  expect(screen.getByText('Tax 7.5% on $30.30')).toBeInTheDocument();
  expect(screen.getByText('$32.57')).toBeInTheDocument();
  expect(screen.getByText('Pay within 30 days.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download PDF' })).toBeInTheDocument();
  // The buyer may not credit it.
  expect(screen.queryByRole('heading', { name: 'Issue a credit note' })).not.toBeInTheDocument();
});

test('the desk credits a quantity with a reason; the server’s refusal is shown as it says it', async () => {
  fakeAuth.signIn({ email: 's@example.com' });
  const { user } = renderInvoice(invoice);
  const form = await screen.findByRole('form', { name: 'Issue a credit note' });
  await user.click(within(form).getByRole('button', { name: 'Credit these quantities' }));
  expect(within(form).getByRole('alert')).toHaveTextContent('Give the reason for the credit note.');

  server.use(
    http.post(`/api/invoices/${ID}/credit-notes`, () =>
      errorResponse(
        409,
        'CREDIT_EXCEEDS_INVOICE',
        'Invoice INV-2026-000007 has 3 of Tea cup left to credit; 4 were asked for. Nothing was credited.',
      ),
    ),
  );
  await user.type(within(form).getByLabelText(/Tea cup/), '4');
  await user.type(within(form).getByLabelText('Reason'), 'Broken in transit');
  await user.click(within(form).getByRole('button', { name: 'Credit these quantities' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('has 3 of Tea cup left to credit');
  const post = receivedRequests().find((r) => r.method === 'POST');
  expect(await post?.json()).toEqual({ reason: 'Broken in transit', lines: [{ productId: CUP, quantity: 4 }] });
});
