import type { Dashboard, Notification } from '@b2b/shared';
import { buildCartItem, buildProduct, testUuid } from '@b2b/shared/testing';
import type { AuthUser } from '@/lib/auth';

/* Test data factories: the shared ones for API shapes, plus the signed-in user of the web app. */

let sequence = 0;

export function createUser(overrides: Partial<AuthUser> = {}): AuthUser {
  const n = ++sequence;
  return {
    uid: `uid-${n}`,
    email: `buyer${n}@example.com`,
    displayName: `Buyer ${n}`,
    photoURL: null,
    ...overrides,
  };
}

export { buildProduct as createProduct, buildCartItem as createCartItem };

let notificationSequence = 0;

/** A notification as GET /api/notifications returns it (unread, a new order, unless overridden). */
export function createNotification(overrides: Partial<Notification> = {}): Notification {
  const n = ++notificationSequence;
  return {
    _id: testUuid('a0000000', n),
    kind: 'order_received',
    title: `New order B2B-${String(n).padStart(6, '0')}`,
    body: 'Ann Buyer placed an order with you: 1 line, 3 units, total $30.00.',
    link: `/orders/${testUuid('b0000000', n)}`,
    read: false,
    createdAt: new Date(Date.UTC(2026, 10, 20, 9, n)).toISOString(),
    ...overrides,
  };
}

/** A seller's dashboard: 30 days ending today (UTC) with nothing sold, unless overridden. */
export function createDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  return {
    days: Array.from({ length: 30 }, (_, i) => ({
      date: new Date(today - (29 - i) * 86_400_000).toISOString().slice(0, 10),
      orders: 0,
      revenue: 0,
    })),
    totals: { orders: 0, revenue: 0 },
    receivables: { owed: 0, overdue: 0 },
    awaitingConfirmation: { count: 0, orders: [] },
    topProducts: [],
    lowStock: [],
    ...overrides,
  };
}
