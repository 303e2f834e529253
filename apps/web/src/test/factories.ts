import type { CartItem, Product } from '@b2b/shared';
import type { AuthUser } from '@/lib/auth';

/* Test data factories: sensible defaults, override what the test is about. */

let sequence = 0;
const next = () => ++sequence;

export function createUser(overrides: Partial<AuthUser> = {}): AuthUser {
  const n = next();
  return {
    uid: `uid-${n}`,
    email: `buyer${n}@example.com`,
    displayName: `Buyer ${n}`,
    photoURL: null,
    ...overrides,
  };
}

export function createProduct(overrides: Partial<Product> = {}): Product {
  const n = next();
  const now = new Date(Date.UTC(2025, 0, 1, 12, 0, n % 60)).toISOString();
  return {
    _id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    email: 'seller@example.com',
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
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function createCartItem(overrides: Partial<CartItem> = {}): CartItem {
  const n = next();
  return {
    _id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    productId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Product ${n}`,
    image: '/images/products/placeholder.svg',
    brand: 'Acme',
    category: 'electronics',
    price: 12.5,
    userEmail: 'buyer@example.com',
    displayName: 'Buyer',
    buyQuantity: 10,
    buyDate: new Date(Date.UTC(2025, 0, 2)).toISOString(),
    ...overrides,
  };
}
