import type { QuickOrderResult } from '@b2b/shared';
import { AddToCartResults } from '@/components/ui/add-to-cart-results';

/** What adding the lines did, line by line, with the way to the cart when anything was added. */
export function QuickOrderResults({ result, cartPath }: { result: QuickOrderResult; cartPath: string }) {
  const lines = result.results.map((line) => ({
    key: line.line,
    label: `Line ${line.line}: ${line.sku || '(no SKU)'}`,
    added: line.outcome === 'added',
    outcome:
      (line.outcome === 'added' ? 'Added to cart' : `Not added: ${line.message ?? line.code ?? ''}`) +
      (line.mergedWith?.length ? ` (with line ${line.mergedWith.join(', ')})` : ''),
  }));
  return <AddToCartResults id="quick-order-results" lines={lines} cartPath={cartPath} />;
}
