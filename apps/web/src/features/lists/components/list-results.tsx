import type { ListAddToCartResult } from '@b2b/shared';
import { AddToCartResults } from '@/components/ui/add-to-cart-results';
import { formatCount } from '@/lib/format';

/** What adding a list to the cart did, line by line (a product deleted since is said so, not dropped). */
export function ListResults({ result, cartPath }: { result: ListAddToCartResult; cartPath: string }) {
  const lines = result.results.map((line) => ({
    key: line.productId,
    label: `${line.name}${line.sku ? ` (${line.sku})` : ''}`,
    added: line.outcome === 'added',
    outcome:
      line.outcome === 'added'
        ? 'Added to cart'
        : line.code === 'NOT_FOUND'
          ? 'No longer sold'
          : `Not added: ${line.message ?? ''}`,
  }));
  return <AddToCartResults id="list-results" lines={lines} cartPath={cartPath} />;
}

export const lineCount = (count: number) => `${formatCount(count)} ${count === 1 ? 'line' : 'lines'}`;
