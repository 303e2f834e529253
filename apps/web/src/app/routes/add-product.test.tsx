import { screen, waitFor } from '@testing-library/react';
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
