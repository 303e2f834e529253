import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import type { Quote, QuoteAcceptResult } from '@b2b/shared';
import { buildShipTo } from '@b2b/shared/testing';
import { fakeAuth } from '@/test/fake-auth';
import { createQuote, createQuoteEvent, createQuoteLine, createQuoteVersion, SELLER } from '@/test/quotes';
import { renderRoute } from '@/test/render';
import { errorResponse, receivedRequests, server } from '@/test/server';
import QuoteDetailsRoute from './quote-details';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

const DAY = 86_400_000;
/** The end of the day `days` from today (UTC), as a validUntil the seller picked. */
const endOfDay = (days: number) => `${new Date(Date.now() + days * DAY).toISOString().slice(0, 10)}T23:59:59.999Z`;

const lamp = createQuoteLine({
  name: 'Desk Lamp',
  sku: 'DL-20',
  quantity: 40,
  targetPrice: 15,
  listPrice: 19.99,
  yourPrice: 18.5,
});
const paper = createQuoteLine({ name: 'Copy Paper', sku: 'CP-1', quantity: 100, listPrice: 4.5, yourPrice: 4.5 });

/** An offered quote: version 1 was revised into version 2, which stands. */
function offered(overrides: Partial<Quote> = {}): Quote {
  const first = createQuoteVersion([lamp, paper], {
    version: 1,
    prices: [17, 4.25],
    validUntil: endOfDay(5),
    offeredAt: '2026-12-01T10:00:00.000Z',
  });
  const second = createQuoteVersion([lamp, paper], {
    version: 2,
    prices: [16, 4],
    validUntil: endOfDay(13),
    message: 'Our best price for the lot.',
    offeredAt: '2026-12-02T10:00:00.000Z',
  });
  return createQuote({
    number: 'Q-000042',
    lines: [lamp, paper],
    versions: [first, second],
    thread: [
      createQuoteEvent({ kind: 'request', text: 'Best price for 40 lamps, please.', at: '2026-12-01T09:00:00.000Z' }),
      createQuoteEvent({
        kind: 'offer',
        side: 'seller',
        author: { email: SELLER.email, name: 'Dee Desk' },
        version: 1,
        at: '2026-12-01T10:00:00.000Z',
      }),
      createQuoteEvent({ kind: 'revision', text: 'Can you do $16?', at: '2026-12-01T11:00:00.000Z' }),
      createQuoteEvent({
        kind: 'offer',
        side: 'seller',
        author: { email: SELLER.email, name: 'Dee Desk' },
        version: 2,
        text: 'Our best price for the lot.',
        at: '2026-12-02T10:00:00.000Z',
      }),
    ],
    ...overrides,
  });
}

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn({ email: 'ann@example.com', uid: 'uid-ann' });
  window.localStorage.clear();
});

/** Serves the quote; a move answers `after` (and serves it from then on). */
function renderQuote(quote: Quote, handlers: Parameters<typeof server.use> = []) {
  server.use(
    http.get(`/api/quotes/${quote._id}`, () => HttpResponse.json(quote)),
    ...handlers,
  );
  return renderRoute(<QuoteDetailsRoute />, {
    path: '/quotes/:id',
    url: `/quotes/${quote._id}`,
    routes: [{ path: '/orders/:id', element: <p>Order page</p> }],
  });
}

async function fillAddress(person: ReturnType<typeof renderQuote>['user']) {
  const address = buildShipTo();
  const paste = async (label: RegExp, text: string) => {
    await person.click(screen.getByLabelText(label));
    await person.paste(text);
  };
  await paste(/Name or company/, address.name);
  await paste(/Address line 1/, address.line1);
  await paste(/^City/, address.city);
  await paste(/^Country/, address.country);
  return address;
}

