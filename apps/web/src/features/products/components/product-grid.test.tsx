import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { expect, test } from 'vitest';
import { createProduct } from '@/test/factories';
import { ProductGrid } from './product-grid';

test("the first row's pictures load at once with high priority (the largest paint); the rest lazily", () => {
  const products = Array.from({ length: 5 }, (_, i) =>
    createProduct({ name: `Lamp ${i + 1}`, image: `/images/products/lamp-${i + 1}.svg` }),
  );
  render(
    <MemoryRouter>
      <ProductGrid products={products} />
    </MemoryRouter>,
  );
  const loading = products.map((p) => {
    const img = screen.getByRole('img', { name: p.name });
    return [img.getAttribute('loading'), img.getAttribute('fetchpriority')];
  });
  expect(loading).toEqual([
    ['eager', 'high'],
    ['eager', 'high'],
    ['eager', 'high'],
    ['lazy', null],
    ['lazy', null],
  ]);
});
