/* Price lists' public module: a seller's customer by email (the customer model contract prices and accounts share). */
export { customerByEmail } from './quotes.js';