test('the buyer sees the lines as asked, the standing offer with its net and how long it holds', async () => {
  const quote = offered();
  renderQuote(quote);

  expect(await screen.findByRole('heading', { level: 1, name: /Quote Q-000042/ })).toHaveTextContent('Offered');
  expect(document.title).toBe('Quote Q-000042 | B2B Wholesale Platform');
  expect(screen.getByText('Seller', { selector: 'dt' }).nextElementSibling).toHaveTextContent('North Traders');

  const table = screen.getByRole('table', { name: 'Lines of quote Q-000042' });
  const [, lampRow, paperRow, foot] = within(table).getAllByRole('row');
  // Asked 40, target $15.00, list $19.99, your price $18.50; offered at $16.00 × 40 = $640.00.
  expect(lampRow).toHaveTextContent('Desk Lamp');
  expect(lampRow).toHaveTextContent('SKU: DL-20');
  for (const text of ['40', '$15.00', '$19.99', '$18.50', '$16.00', '× 40', '$640.00']) {
    expect(lampRow).toHaveTextContent(text);
  }
  expect(paperRow).toHaveTextContent('$4.00');
  expect(paperRow).toHaveTextContent('$400.00');
  expect(foot).toHaveTextContent('Net total$1,040.00');
  expect(
    within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent),
  ).toContain('Your price');
  expect(screen.getByText('Prices are net; tax is added to the order.')).toBeInTheDocument();
  expect(screen.getByText(/Valid until \w{3} \d{1,2}, \d{4} · 13 days left/)).toBeInTheDocument();
  expect(screen.getByText('“Our best price for the lot.”')).toBeInTheDocument();

  // The earlier offer, folded away, as it was made.
  const earlier = screen.getByRole('list', { name: 'Earlier offers' });
  expect(within(earlier).getByText('Version 1')).toBeInTheDocument();
  expect(earlier).toHaveTextContent('Desk Lamp: 40 × $17.00 = $680.00');

  // The thread, oldest first.
  const thread = within(screen.getByRole('list', { name: 'Thread' })).getAllByRole('listitem');
  expect(thread.map((item) => item.querySelector('p')?.textContent)).toEqual([
    expect.stringMatching(/^Ann BuyerBuyer/),
    expect.stringMatching(/^Dee DeskSeller/),
    expect.stringMatching(/^Ann BuyerBuyer/),
    expect.stringMatching(/^Dee DeskSeller/),
  ]);
  expect(thread.map((item) => item.querySelector('p + p')?.textContent)).toEqual([
    'Asked for a quote',
    'Made an offer',
    'Asked for a revision',
    'Offered again (version 2)',
  ]);
  expect(thread[2]).toHaveTextContent('Can you do $16?');
  // The buyer's moves; the seller's are not offered.
  expect(screen.getByRole('button', { name: 'Accept offer' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Ask for a revision' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Withdraw' })).not.toBeInTheDocument();
});

test('an offer that ends within a day says how many hours are left', async () => {
  const version = createQuoteVersion([lamp], { validUntil: new Date(Date.now() + 5.5 * 3_600_000).toISOString() });
  renderQuote(createQuote({ lines: [lamp], versions: [version] }));
  expect(await screen.findByText(/ · expires in 5 hours$/)).toBeInTheDocument();
});

test('Accept places the order with the ship-to, PO number and note, then opens the order', async () => {
  const quote = offered();
  const result: QuoteAcceptResult = {
    acknowledged: true,
    checkoutId: '40000000-0000-4000-8000-000000000001',
    quoteId: quote._id,
    orders: [
      {
        _id: '30000000-0000-4000-8000-000000000007',
        orderNumber: 'B2B-000007',
        sellerEmail: SELLER.email,
        sellerName: SELLER.name,
        status: 'placed',
        total: 1040,
        tax: 0,
      },
    ],
  };
  const { user, router } = renderQuote(quote, [
    http.post(`/api/quotes/${quote._id}/accept`, () => HttpResponse.json(result, { status: 201 })),
  ]);

  const accept = await screen.findByRole('button', { name: 'Accept offer' });
  expect(accept).toHaveAttribute('aria-expanded', 'false');
  await user.click(accept);
  expect(accept).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByText(/for the 2 lines above/)).toHaveTextContent(
    /^One order to North Traders for the 2 lines above/,
  );
  const address = await fillAddress(user);
  await user.type(screen.getByLabelText(/PO number/), 'PO-77');
  await user.type(screen.getByLabelText(/Note for the sellers/), 'Dock 3, mornings');
  await user.click(screen.getByRole('button', { name: 'Accept and place order' }));

  await waitFor(() => expect(router.state.location.pathname).toBe('/orders/30000000-0000-4000-8000-000000000007'));
  const post = receivedRequests().find((r) => r.route === `POST /api/quotes/${quote._id}/accept`);
  // The version the buyer read goes with it: a newer offer meanwhile would be refused (QUOTE_CHANGED).
  expect(await post?.json()).toEqual({
    poNumber: 'PO-77',
    note: 'Dock 3, mornings',
    shipTo: { ...address, line2: '', postalCode: '', phone: '' },
    version: 2,
  });
  expect(post?.headers.get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
  expect(await screen.findByText('Order B2B-000007 placed.')).toBeInTheDocument();
  // The address is remembered for the next checkout, as checkout does.
  expect(JSON.parse(window.localStorage.getItem('b2b.shipTo.uid-ann') ?? '{}')).toMatchObject({ name: address.name });
});

test('an offer past its validity is refused with QUOTE_EXPIRED: the buyer is told and the quote is read again', async () => {
  const quote = offered();
  const { user } = renderQuote(quote, [
    http.post(`/api/quotes/${quote._id}/accept`, () =>
      errorResponse(409, 'QUOTE_EXPIRED', 'This offer expired on 15 Dec 2026: ask the seller to offer again.'),
    ),
  ]);
  await user.click(await screen.findByRole('button', { name: 'Accept offer' }));
  await fillAddress(user);
  await user.click(screen.getByRole('button', { name: 'Accept and place order' }));

  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('This offer has expired')).toBeInTheDocument();
  expect(
    within(dialog).getByText('This offer expired on 15 Dec 2026: ask the seller to offer again.'),
  ).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  // Nothing was ordered; the quote is asked for again to show where it stands now.
  await waitFor(() =>
    expect(receivedRequests().filter((r) => r.route === `GET /api/quotes/${quote._id}`)).toHaveLength(2),
  );
  expect(screen.getByRole('heading', { level: 1, name: /Quote Q-000042/ })).toBeInTheDocument();
});

