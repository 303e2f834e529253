import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, expect, test, vi } from 'vitest';
import { createProduct } from '@/test/factories';
import { renderRoute } from '@/test/render';
import { errorResponse, pageResponse, receivedRequests, server } from '@/test/server';
import HomeRoute from './home';

vi.mock('@/lib/firebase', () => import('@/test/fake-auth').then((m) => m.fakeFirebaseModule));

beforeEach(() => {
  server.use(http.get('/api/products', () => pageResponse([])));
});

test('the carousel has three slides, each with a Get offer button that scrolls to the categories', async () => {
  const scroll = vi.spyOn(Element.prototype, 'scrollIntoView');
  const { user } = renderRoute(<HomeRoute />);

  const slides = screen.getAllByRole('group', { hidden: true });
  expect(slides).toHaveLength(3);
  expect(screen.getAllByRole('button', { name: /Go to slide/ })).toHaveLength(3);
  // Slides out of view are inert, so their buttons cannot take focus.
  expect(slides.map((slide) => slide.hasAttribute('inert'))).toEqual([false, true, true]);
  const offers = screen.getAllByRole('button', { name: 'Get offer' });
  expect(offers).toHaveLength(3);
  await user.click(offers[0] as HTMLElement);

  expect(scroll).toHaveBeenCalledTimes(1);
  expect(scroll.mock.instances[0]).toBe(document.getElementById('categories'));
  expect(document.getElementById('categories')).toHaveFocus();
});

test('Product Categories shows the five tiles linking to their category pages', () => {
  renderRoute(<HomeRoute />);

  expect(document.title).toBe('Home | B2B Wholesale Platform');
  const section = screen.getByRole('region', { name: 'Product Categories' });
  const links = within(section).getAllByRole('link');
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Electronics', '/categories/electronics'],
    ['Home', '/categories/home'],
    ['Kitchen', '/categories/kitchen'],
    ['Health', '/categories/health'],
    ['Beauty', '/categories/beauty'],
  ]);
});

test('Top Products asks for the first six products and shows them', async () => {
  const products = Array.from({ length: 6 }, (_, i) => createProduct({ name: `Item ${i + 1}`, brand: 'Walton' }));
  server.use(http.get('/api/products', () => pageResponse(products, 40)));
  renderRoute(<HomeRoute />);

  const section = screen.getByRole('region', { name: 'Top Products' });
  expect(await within(section).findByText('Item 1')).toBeInTheDocument();
  expect(within(section).getAllByRole('article')).toHaveLength(6);
  expect(receivedRequests()).toContainEqual(
    expect.objectContaining({ route: 'GET /api/products', query: expect.objectContaining({ limit: '6' }) }),
  );
});

test('Top Products shows the error as a sentence with a Retry button that reloads', async () => {
  // The first matching handler answers: the error once, then the list.
  server.use(
    http.get('/api/products', () => errorResponse(503, 'DB_UNAVAILABLE', 'The catalogue is unavailable right now.'), {
      once: true,
    }),
    http.get('/api/products', () => pageResponse([createProduct({ name: 'Back again' })])),
  );
  const { user } = renderRoute(<HomeRoute />);

  expect(await screen.findByText('The catalogue is unavailable right now.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Retry' }));

  expect(await screen.findByText('Back again')).toBeInTheDocument();
});

test('company stats show the four figures', () => {
  renderRoute(<HomeRoute />);

  const stats: [string, string][] = [
    ['Happy Customers', '1,200+'],
    ['Products Sold', '8,500+'],
    ['Expert Staff', '25'],
    ['Years of Service', '5+'],
  ];
  for (const [label, value] of stats) {
    const term = screen.getByText(label);
    expect(term.tagName).toBe('DT');
    expect(term.nextElementSibling).toHaveTextContent(value);
  }
});
