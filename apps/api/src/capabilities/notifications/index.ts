/*
 * The notifications' public module: the events other capabilities raise (each one writes the
 * inbox rows, and the outbox the email worker delivers, in the caller's transaction).
 */
export {
  notifyApprovalDecided,
  notifyApprovalRequested,
  notifyImportFinished,
  notifyInvitation,
  notifyOrdersPlaced,
  notifyStatusChanged,
  type PlacedOrder,
} from './events.js';
export { notifyCreditNear, notifyPaymentReminder } from './accounts.js';
export { notifyQuote, type QuoteNotice } from './quotes.js';
