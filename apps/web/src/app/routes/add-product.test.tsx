import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { CATEGORIES } from '@b2b/shared';
import { confirmDialog, showAlert } from '@/components/ui/dialogs';
import { fakeAuth } from '@/test/fake-auth';
import { renderRoute } from '@/test/render';
import { errorResponse, receivedRequests, receivedRoutes, server } from '@/test/server';
import AddProductRoute from './add-product';

vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));
vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));
vi.mock('@/components/ui/dialogs', () => ({ showAlert: vi.fn(), confirmDialog: vi.fn() }));

beforeEach(() => {
  fakeAuth.reset();
  fakeAuth.signIn();
  vi.mocked(showAlert).mockReset().mockResolvedValue(undefined);
  vi.mocked(confirmDialog).mockReset();
});

const inserted = () => HttpResponse.json({ acknowledged: true, insertedId: 'new-id' }, { status: 201 });

function renderAdd(create: () => Response | Promise<Response> = inserted) {
  server.use(http.post('/api/products', create));
  return renderRoute(<AddProductRoute />, { path: '/add-products' });
}

async function fillRequired(user: ReturnType<typeof renderAdd>['user']) {
  await user.type(screen.getByLabelText(/Product name/), 'Stapler');
  await user.type(screen.getByLabelText(/^Quantity/), '400');
  await user.type(screen.getByLabelText(/Min sell quantity/), '12');
  await user.selectOptions(screen.getByLabelText(/Category/), 'office&stationary');
  await user.type(screen.getByLabelText(/Price/), '3.75');
}

test('the category select has an empty placeholder and the nine categories', () => {
  renderAdd();
  const options = screen.getAllByRole('option').map((option) => [option.getAttribute('value'), option.textContent]);
  expect(options).toEqual([['', 'Select a category'], ...CATEGORIES.map((c) => [c.value, c.label])]);
});

test('required fields are checked before anything is sent', async () => {
  const { user } = renderAdd();
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(screen.getByText('Name is required.')).toBeInTheDocument();
  expect(screen.getByText('Quantity is required.')).toBeInTheDocument();
  expect(screen.getByText('Min sell quantity is required.')).toBeInTheDocument();
  expect(screen.getByText('Please choose a category.')).toBeInTheDocument();
  expect(screen.getByText('Price is required.')).toBeInTheDocument();
  expect(screen.getByLabelText(/Product name/)).toHaveFocus();
  expect(receivedRoutes()).toEqual([]);
  for (const label of [/Product name/, /Quantity/, /Min sell quantity/, /Category/, /Price/]) {
    expect(screen.getByLabelText(label)).toBeRequired();
    expect(screen.getByText(label, { selector: 'label' })).toHaveTextContent('*');
  }
  expect(document.title).toBe('Add Product | B2B Wholesale Platform');
});

test('a tax rate of its own is sent as a percent; a bad one is refused before sending', async () => {
  const { user } = renderAdd();
  await fillRequired(user);
  const rate = screen.getByLabelText(/^Tax rate, %/);
  await user.type(rate, '7.125');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(await screen.findByText('Tax rate can have at most 2 decimals.')).toBeInTheDocument();
  expect(receivedRequests()).toHaveLength(0);
  await user.clear(rate);
  await user.type(rate, '7.5');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(receivedRequests()).toHaveLength(1));
  expect(await receivedRequests()[0]?.json()).toMatchObject({ price: 3.75, taxRate: 7.5 });
});

test('a valid product is sent with numbers, confirmed for 2 seconds and the form is reset', async () => {
  const { user } = renderAdd();
  await fillRequired(user);
  await user.type(screen.getByLabelText(/Rating/), '4.5');
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  await waitFor(() =>
    expect(showAlert).toHaveBeenCalledWith({
      icon: 'success',
      title: 'Your data been saved successfully',
      timerMs: 2000,
    }),
  );
  const [request] = receivedRequests();
  expect(request?.route).toBe('POST /api/products');
  expect(await request?.json()).toEqual({
    image: '',
    name: 'Stapler',
    quantity: 400,
    minSellQty: 12,
    brand: '',
    category: 'office&stationary',
    description: '',
    price: 3.75,
    rating: 4.5,
    content: '',
    // Left as they were: no SKU, single units, no maximum, no volume prices.
    sku: null,
    packSize: 1,
    maxOrderQty: null,
    priceTiers: [],
    taxRate: null,
  });
  await waitFor(() => expect(screen.getByLabelText(/Product name/)).toHaveValue(''));
  expect(screen.getByLabelText(/Category/)).toHaveValue('');
});

