import { formatPrice } from '@/lib/format';

/**
 * A spending limit as typed: empty means none (every checkout is placed at once). Anything else
 * goes to the shared schema as a number, which says what is wrong with it (NaN included).
 */
export function parseSpendingLimit(text: string): number | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : Number(trimmed);
}

export function formatSpendingLimit(limit: number | null): string {
  return limit === null ? 'No limit' : formatPrice(limit);
}
