import type { ReactNode } from 'react';
import { categoryLabel, type Product } from '@b2b/shared';
import { formatCount, formatPrice } from '@/lib/format';
import { formatRating, minSellQtyOrDefault, quantityOrDefault, textOrFallback } from '../utils/format';
import { ProductImage } from '@/components/ui/product-image';

export const PRODUCT_TABLE_COLUMNS = [
  'SL',
  'Name',
  'Image',
  'Brand',
  'Category',
  'Quantity',
  'Min Sell Qty',
  'Price',
  'Rating',
  'Action',
] as const;

type ProductsTableProps = {
  products: Product[];
  /** Accessible name of the table (and of its scroll region on small screens). */
  label: string;
  /** SL keeps counting across pages. */
  startIndex?: number;
  renderActions: (product: Product) => ReactNode;
  emptyText?: string;
};

export function ProductsTable({
  products,
  label,
  startIndex = 0,
  renderActions,
  emptyText = 'No products found.',
}: ProductsTableProps) {
  return (
    <div
      className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
      // Focusable so keyboard users can scroll the table sideways on narrow screens.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className="table table-zebra">
        <caption className="sr-only">{label}</caption>
        <thead>
          <tr>
            {PRODUCT_TABLE_COLUMNS.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {products.length === 0 ? (
            <tr>
              <td colSpan={PRODUCT_TABLE_COLUMNS.length} className="py-10 text-center text-base-content/70">
                {emptyText}
              </td>
            </tr>
          ) : (
            products.map((product, index) => (
              <tr key={product._id}>
                <th scope="row">{formatCount(startIndex + index + 1)}</th>
                <td className="min-w-40 font-medium">{product.name}</td>
                <td>
                  <ProductImage
                    src={product.image}
                    alt={product.name}
                    compact
                    className="size-12 rounded-box bg-base-200 object-contain p-1"
                  />
                </td>
                <td>{textOrFallback(product.brand)}</td>
                <td className="whitespace-nowrap">{categoryLabel(product.category)}</td>
                <td>{formatCount(quantityOrDefault(product.quantity))}</td>
                <td>{formatCount(minSellQtyOrDefault(product.minSellQty))}</td>
                <td className="whitespace-nowrap">{formatPrice(product.price)}</td>
                <td className="whitespace-nowrap">{formatRating(product.rating)}</td>
                <td>
                  <div className="flex flex-nowrap gap-2">{renderActions(product)}</div>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
