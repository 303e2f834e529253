import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { Quote, QuoteOfferInput } from '@b2b/shared';
import { fakeAuth } from '@/test/fake-auth';
import { createQuote, createQuoteLine, createQuoteVersion, SELLER } from '@/test/quotes';
import { renderRoute } from '@/test/render';
import { errorResponse, receivedRequests, server } from '@/test/server';
import QuoteDetailsRoute from './quote-details';

/* The seller's side of a quote: the offer editor and Withdraw (the buyer's side: quote-details.test.tsx). */

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

const DAY = 86_400_000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);

const lamp = createQuoteLine({
  name: 'Desk Lamp',
  sku: 'DL-20',
  quantity: 40,
  targetPrice: 15,
  listPrice: 19.99,
  yourPrice: 18.5,
  packSize: 4,
  minSellQty: 8,
  maxOrderQty: 200,
});
const paper = createQuoteLine({ name: 'Copy Paper', sku: 'CP-1', quantity: 100, listPrice: 4.5, yourPrice: 4.5 });

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: SELLER.email, displayName: 'Dee Desk' });
});

/** Serves the quote to the seller; an offer is answered with the quote offered at what was sent. */
function renderQuote(quote: Quote) {
  server.use(
    http.get(`/api/quotes/${quote._id}`, () => HttpResponse.json(quote)),
    http.post(`/api/quotes/${quote._id}/offer`, async ({ request }) => {
      const body = (await request.json()) as QuoteOfferInput;
      const version = createQuoteVersion(quote.lines, {
        version: quote.versions.length + 1,
        lines: body.lines.map((line) => ({ ...line, lineTotal: line.quantity * line.unitPrice })),
        validUntil: `${body.validUntil}T23:59:59.999Z`,
      });
      return HttpResponse.json({
        ...quote,
        status: 'offered',
        moves: ['offered', 'withdrawn'],
        version: version.version,
        versions: [...quote.versions, version],
      } satisfies Quote);
    }),
    http.post(`/api/quotes/${quote._id}/withdraw`, () =>
      HttpResponse.json({ ...quote, status: 'withdrawn', moves: [] } satisfies Quote),
    ),
  );
  return renderRoute(<QuoteDetailsRoute />, { path: '/quotes/:id', url: `/quotes/${quote._id}` });
}

const requested = () =>
  createQuote({ number: 'Q-000042', side: 'seller', lines: [lamp, paper], companyName: 'Rahman Restaurants' });

