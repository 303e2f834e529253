import {
  formatOrderNumber,
  nextStatuses,
  type Order,
  type OrderLine,
  type OrderStatus,
  type OrderSummary,
  type ShipTo,
} from './orders.js';
import type { CartItem, Product, ProductData } from './schemas.js';
import { lineAmount, sumAmounts, taxOf, totalsOf } from './money.js';

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
    sku: null,
    packSize: 1,
    maxOrderQty: null,
    priceTiers: [],
    taxRate: null,
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
    seller: null,
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
    // At its list price unless the test says otherwise, like buildOrderLine: no volume saving by accident.
    listPrice: overrides.price ?? price,
    priceListId: null,
    sku: null,
    packSize: 1,
    productQuantity: overrides.buyQuantity ?? 10,
    taxRate: 0,
    nextTier: null,
    userEmail: 'buyer@example.com',
    displayName: 'Buyer',
    buyQuantity: 10,
    buyDate: new Date(Date.UTC(2025, 0, 2)).toISOString(),
    sellerEmail: 'seller@example.com',
    seller: null,
    heldUntil: new Date(Date.UTC(2025, 0, 5)).toISOString(),
    ...overrides,
  };
}

/** A valid ship-to address (the POST /api/orders `shipTo`). */
export function buildShipTo(overrides: Partial<ShipTo> = {}): ShipTo {
  return {
    name: 'Receiving Dock',
    line1: '12 Harbour Road',
    line2: '',
    city: 'Chattogram',
    postalCode: '4100',
    country: 'Bangladesh',
    phone: '+880 31 000000',
    ...overrides,
  };
}

/** An order line as the API sends it. */
export function buildOrderLine(overrides: Partial<OrderLine> = {}): OrderLine {
  const n = next();
  const { name, image, brand, category, price } = buildProductInput({ name: `Product ${n}` });
  const line = {
    _id: testUuid('20000000', n),
    productId: testUuid('00000000', n),
    name,
    image,
    brand,
    category,
    price,
    listPrice: overrides.price ?? price,
    sku: null,
    quantity: 10,
    taxRate: 0,
    packSize: 1,
    ...overrides,
  };
  const lineTotal = overrides.lineTotal ?? lineAmount(line.price, line.quantity);
  return { ...line, lineTotal, tax: overrides.tax ?? taxOf(lineTotal, line.taxRate) };
}

/** An order as lists send it (GET /api/orders, GET /api/sales). */
export function buildOrderSummary(overrides: Partial<OrderSummary> = {}): OrderSummary {
  const n = next();
  const placedAt = new Date(Date.UTC(2025, 0, 3, 9, 0, n % 60)).toISOString();
  return {
    _id: testUuid('30000000', n),
    orderNumber: formatOrderNumber(n),
    checkoutId: testUuid('40000000', n),
    status: 'placed',
    buyerEmail: 'buyer@example.com',
    buyerName: 'Buyer',
    sellerEmail: 'seller@example.com',
    sellerName: null,
    companyName: null,
    poNumber: '',
    total: 125,
    tax: 0,
    lineCount: 1,
    units: 10,
    placedAt,
    updatedAt: placedAt,
    ...overrides,
  };
}

/**
 * A whole order as GET /api/orders/:id sends it; totals, counts, history and the next
 * statuses follow from the lines and the status unless overridden.
 */
export function buildOrder(
  overrides: Partial<Order> = {},
  { viewer = 'buyer' }: { viewer?: 'buyer' | 'seller' } = {},
): Order {
  const lines = overrides.lines ?? [buildOrderLine()];
  const status: OrderStatus = overrides.status ?? 'placed';
  const summary = buildOrderSummary({
    status,
    total: sumAmounts(lines.map((line) => line.lineTotal)),
    tax: sumAmounts(lines.map((line) => line.tax)),
    lineCount: lines.length,
    units: lines.reduce((sum, line) => sum + line.quantity, 0),
  });
  const forward: OrderStatus[] = ['placed', 'confirmed', 'shipped', 'delivered'];
  const reached = status === 'cancelled' ? ['placed' as const, status] : forward.slice(0, forward.indexOf(status) + 1);
  const history = reached.map((s, i) => ({
    status: s,
    at: new Date(Date.parse(summary.placedAt) + i * 3_600_000).toISOString(),
  }));
  return {
    ...summary,
    shipTo: buildShipTo(),
    note: '',
    trackingRef: '',
    cancelledBy: status === 'cancelled' ? 'buyer' : null,
    lines,
    totals: totalsOf(lines),
    invoice: null,
    quote: null,
    canInvoice: false,
    history,
    nextStatuses: nextStatuses(status, [viewer]),
    approval: null,
    ...overrides,
  };
}