test('a newer offer made meanwhile is refused with QUOTE_CHANGED: the buyer is told to read it first', async () => {
  const quote = offered();
  const { user } = renderQuote(quote, [
    http.post(`/api/quotes/${quote._id}/accept`, () =>
      errorResponse(409, 'QUOTE_CHANGED', 'The seller made a new offer (version 3): read it before you accept.'),
    ),
  ]);
  await user.click(await screen.findByRole('button', { name: 'Accept offer' }));
  await fillAddress(user);
  await user.click(screen.getByRole('button', { name: 'Accept and place order' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('The seller has made a new offer')).toBeInTheDocument();
  expect(
    within(dialog).getByText('The seller made a new offer (version 3): read it before you accept.'),
  ).toBeInTheDocument();
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
});

test('Ask for a revision needs a message, then sends it and shows the quote as the seller must answer it', async () => {
  const quote = offered();
  const after: Quote = { ...quote, status: 'revision_requested', moves: ['declined'] };
  const { user } = renderQuote(quote, [http.post(`/api/quotes/${quote._id}/revision`, () => HttpResponse.json(after))]);
  await user.click(await screen.findByRole('button', { name: 'Ask for a revision' }));
  await user.click(screen.getByRole('button', { name: 'Send request' }));
  expect(await screen.findByText('Say what should change is required.')).toBeInTheDocument();
  expect(receivedRequests().some((r) => r.route.endsWith('/revision'))).toBe(false);

  await user.type(screen.getByLabelText('What should change?'), '  20 more lamps at $15, please. ');
  await user.click(screen.getByRole('button', { name: 'Send request' }));

  expect(await screen.findByRole('heading', { level: 1, name: /Revision requested/ })).toBeInTheDocument();
  const post = receivedRequests().find((r) => r.route === `POST /api/quotes/${quote._id}/revision`);
  expect(await post?.json()).toEqual({ message: '20 more lamps at $15, please.' });
  expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
});

test('Decline asks first, with an optional reason', async () => {
  const quote = offered();
  const { user } = renderQuote(quote, [
    http.post(`/api/quotes/${quote._id}/decline`, () =>
      HttpResponse.json({ ...quote, status: 'declined', moves: [] } satisfies Quote),
    ),
  ]);
  await user.click(await screen.findByRole('button', { name: 'Decline' }));
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText('Decline Q-000042?')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Found it cheaper');
  await user.click(within(dialog).getByRole('button', { name: 'Decline quote' }));

  expect(await screen.findByRole('heading', { level: 1, name: /Declined/ })).toBeInTheDocument();
  const post = receivedRequests().find((r) => r.route === `POST /api/quotes/${quote._id}/decline`);
  expect(await post?.json()).toEqual({ message: 'Found it cheaper' });
  expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
});

test('a message joins the thread', async () => {
  const quote = offered();
  const reply = createQuoteEvent({ kind: 'message', text: 'Could you deliver on Monday?' });
  const { user } = renderQuote(quote, [
    http.post(`/api/quotes/${quote._id}/messages`, () =>
      HttpResponse.json({ ...quote, thread: [...quote.thread, reply] } satisfies Quote),
    ),
  ]);
  await user.click(await screen.findByRole('button', { name: 'Send message' }));
  expect(await screen.findByText('A message is required.')).toBeInTheDocument();

  await user.type(screen.getByLabelText('Write a message'), 'Could you deliver on Monday?');
  await user.click(screen.getByRole('button', { name: 'Send message' }));

  const thread = screen.getByRole('list', { name: 'Thread' });
  expect(await within(thread).findByText('Could you deliver on Monday?')).toBeInTheDocument();
  expect(screen.getByLabelText('Write a message')).toHaveValue('');
  const post = receivedRequests().find((r) => r.route === `POST /api/quotes/${quote._id}/messages`);
  expect(await post?.json()).toEqual({ text: 'Could you deliver on Monday?' });
});

test('an accepted quote leads to its order and offers no more moves', async () => {
  const quote = offered({
    status: 'accepted',
    moves: [],
    orderId: '30000000-0000-4000-8000-000000000007',
    orderNumber: 'B2B-000007',
  });
  renderQuote(quote);
  expect(await screen.findByRole('link', { name: 'B2B-000007' })).toHaveAttribute(
    'href',
    '/orders/30000000-0000-4000-8000-000000000007',
  );
  expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
});

test('a quote that is not the caller’s reads as not found', async () => {
  const id = '90000000-0000-4000-8000-000000000999';
  server.use(http.get(`/api/quotes/${id}`, () => errorResponse(404, 'NOT_FOUND', 'Quote not found.')));
  renderRoute(<QuoteDetailsRoute />, { path: '/quotes/:id', url: `/quotes/${id}` });
  expect(await screen.findByText('This quote does not exist, or it is not yours.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to my quotes' })).toHaveAttribute('href', '/quotes');
});
