import type { CartItem, SavedList } from '@b2b/shared';
import type { RequestLine } from '../components/request-quote-dialog';

/** The cart as lines to price: one per product (a product bought twice is one line), with its unit price now. */
export function cartRequestLines(items: readonly CartItem[]): RequestLine[] {
  const lines = new Map<string, RequestLine>();
  for (const item of items) {
    const line = lines.get(item.productId);
    if (line) line.quantity += item.buyQuantity;
    else {
      lines.set(item.productId, {
        productId: item.productId,
        name: item.name,
        sku: item.sku,
        quantity: item.buyQuantity,
        price: item.price,
        seller: item.seller?.name ?? item.sellerEmail,
      });
    }
  }
  return [...lines.values()];
}

/** A saved list's lines whose product is still sold, at the buyer's price where they have one. */
export function listRequestLines(list: SavedList, yours: ReadonlyMap<string, number>): RequestLine[] {
  return list.lines.flatMap(({ productId, quantity, product, sku }) =>
    product
      ? [
          {
            productId,
            name: product.name,
            sku: product.sku ?? sku,
            quantity,
            price: yours.get(productId) ?? product.price,
            seller: product.sellerName ?? product.sellerEmail,
          },
        ]
      : [],
  );
}
