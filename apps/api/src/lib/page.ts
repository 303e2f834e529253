/** A page of a list with its exact total (a cart, a seller's own listings, an import's rows). */
export interface Page<T> {
  items: T[];
  total: number;
}

/** What a page of any paged list says about the rest of it (products, orders, notifications). */
export interface ListPageInfo {
  total: number;
  /** False when `total` is a lower bound or an estimate. */
  totalIsExact: boolean;
  /** True when `total` is the planner's estimate (more than MAX_EXACT_COUNT match). */
  totalIsEstimate?: boolean;
  nextCursor: string | null;
  /** The search actually run, when the one asked for found nothing and a spelling fix did. */
  correctedQuery?: string | null;
}