test('a new request opens the editor: prices from the buyer’s own, quantities as asked, valid for 14 days', async () => {
  renderQuote(requested());

  expect(await screen.findByRole('heading', { level: 1, name: /Quote Q-000042/ })).toHaveTextContent('Requested');
  expect(screen.getByText('Buyer', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
    'Ann Buyer (Rahman Restaurants) · ann@example.com',
  );
  expect(screen.getByRole('heading', { name: 'Make an offer' })).toBeInTheDocument();
  const lines = within(screen.getByRole('list', { name: 'Prices to offer' })).getAllByRole('listitem');
  // The buyer's target and the list price beside the inputs; the product's rules under them.
  expect(lines[0]).toHaveTextContent('Asked 40 · target $15.00 · list $19.99 · their price $18.50');
  expect(lines[0]).toHaveTextContent('Packs of 4 · at least 8 · at most 200');
  const quantity = screen.getByLabelText('Quantity of Desk Lamp');
  expect(quantity).toHaveValue(40);
  expect(quantity).toHaveAttribute('step', '4');
  expect(quantity).toHaveAttribute('min', '8');
  expect(quantity).toHaveAttribute('max', '200');
  expect(screen.getByLabelText('Unit price of Desk Lamp')).toHaveValue(18.5);
  expect(screen.getByLabelText('Unit price of Copy Paper')).toHaveValue(4.5);
  expect(screen.getByLabelText('Valid until')).toHaveValue(inDays(14));
  // 40 × $18.50 + 100 × $4.50
  expect(screen.getByText('Net total').parentElement).toHaveTextContent('Net total $1,190.00');
  expect(screen.getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
});

test('Send offer sends each line’s quantity and unit price, the day it holds until and the message', async () => {
  const quote = requested();
  const { user } = renderQuote(quote);

  const price = await screen.findByLabelText('Unit price of Desk Lamp');
  await user.clear(price);
  await user.type(price, '16.25');
  const quantity = screen.getByLabelText('Quantity of Desk Lamp');
  await user.clear(quantity);
  await user.type(quantity, '48');
  await user.clear(screen.getByLabelText('Unit price of Copy Paper'));
  await user.type(screen.getByLabelText('Unit price of Copy Paper'), '4');
  const until = screen.getByLabelText('Valid until');
  await user.clear(until);
  await user.type(until, inDays(30));
  await user.type(screen.getByLabelText(/Message to the buyer/), 'Delivery within a week.');
  // 48 × $16.25 + 100 × $4.00
  expect(screen.getByText('Net total').parentElement).toHaveTextContent('Net total $1,180.00');
  await user.click(screen.getByRole('button', { name: 'Send offer' }));

  expect(await screen.findByText('Offer sent to Ann Buyer (version 1).')).toBeInTheDocument();
  const post = receivedRequests().find((r) => r.route === `POST /api/quotes/${quote._id}/offer`);
  expect(await post?.json()).toEqual({
    lines: [
      { productId: lamp.productId, quantity: 48, unitPrice: 16.25 },
      { productId: paper.productId, quantity: 100, unitPrice: 4 },
    ],
    validUntil: inDays(30),
    message: 'Delivery within a week.',
  });
  // The offer stands: the editor closes and the lines show it.
  await waitFor(() => expect(screen.queryByRole('list', { name: 'Prices to offer' })).not.toBeInTheDocument());
  expect(screen.getByRole('heading', { level: 1, name: /Offered/ })).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Lines of quote Q-000042' })).toHaveTextContent('$780.00');
  expect(screen.getByRole('button', { name: 'Revise the offer' })).toBeInTheDocument();
});

test('a quantity outside the trade rules or a missing price is said beside the field, and nothing is sent', async () => {
  const { user } = renderQuote(requested());
  const quantity = await screen.findByLabelText('Quantity of Desk Lamp');
  await user.clear(quantity);
  await user.type(quantity, '42');
  await user.clear(screen.getByLabelText('Unit price of Copy Paper'));
  await user.click(screen.getByRole('button', { name: 'Send offer' }));

  expect(await screen.findByText('Sold in packs of 4: choose 40 or 44.')).toBeInTheDocument();
  expect(screen.getByText('Unit price must be a number.')).toBeInTheDocument();
  expect(quantity).toHaveAttribute('aria-invalid', 'true');
  expect(quantity).toHaveFocus();
  expect(receivedRequests().some((r) => r.route.endsWith('/offer'))).toBe(false);
});

test('after a revision request the editor starts from the standing offer; the API’s refusal is shown', async () => {
  const version = createQuoteVersion([lamp, paper], { prices: [17, 4.25] });
  const quote = createQuote({
    side: 'seller',
    lines: [lamp, paper],
    versions: [version],
    status: 'revision_requested',
  });
  server.use(
    http.post(`/api/quotes/${quote._id}/offer`, () =>
      errorResponse(409, 'INVALID_TRANSITION', 'The buyer declined this quote meanwhile.'),
    ),
  );
  server.use(http.get(`/api/quotes/${quote._id}`, () => HttpResponse.json(quote)));
  const { user } = renderRoute(<QuoteDetailsRoute />, { path: '/quotes/:id', url: `/quotes/${quote._id}` });

  expect(await screen.findByRole('heading', { name: 'The buyer asked for a revision' })).toBeInTheDocument();
  expect(screen.getByLabelText('Unit price of Desk Lamp')).toHaveValue(17);
  expect(screen.getByLabelText('Unit price of Copy Paper')).toHaveValue(4.25);
  await user.click(screen.getByRole('button', { name: 'Send new offer' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The buyer declined this quote meanwhile.');
});

test('Withdraw asks first, then closes the quote', async () => {
  const quote = requested();
  const { user } = renderQuote(quote);
  await user.click(await screen.findByRole('button', { name: 'Withdraw' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Withdraw Q-000042?')).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'Withdraw quote' }));

  expect(await screen.findByRole('heading', { level: 1, name: /Withdrawn/ })).toBeInTheDocument();
  expect(receivedRequests().some((r) => r.route === `POST /api/quotes/${quote._id}/withdraw`)).toBe(true);
  expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Send offer/ })).not.toBeInTheDocument();
});

test('a line the API refuses is marked with its reason', async () => {
  const quote = requested();
  server.use(
    http.post(`/api/quotes/${quote._id}/offer`, () =>
      errorResponse(400, 'VALIDATION_ERROR', 'The offer was not made: Copy Paper: no longer in the catalogue.', [
        { field: paper.productId, message: 'Copy Paper: no longer in the catalogue.' },
      ]),
    ),
    http.get(`/api/quotes/${quote._id}`, () => HttpResponse.json(quote)),
  );
  const { user } = renderRoute(<QuoteDetailsRoute />, { path: '/quotes/:id', url: `/quotes/${quote._id}` });
  await user.click(await screen.findByRole('button', { name: 'Send offer' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('The offer was not made');
  const lines = within(screen.getByRole('list', { name: 'Prices to offer' })).getAllByRole('listitem');
  expect(lines[1]).toHaveTextContent('Copy Paper: no longer in the catalogue.');
  expect(lines[0]).not.toHaveTextContent('no longer in the catalogue');
});
