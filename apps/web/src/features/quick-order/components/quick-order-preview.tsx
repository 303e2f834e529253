import type { QuickOrderPreview, QuickOrderPreviewLine } from '@b2b/shared';
import { SellerName } from '@/components/ui/seller-name';
import { formatCount, formatPrice } from '@/lib/format';

type QuickOrderPreviewProps = {
  preview: QuickOrderPreview;
  /** Takes a suggested quantity for a line (and previews again). */
  onQuantity: (line: number, quantity: number) => void;
  /** Picks the seller of a SKU several sellers sell (and previews again). */
  onSeller: (line: number, sellerEmail: string) => void;
  disabled?: boolean;
};

/*
 * Below 1024 px each line is a block (SKU and quantity, then the product or the explanation), so
 * the preview never scrolls sideways; the markup stays one table for screen readers.
 */
const STACK = {
  table: 'max-lg:block',
  head: 'max-lg:sr-only',
  body: 'max-lg:block',
  row: 'max-lg:flex max-lg:flex-col max-lg:gap-1 max-lg:border-b max-lg:border-base-300 max-lg:p-3',
  // Empty cells (no price on a line with a problem) take no room in a block.
  cell: 'max-lg:border-0 max-lg:p-0 max-lg:empty:hidden',
} as const;

const Label = ({ children }: { children: string }) => (
  <span className="mr-1 text-base-content/60 lg:hidden" aria-hidden="true">
    {children}:
  </span>
);

const merged = (line: QuickOrderPreviewLine) =>
  line.mergedWith?.length
    ? `Merged with line${line.mergedWith.length === 1 ? '' : 's'} ${line.mergedWith.join(', ')}: judged and priced together.`
    : null;

function Outcome({
  line,
  onQuantity,
  onSeller,
  disabled,
}: { line: QuickOrderPreviewLine } & Omit<QuickOrderPreviewProps, 'preview'>) {
  const product = line.product;
  return (
    <div className="flex flex-col gap-1">
      {product ? (
        <p>
          <span className="font-medium">{product.name}</span>
          <span className="block text-xs text-base-content/70">
            <SellerName email={product.sellerEmail} company={product.sellerName} /> · pack of{' '}
            {formatCount(product.packSize)}
            {product.minSellQty > 1 ? ` · min ${formatCount(product.minSellQty)}` : ''}
          </span>
        </p>
      ) : null}
      {line.status === 'error' ? <p className="text-sm text-error">{line.message}</p> : null}
      {line.suggestions?.length ? (
        <div className="flex flex-wrap gap-2">
          {line.suggestions.map((quantity) => (
            <button
              key={quantity}
              type="button"
              className="btn btn-outline btn-primary btn-xs"
              disabled={disabled}
              onClick={() => onQuantity(line.line, quantity)}
              aria-label={`Use ${quantity} on line ${line.line}`}
            >
              Use {formatCount(quantity)}
            </button>
          ))}
        </div>
      ) : null}
      {line.choices?.length ? (
        <ul className="flex flex-col gap-1" aria-label={`Sellers of ${line.sku}`}>
          {line.choices.map((choice) => (
            <li key={choice.productId}>
              <button
                type="button"
                className="btn h-auto min-h-0 btn-outline py-1 text-left btn-primary btn-xs"
                disabled={disabled}
                onClick={() => onSeller(line.line, choice.sellerEmail)}
              >
                {choice.name} from <SellerName email={choice.sellerEmail} company={choice.sellerName} />,{' '}
                {formatPrice(choice.price)} (pack {choice.packSize})
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {merged(line) ? <p className="text-xs text-base-content/70">{merged(line)}</p> : null}
    </div>
  );
}

/** Each line resolved to its product at the price it reaches, or explained with a way to fix it; then the totals. */
export function QuickOrderPreviewTable({ preview, ...actions }: QuickOrderPreviewProps) {
  const errors = preview.lines.filter((line) => line.status === 'error').length;
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className={errors ? 'font-medium' : ''}>
        {errors === 0
          ? `All ${preview.lines.length} lines can be added.`
          : `${preview.lines.length - errors} of ${preview.lines.length} lines can be added; ${errors} ${errors === 1 ? 'needs' : 'need'} attention.`}
      </p>
      <div className="rounded-box border border-base-300 bg-base-100 lg:overflow-x-auto">
        <table className={`table ${STACK.table}`}>
          <caption className="sr-only">Quick order preview</caption>
          <thead className={STACK.head}>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">SKU</th>
              <th scope="col">Quantity</th>
              <th scope="col">Product or problem</th>
              <th scope="col" className="text-right">
                Unit price
              </th>
              <th scope="col" className="text-right">
                Line total
              </th>
            </tr>
          </thead>
          <tbody className={STACK.body}>
            {preview.lines.map((line) => (
              <tr key={line.line} className={STACK.row}>
                <th scope="row" className={`${STACK.cell} font-normal`}>
                  <Label>Line</Label>
                  {line.line}
                  <span className={`ml-2 badge badge-sm ${line.status === 'ok' ? 'badge-success' : 'badge-error'}`}>
                    {line.status === 'ok' ? 'OK' : 'Problem'}
                  </span>
                </th>
                <td className={`${STACK.cell} break-all lg:break-normal lg:whitespace-nowrap`}>
                  <Label>SKU</Label>
                  {line.sku || '–'}
                </td>
                <td className={STACK.cell}>
                  <Label>Quantity</Label>
                  {line.quantity === null ? '–' : formatCount(line.quantity)}
                </td>
                <td className={`${STACK.cell} lg:min-w-64`}>
                  <Outcome line={line} {...actions} />
                </td>
                <td className={`${STACK.cell} whitespace-nowrap lg:text-right`}>
                  {line.unitPrice === undefined ? null : (
                    <>
                      <Label>Unit price</Label>
                      {formatPrice(line.unitPrice)}
                    </>
                  )}
                </td>
                <td className={`${STACK.cell} font-medium whitespace-nowrap lg:text-right`}>
                  {line.lineTotal === undefined ? null : (
                    <>
                      <Label>Line total</Label>
                      {formatPrice(line.lineTotal)}
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="quick-order-totals" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-2 p-4">
          <h3 id="quick-order-totals" className="font-semibold">
            Totals
          </h3>
          <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-4 gap-y-1 text-sm">
            {preview.totals.sellers.map((seller) => (
              <div key={seller.sellerEmail} className="contents">
                <dt className="break-words">
                  <SellerName email={seller.sellerEmail} company={seller.sellerName} /> ({formatCount(seller.lines)}{' '}
                  {seller.lines === 1 ? 'line' : 'lines'}, {formatCount(seller.units)} units)
                </dt>
                <dd className="text-right">{formatPrice(seller.total)}</dd>
              </div>
            ))}
            <dt className="border-t border-base-300 pt-1 font-semibold">
              Total ({formatCount(preview.totals.lines)} {preview.totals.lines === 1 ? 'line' : 'lines'},{' '}
              {formatCount(preview.totals.units)} units)
            </dt>
            <dd className="border-t border-base-300 pt-1 text-right font-semibold">
              {formatPrice(preview.totals.total)}
            </dd>
          </dl>
        </div>
      </section>
    </div>
  );
}
