/** Business constants: the product spec's figures and the API contract's limits (docs/architecture.md). */

export const APP_TITLE = 'B2B Wholesale Platform';

/** The Firebase project of local runs and tests: a `demo-` id needs no account and no network. */
export const DEMO_PROJECT_ID = 'demo-b2b-wholesale';

/** The nine category values of the spec, in the spec's order, with what the user sees. */
export const CATEGORIES = [
  { value: 'electronics', label: 'Electronics' },
  { value: 'home', label: 'Home' },
  { value: 'kitchen', label: 'Kitchen' },
  { value: 'fashion', label: 'Fashion' },
  { value: 'health', label: 'Health' },
  { value: 'beauty', label: 'Beauty' },
  { value: 'accessories', label: 'Accessories' },
  { value: 'office&stationary', label: 'Office & stationary' },
  { value: 'others', label: 'Others' },
] as const;

export type Category = (typeof CATEGORIES)[number]['value'];

export const CATEGORY_VALUES = CATEGORIES.map((c) => c.value) as [Category, ...Category[]];

export function categoryLabel(value: string): string {
  return CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

export function isCategory(value: string): value is Category {
  return (CATEGORY_VALUES as readonly string[]).includes(value);
}

/** The five tiles of the home page; each links to /categories/{name lowercased}. */
export const HOME_CATEGORY_TILES = ['Electronics', 'Home', 'Kitchen', 'Health', 'Beauty'] as const;

/** "Available" means strictly more than this many units in stock. */
export const AVAILABLE_THRESHOLD = 100;
export const TOP_PRODUCTS_COUNT = 6;

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
/** The deepest page an offset may reach; past it, lists are walked with the X-Next-Cursor keyset cursor. */
export const MAX_LIST_OFFSET = 10_000;
/** Lists that are not counted by the database's maintained totals are counted up to this many. */
export const MAX_EXACT_COUNT = 10_000;

export const DEFAULT_MIN_SELL_QTY = 1;
export const DEFAULT_QUANTITY = 0;
export const DEFAULT_BUY_QUANTITY = 1;
export const FALLBACK_TEXT = 'N/A';

/** Upper bounds that keep one request from storing absurd values. */
export const LIMITS = {
  name: 200,
  brand: 100,
  image: 2048,
  description: 5000,
  content: 10000,
  search: 100,
  quantity: 1_000_000_000,
  price: 9_999_999_999.99,
} as const;

export const TOAST_MS = 2000;
export const CART_REMOVE_TOAST_MS = 1500;

/** How often an open page asks for the bell's unread count: a new order shows within 30 s. */
export const UNREAD_POLL_MS = 25_000;
export const BANNER_ANIMATION_MS = 3000;
export const CAROUSEL = { slides: 3, speedMs: 5000, autoplayIntervalMs: 6000 } as const;

export const COMPANY_STATS = [
  { label: 'Happy Customers', value: '1,200+' },
  { label: 'Products Sold', value: '8,500+' },
  { label: 'Expert Staff', value: '25' },
  { label: 'Years of Service', value: '5+' },
] as const;

export const SORTS = ['oldest', 'newest', 'price_asc', 'price_desc', 'name_asc', 'rating_desc', 'relevance'] as const;
export type Sort = (typeof SORTS)[number];
/** Creation order, so "the first 6 products" are the first six listed. */
export const DEFAULT_SORT: Sort = 'oldest';
/** With a search, best matches first: names that start with the query, then the other matches. */
export const DEFAULT_SEARCH_SORT: Sort = 'relevance';