test('Submit is disabled while the product is being saved', async () => {
  let finish = () => {};
  const answered = new Promise<void>((resolve) => (finish = resolve));
  const { user } = renderAdd(async () => {
    await answered;
    return inserted();
  });
  await fillRequired(user);
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
  finish();
  await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
});

test("the API's field errors appear under their inputs", async () => {
  const { user } = renderAdd(() =>
    errorResponse(400, 'VALIDATION_ERROR', 'The request is invalid.', [
      { field: 'image', message: 'Image must be an http(s) URL or a path starting with /.' },
    ]),
  );
  await fillRequired(user);
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(await screen.findByText('Image must be an http(s) URL or a path starting with /.')).toBeInTheDocument();
  expect(showAlert).toHaveBeenCalledWith(expect.objectContaining({ icon: 'error', text: 'The request is invalid.' }));
  expect(screen.getByLabelText(/Product name/)).toHaveValue('Stapler');
});

const STOCK_WARNING =
  'The minimum order (1,500 units) is more than the stock (400 units): buyers cannot order this until you add stock.';

async function fillWithMinimumAboveStock(user: ReturnType<typeof renderAdd>['user']) {
  await fillRequired(user);
  await user.clear(screen.getByLabelText(/Min sell quantity/));
  await user.type(screen.getByLabelText(/Min sell quantity/), '1500');
}

test('a minimum order above the stock is pointed out as it is typed', async () => {
  const { user } = renderAdd();
  await fillRequired(user);
  expect(screen.queryByText(STOCK_WARNING)).not.toBeInTheDocument();
  await user.clear(screen.getByLabelText(/Min sell quantity/));
  await user.type(screen.getByLabelText(/Min sell quantity/), '1500');
  expect(screen.getByText(STOCK_WARNING)).toBeInTheDocument();
  expect(screen.getByLabelText(/^Quantity/)).toHaveAccessibleDescription(STOCK_WARNING);

  // Enough stock: the warning goes.
  await user.clear(screen.getByLabelText(/^Quantity/));
  await user.type(screen.getByLabelText(/^Quantity/), '2000');
  expect(screen.queryByText(STOCK_WARNING)).not.toBeInTheDocument();
});

test('Fix it sends nothing and puts the cursor in Quantity', async () => {
  vi.mocked(confirmDialog).mockResolvedValue(false);
  const { user } = renderAdd();
  await fillWithMinimumAboveStock(user);
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(confirmDialog).toHaveBeenCalledWith({
    title: 'Save with a minimum above the stock?',
    text: STOCK_WARNING,
    confirmText: 'Save anyway',
    cancelText: 'Fix it',
    returnFocus: false,
  });
  await waitFor(() => expect(screen.getByLabelText(/^Quantity/)).toHaveFocus());
  expect(receivedRoutes()).toEqual([]);
});

test('Save anyway saves the product as typed', async () => {
  vi.mocked(confirmDialog).mockResolvedValue(true);
  const { user } = renderAdd();
  await fillWithMinimumAboveStock(user);
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  await waitFor(() => expect(receivedRoutes()).toEqual(['POST /api/products']));
  expect(await receivedRequests()[0]?.json()).toMatchObject({ quantity: 400, minSellQty: 1500 });
});

test('a minimum within the stock saves without asking', async () => {
  const { user } = renderAdd();
  await fillRequired(user);
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(receivedRoutes()).toEqual(['POST /api/products']));
  expect(confirmDialog).not.toHaveBeenCalled();
});

/* The trade rules: SKU, pack size, maximum per order and the volume price editor (issue 19). */

const tierBox = (tier: number, box: 'From quantity' | 'Unit price (USD)') =>
  screen.getByLabelText(`Tier ${tier}: ${box}`);

async function addTier(user: ReturnType<typeof renderAdd>['user'], minQty: string, price: string) {
  await user.click(screen.getByRole('button', { name: 'Add a tier' }));
  const tier = screen.getAllByRole('button', { name: /^Remove tier/ }).length;
  // A new row takes the cursor in its quantity.
  expect(tierBox(tier, 'From quantity')).toHaveFocus();
  await user.type(tierBox(tier, 'From quantity'), minQty);
  await user.type(tierBox(tier, 'Unit price (USD)'), price);
}

