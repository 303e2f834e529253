import { screen, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import { apiFetchPage } from '@/lib/api-client';
import { resetApi, servePages } from '@/features/products/test/mock-api';
import { fakeAuth } from '@/test/fake-auth';
import { createProduct } from '@/test/factories';
import { renderRoute } from '@/test/render';
import CategoriesRoute from './categories';
import CategoryProductsRoute from './category-products';
import type * as ApiClient from '@/lib/api-client';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof ApiClient>()),
  apiFetch: vi.fn(),
  apiFetchPage: vi.fn(),
}));
vi.mock('@/lib/auth', () => import('@/test/fake-auth').then((m) => m.fakeAuthModule));

const kettle = createProduct({ name: 'Kettle', category: 'kitchen', brand: 'Boil', price: 30, rating: 4.8 });

beforeEach(() => {
  resetApi();
  fakeAuth.reset();
  fakeAuth.signIn();
});

test('a category page lists its products as cards with Details', async () => {
  servePages(() => ({ items: [kettle], total: 1 }));
  renderRoute(<CategoryProductsRoute />, { path: '/categories/:id', url: '/categories/kitchen' });

  expect(screen.getByRole('heading', { level: 1, name: 'Products in Category: kitchen' })).toBeInTheDocument();
  const card = await screen.findByRole('article', { name: 'Kettle' });
  expect(within(card).getByText('Boil')).toBeInTheDocument();
  expect(within(card).getByText('$30.00')).toBeInTheDocument();
  expect(within(card).getByText('4.8 / 5')).toBeInTheDocument();
  expect(within(card).getByText('Kitchen')).toBeInTheDocument();
  expect(within(card).getByRole('link', { name: /Details/ })).toHaveAttribute('href', `/product-details/${kettle._id}`);
  expect(card.closest('ul')).toHaveClass('grid-cols-1', 'sm:grid-cols-2', 'lg:grid-cols-3');
  expect(vi.mocked(apiFetchPage).mock.lastCall?.[0]).toBe('/categories/kitchen');
});

test('an empty category says so', async () => {
  servePages(() => ({ items: [], total: 0 }));
  renderRoute(<CategoryProductsRoute />, { path: '/categories/:id', url: '/categories/office&stationary' });
  expect(await screen.findByText('No products found in this category.')).toBeInTheDocument();
  expect(vi.mocked(apiFetchPage).mock.lastCall?.[0]).toBe('/categories/office%26stationary');
});

test('an unknown category shows the empty text without asking the API', () => {
  renderRoute(<CategoryProductsRoute />, { path: '/categories/:id', url: '/categories/toys' });
  expect(screen.getByRole('heading', { name: 'Products in Category: toys' })).toBeInTheDocument();
  expect(screen.getByText('No products found in this category.')).toBeInTheDocument();
  expect(apiFetchPage).not.toHaveBeenCalled();
});

test('All categories lists every product and links to each category', async () => {
  servePages(() => ({ items: [kettle], total: 1 }));
  renderRoute(<CategoriesRoute />, { path: '/categories' });
  expect(screen.getByRole('heading', { level: 1, name: 'Products in Category: All' })).toBeInTheDocument();
  expect(await screen.findByRole('article', { name: 'Kettle' })).toBeInTheDocument();
  expect(vi.mocked(apiFetchPage).mock.lastCall?.[0]).toBe('/categories');
  const nav = screen.getByRole('navigation', { name: 'Categories' });
  expect(within(nav).getByRole('link', { name: 'Office & stationary' })).toHaveAttribute(
    'href',
    '/categories/office&stationary',
  );
  expect(within(nav).getAllByRole('link')).toHaveLength(10);
});

test('a page past the end of a category shows its last page, and the title names the category', async () => {
  servePages(({ options }) => ({
    items: [createProduct({ name: `Item at ${String(options.query?.offset)}` })],
    total: 3,
  }));
  const { router } = renderRoute(<CategoryProductsRoute />, {
    path: '/categories/:id',
    url: '/categories/kitchen?page=3',
  });

  expect(await screen.findByText('Item at 0')).toBeInTheDocument();
  expect(router.state.location.search).toBe('');
  expect(document.title).toBe('Products in Category: kitchen | B2B Wholesale Platform');
});
