import { FIRST_ROW_CARDS } from '@/features/products/first-row';
import { preloadPictures, startPrefetch } from '@/lib/prefetch';
import { readSessionToken } from '@/lib/session-hint';

/*
 * Loaded by the /all-products page shell (`<script type="module" async>`), before and beside the
 * app's scripts: a returning buyer's first page of the catalogue is requested at once, with the
 * ID token the session hint keeps, instead of after the app has started; once it is in, the
 * first row's pictures start downloading too.
 */

/** What All Products asks for first, without query parameters (a test checks the app agrees). */
export const ALL_PRODUCTS_FIRST_PAGE = '/api/products?limit=24&offset=0&sort=oldest';

if (location.pathname === '/all-products' && location.search === '') {
  const token = readSessionToken();
  if (token) void preloadPictures(startPrefetch(ALL_PRODUCTS_FIRST_PAGE, token), FIRST_ROW_CARDS);
}
