/**
 * The API's error body schema on its own, so lib/api-client.ts can load it (with the
 * validation library) when the first error arrives instead of with every page.
 */
export { errorBodySchema } from '@b2b/shared';
