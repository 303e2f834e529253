import type { ReactNode } from 'react';
import { categoryLabel, type Product } from '@b2b/shared';
import { formatCount, formatPrice } from '@/lib/format';
import { formatRating, minSellQtyOrDefault, quantityOrDefault, textOrFallback } from '../utils/format';
import { ProductImage } from '@/components/ui/product-image';
import { YourPrice } from './your-price';

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
  /**
   * Below 1024 px, each row becomes a block (picture and name, then one labelled line per
   * column, in two columns on tablets, then the actions) instead of a table wider than the
   * screen. For lists with no card view of their own (My Products); the markup stays the table.
   */
  stackBelowDesktop?: boolean;
  /** The signed-in buyer's contract prices, by product: shown as "Your price" beside the list price. */
  yourPrices?: ReadonlyMap<string, number>;
};

/*
 * The stacked layout, as classes that apply below the `lg` breakpoint only. A block is a grid of
 * [picture | name] over labelled lines: on phones one line per row ([3.5rem 1fr]), from 640 px
 * two ([3.5rem 1fr 3.5rem 1fr], a line spanning two columns). The header row stays for assistive
 * technology (visually hidden), and each cell shows its column's name in a label that screen
 * readers skip, since they announce the header already.
 */
const STACK = {
  table: 'max-lg:block',
  head: 'max-lg:sr-only',
  body: 'max-lg:block',
  row: 'max-lg:grid max-lg:grid-cols-[3.5rem_1fr] max-lg:items-center max-lg:gap-x-3 max-lg:gap-y-1.5 max-lg:border-b max-lg:border-base-300 max-lg:p-4 max-lg:last:border-b-0 sm:max-lg:grid-cols-[3.5rem_1fr_3.5rem_1fr] sm:max-lg:gap-x-8',
  // Picture, then name, on the block's first line (ahead of SL, which comes first in the row).
  picture: 'max-lg:-order-2 max-lg:p-0',
  name: 'max-lg:-order-1 max-lg:p-0 max-lg:text-base sm:max-lg:col-span-3',
  line: 'max-lg:col-span-2 max-lg:flex max-lg:justify-between max-lg:gap-4 max-lg:p-0 max-lg:text-sm',
  actions: 'max-lg:col-span-2 max-lg:p-0 max-lg:pt-2 sm:max-lg:col-span-4',
} as const;

const none = { table: '', head: '', body: '', row: '', picture: '', name: '', line: '', actions: '' } as const;

type Column = (typeof PRODUCT_TABLE_COLUMNS)[number];

/** The plain value columns between the picture and the actions, in PRODUCT_TABLE_COLUMNS order. */
const valueCells = (product: Product, yourPrice?: number): { column: Column; value: ReactNode; nowrap?: boolean }[] => [
  { column: 'Brand', value: textOrFallback(product.brand) },
  { column: 'Category', value: categoryLabel(product.category), nowrap: true },
  { column: 'Quantity', value: formatCount(quantityOrDefault(product.quantity)) },
  { column: 'Min Sell Qty', value: formatCount(minSellQtyOrDefault(product.minSellQty)) },
  {
    column: 'Price',
    value:
      yourPrice === undefined ? formatPrice(product.price) : <YourPrice price={yourPrice} listPrice={product.price} />,
    nowrap: true,
  },
  { column: 'Rating', value: formatRating(product.rating), nowrap: true },
];

/** The column's name beside a value in the stacked layout; hidden elsewhere and from screen readers. */
const StackLabel = ({ column }: { column: Column }) => (
  <span className="font-normal text-base-content/60 lg:hidden" aria-hidden="true">
    {column}
  </span>
);

export function ProductsTable({
  products,
  label,
  startIndex = 0,
  renderActions,
  emptyText = 'No products found.',
  stackBelowDesktop = false,
  yourPrices,
}: ProductsTableProps) {
  const stack = stackBelowDesktop ? STACK : none;
  const stackLabel = (column: Column) => (stackBelowDesktop ? <StackLabel column={column} /> : null);
  return (
    <div
      className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
      // Focusable so keyboard users can scroll the table sideways on narrow screens.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table className={`table table-zebra ${stack.table}`}>
        <caption className="sr-only">{label}</caption>
        <thead className={stack.head}>
          <tr>
            {PRODUCT_TABLE_COLUMNS.map((column) => (
              <th key={column} scope="col" className="whitespace-nowrap">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={stack.body}>
          {products.length === 0 ? (
            <tr>
              <td colSpan={PRODUCT_TABLE_COLUMNS.length} className="py-10 text-center text-base-content/70">
                {emptyText}
              </td>
            </tr>
          ) : (
            products.map((product, index) => (
              <tr key={product._id} className={stack.row}>
                <th scope="row" className={stack.line}>
                  {stackLabel('SL')}
                  {formatCount(startIndex + index + 1)}
                </th>
                <td className={`min-w-40 font-medium ${stack.name}`}>
                  {product.name}
                  {product.sku ? (
                    <span className="block text-xs font-normal break-all text-base-content/70">SKU: {product.sku}</span>
                  ) : null}
                </td>
                <td className={stack.picture}>
                  <ProductImage
                    src={product.image}
                    alt={product.name}
                    compact
                    className="size-12 rounded-box bg-base-200 object-contain p-1"
                  />
                </td>
                {valueCells(product, yourPrices?.get(product._id)).map(({ column, value, nowrap }) => (
                  <td key={column} className={`${nowrap ? 'whitespace-nowrap' : ''} ${stack.line}`}>
                    {stackLabel(column)}
                    {value}
                  </td>
                ))}
                <td className={stack.actions}>
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
