/* The orders' public module: the company's order list documents itself like the buyer's. */
export { ORDER_LIST_DOC } from './docs.js';
export { orderStatusActivity } from './activity.js';
export { createOrderQueries, type OrderQueries } from './queries.js';
export { rolesOf, type OrderDocuments } from './mapping.js';
export type { OrderRepository } from './repository.js';
export type { ApprovalListener } from './approvals.js';
