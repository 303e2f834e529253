/* Accounts' public module: whether a checkout's order goes on account, and a buyer's terms with a seller. */
export { accountOf, onAccount, type AccountRow, type Buyer } from './credit.js';
export { applyUnapplied, releaseOverpaid } from './payments.js';
