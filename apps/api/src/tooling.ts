/*
 * What the measuring tools (tooling/perf) may use of the API besides its HTTP interface: the
 * database as the API opens it, and the seed's catalogue generator. `@b2b/api/tooling` is the
 * one entry they import; anything else they need goes through the running server.
 */
export { createDatabase, type AppDb, type Database } from './db/client.js';
export { generateCatalogue } from './seed/generate.js';
export { invoicePdf } from './capabilities/invoices/pdf/documents.js';
