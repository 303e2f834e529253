import type { CartItem, Product, ProductData } from './schemas.js';

/*
 * The one set of test factories, used by the API tests, the web tests and the end-to-end
 * journeys: sensible, valid defaults; each test overrides what it is about. A field added to
 * the product schema fails to compile here until it gets a default.
 */

let sequence = 0;
const next = () => ++sequence;

/** A valid UUID that is unique within the run and easy to read in a failure. */
export const testUuid = (prefix: string, n: number) => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A valid POST /api/products body. */
export function buildProductInput(overrides: Partial<ProductData> = {}): ProductData {
  const n = next();
  return {
    image: '/images/products/placeholder.svg',
    name: `Product ${n}`,
    quantity: 250,
    minSellQty: 10,
    brand: 'Acme',
    category: 'electronics',
    description: 'A sturdy product for wholesale buyers.',
    price: 12.5,
    rating: 4.2,
    content: 'Box of 10 units.',
    ...overrides,
  };
}

/** A product as the API sends it. */
export function buildProduct(overrides: Partial<Product> = {}): Product {
  const n = next();
  const now = new Date(Date.UTC(2025, 0, 1, 12, 0, n % 60)).toISOString();
  return {
    ...buildProductInput({ name: `Product ${n}` }),
    _id: testUuid('00000000', n),
    email: 'seller@example.com',
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

/** A cart item as the API sends it. */
export function buildCartItem(overrides: Partial<CartItem> = {}): CartItem {
  const n = next();
  const { name, image, brand, category, price } = buildProductInput({ name: `Product ${n}` });
  return {
    _id: testUuid('10000000', n),
    productId: testUuid('00000000', n),
    name,
    image,
    brand,
    category,
    price,
    userEmail: 'buyer@example.com',
    displayName: 'Buyer',
    buyQuantity: 10,
    buyDate: new Date(Date.UTC(2025, 0, 2)).toISOString(),
    ...overrides,
  };
}