test('SKU, pack size, maximum and volume prices are sent as typed, with a preview of what buyers pay', async () => {
  const { user } = renderAdd();
  await fillRequired(user);
  await user.clear(screen.getByLabelText(/Price/));
  await user.type(screen.getByLabelText(/Price/), '10');
  await user.type(screen.getByLabelText(/SKU/), 'ST-100/b');
  expect(screen.getByLabelText(/Pack size/)).toHaveValue(1);
  await user.clear(screen.getByLabelText(/Pack size/));
  await user.type(screen.getByLabelText(/Pack size/), '6');
  await user.type(screen.getByLabelText(/Max per order/), '600');
  await addTier(user, '50', '9.2');
  await addTier(user, '200', '8.50');
  expect(
    screen.getByText('Buyers pay $10.00 each, $9.20 each from 50 units, $8.50 each from 200 units.'),
  ).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  await waitFor(() => expect(receivedRoutes()).toEqual(['POST /api/products']));
  expect(await receivedRequests()[0]?.json()).toMatchObject({
    sku: 'ST-100/b',
    packSize: 6,
    minSellQty: 12,
    maxOrderQty: 600,
    priceTiers: [
      { minQty: 50, price: 9.2 },
      { minQty: 200, price: 8.5 },
    ],
  });
  // The form empties itself, tiers included, and is back to single units.
  await waitFor(() => expect(screen.queryByRole('button', { name: /^Remove tier/ })).not.toBeInTheDocument());
  expect(screen.getByLabelText(/Pack size/)).toHaveValue(1);
});

test('tier rows are added and removed; removing one renumbers the rest and keeps what they hold', async () => {
  const { user } = renderAdd();
  const volume = screen.getByRole('group', { name: /Volume prices/ });
  expect(within(volume).queryByRole('listitem')).not.toBeInTheDocument();
  await addTier(user, '50', '9');
  await addTier(user, '100', '8');
  await addTier(user, '200', '7');

  await user.click(screen.getByRole('button', { name: 'Remove tier 2' }));
  expect(within(volume).getAllByRole('listitem')).toHaveLength(2);
  expect(tierBox(2, 'From quantity')).toHaveValue(200);
  expect(tierBox(2, 'Unit price (USD)')).toHaveValue(7);
  // The cursor does not fall out of the page: it waits on Add.
  expect(screen.getByRole('button', { name: 'Add a tier' })).toHaveFocus();
});

test('at most 10 tiers: Add is disabled at the tenth and says why', async () => {
  const { user } = renderAdd();
  const add = screen.getByRole('button', { name: 'Add a tier' });
  for (let i = 0; i < 10; i++) await user.click(add);
  expect(screen.getAllByRole('button', { name: /^Remove tier/ })).toHaveLength(10);
  expect(add).toBeDisabled();
  expect(add).toHaveAccessibleDescription('That is the most: 10 tiers.');
  await user.click(screen.getByRole('button', { name: 'Remove tier 10' }));
  expect(add).toBeEnabled();
});

test('a row that breaks the ladder is marked when it is left, under that row only, and nothing is sent', async () => {
  const { user } = renderAdd();
  await fillRequired(user);
  await user.clear(screen.getByLabelText(/Price/));
  await user.type(screen.getByLabelText(/Price/), '10');
  await addTier(user, '50', '9.20');
  await addTier(user, '100', '9.50');
  await user.tab();

  const message = "Tier 2: the price must be less than tier 1's (9.20).";
  expect(screen.getByText(message)).toBeInTheDocument();
  expect(tierBox(2, 'Unit price (USD)')).toHaveAccessibleDescription(message);
  expect(tierBox(2, 'Unit price (USD)')).toHaveAttribute('aria-invalid', 'true');
  expect(tierBox(1, 'Unit price (USD)')).not.toHaveAttribute('aria-invalid');
  expect(tierBox(2, 'From quantity')).not.toHaveAttribute('aria-invalid');
  expect(screen.getByText('Each tier needs a larger quantity and a lower price than the one before.')).toBeVisible();

  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(tierBox(2, 'Unit price (USD)')).toHaveFocus();
  expect(receivedRoutes()).toEqual([]);

  // Fixed: the message goes as the box is edited, and the product is saved.
  await user.clear(tierBox(2, 'Unit price (USD)'));
  await user.type(tierBox(2, 'Unit price (USD)'), '8.75');
  expect(screen.queryByText(message)).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Submit' }));
  await waitFor(() => expect(receivedRoutes()).toEqual(['POST /api/products']));
});

test('a row being typed is not marked before it is filled; Submit marks an empty box of a filled row', async () => {
  const { user } = renderAdd();
  await fillRequired(user);
  await user.click(screen.getByRole('button', { name: 'Add a tier' }));
  await user.type(tierBox(1, 'From quantity'), '100');
  await user.tab();
  expect(tierBox(1, 'Unit price (USD)')).not.toHaveAttribute('aria-invalid');

  await user.click(screen.getByRole('button', { name: 'Submit' }));
  expect(screen.getByText('Tier price must be a number.')).toBeInTheDocument();
  expect(tierBox(1, 'Unit price (USD)')).toHaveFocus();
  expect(receivedRoutes()).toEqual([]);
});

