/*
 * The catalogue's public module: what other capabilities may use of it. Everything else in this
 * folder is its own (eslint.config.js holds every capability to this).
 */
export { returnStock, takeStock, type StockReturn, type StockTake } from './stock.js';
export { PRODUCT_COLUMN_TYPE } from './columns.js';
export { productUpdated } from './activity.js';
