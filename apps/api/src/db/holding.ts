import { gt, sql } from 'drizzle-orm';
import { cartItems } from './schema.js';

/**
 * A cart item whose hold has not expired yet: only these are in the cart, even before the sweep
 * has released the rest (docs/architecture.md, "Orders and cart holds").
 */
export const holding = () => gt(cartItems.heldUntil, sql`now()`);