test('the ladder is checked against the minimum, and the minimum against the pack, with the shared messages', async () => {
  const { user } = renderAdd();
  await fillRequired(user);
  await user.clear(screen.getByLabelText(/Pack size/));
  await user.type(screen.getByLabelText(/Pack size/), '5');
  await addTier(user, '12', '3.5');
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  expect(screen.getByLabelText(/Min sell quantity/)).toHaveAccessibleDescription(
    'Min sell quantity must be a multiple of the pack size (5): choose 10 or 15.',
  );
  expect(tierBox(1, 'From quantity')).toHaveAccessibleDescription(
    'Tier 1: the quantity must be more than the min sell quantity (12).',
  );
  expect(screen.getByLabelText(/Min sell quantity/)).toHaveFocus();
  expect(receivedRoutes()).toEqual([]);
});

test("the API's tier and SKU problems land on the row and the field they name", async () => {
  const { user } = renderAdd(() =>
    errorResponse(400, 'VALIDATION_ERROR', "Tier 2: the quantity must be more than tier 1's (50).", [
      { field: 'priceTiers.1.minQty', message: "Tier 2: the quantity must be more than tier 1's (50)." },
    ]),
  );
  await fillRequired(user);
  // An added row left empty is not sent, so the server's tier 2 is the second filled row.
  await addTier(user, '50', '3');
  await user.click(screen.getByRole('button', { name: 'Add a tier' }));
  await user.click(screen.getByRole('button', { name: 'Add a tier' }));
  await user.type(tierBox(3, 'From quantity'), '60');
  await user.type(tierBox(3, 'Unit price (USD)'), '2');
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  await waitFor(() =>
    expect(tierBox(3, 'From quantity')).toHaveAccessibleDescription(
      "Tier 2: the quantity must be more than tier 1's (50).",
    ),
  );
  expect(await receivedRequests()[0]?.json()).toMatchObject({
    priceTiers: [
      { minQty: 50, price: 3 },
      { minQty: 60, price: 2 },
    ],
  });
});

test('a SKU the seller already uses (409 SKU_TAKEN) is shown under SKU', async () => {
  const { user } = renderAdd(() =>
    errorResponse(
      409,
      'SKU_TAKEN',
      'You already have a product with SKU ST-1: “Stapler”. SKUs must be unique among your products.',
      [{ field: 'sku', message: 'You already use SKU ST-1 for “Stapler”.' }],
    ),
  );
  await fillRequired(user);
  await user.type(screen.getByLabelText(/SKU/), 'ST-1');
  await user.click(screen.getByRole('button', { name: 'Submit' }));

  await waitFor(() => expect(screen.getByLabelText(/SKU/)).toHaveFocus());
  expect(screen.getByLabelText(/SKU/)).toHaveAccessibleDescription(
    expect.stringContaining('You already use SKU ST-1 for “Stapler”.'),
  );
  expect(showAlert).toHaveBeenCalledWith(
    expect.objectContaining({
      icon: 'error',
      title: 'The product was not saved',
      text: expect.stringContaining('SKU ST-1'),
    }),
  );
});

test('removing a row checks the rows left again: their numbers, and so their messages, change', async () => {
  const { user } = renderAdd();
  await fillRequired(user);
  await user.clear(screen.getByLabelText(/Price/));
  await user.type(screen.getByLabelText(/Price/), '10');
  await addTier(user, '50', '9.20');
  await addTier(user, '100', '9.50');
  // Add is pressed straight from the bad box: the box is checked, and Add still adds its row.
  await user.click(screen.getByRole('button', { name: 'Add a tier' }));
  expect(screen.getAllByRole('button', { name: /^Remove tier/ })).toHaveLength(3);
  expect(screen.getByText("Tier 2: the price must be less than tier 1's (9.20).")).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Remove tier 1' }));
  // 100 at 9.50 is now tier 1, below the product's 10.00: nothing wrong any more.
  expect(tierBox(1, 'Unit price (USD)')).toHaveValue(9.5);
  expect(screen.queryByText(/the price must be less/)).not.toBeInTheDocument();
  expect(tierBox(1, 'Unit price (USD)')).not.toHaveAttribute('aria-invalid');
  expect(screen.getByRole('button', { name: 'Add a tier' })).toHaveFocus();
});
