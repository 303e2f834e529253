/* Billing details' public module: the tax rate a product is sold at, and a business's details for documents. */
export { productTaxRate } from './tax.js';
export { billingOf } from './repository.js';
