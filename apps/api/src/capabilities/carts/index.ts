/* The carts' public module: orders, lists and quick order put lines into a cart through it. */
export type { CartRepository } from './repository.js';
export { emptyCart } from './empty.js';
