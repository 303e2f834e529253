import { categoryLabel, FALLBACK_TEXT, type OrderLine } from '@b2b/shared';
import { formatCount, formatPrice } from '@/lib/format';

/**
 * An order's lines as bought (the prices of the day), with the order's total. The unit price is
 * the one charged (a volume tier, or the list price), with the list price beside it when they
 * differ. On a phone the quantity and unit price go under the product name, so the table fits
 * without scrolling.
 */
export function OrderLines({ lines, total, caption }: { lines: OrderLine[]; total: number; caption: string }) {
  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="table table-sm md:table-md">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col" className="hidden text-right sm:table-cell">
              Qty
            </th>
            <th scope="col" className="hidden text-right sm:table-cell">
              Unit price
            </th>
            <th scope="col" className="text-right">
              Line total
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line._id}>
              <td>
                <p className="font-medium">{line.name}</p>
                <p className="text-xs text-base-content/70">
                  {line.brand.trim() ? line.brand : FALLBACK_TEXT} · {categoryLabel(line.category)}
                </p>
                {line.sku ? <p className="text-xs break-all text-base-content/70">SKU: {line.sku}</p> : null}
                <p className="text-xs text-base-content/70 tabular-nums sm:hidden">
                  {formatCount(line.quantity)} × {formatPrice(line.price)}
                  {line.listPrice !== line.price ? ` (list ${formatPrice(line.listPrice)})` : ''}
                </p>
              </td>
              <td className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">
                {formatCount(line.quantity)}
              </td>
              <td className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">
                {formatPrice(line.price)}
                {line.listPrice !== line.price ? (
                  <span className="block text-xs text-base-content/70">list {formatPrice(line.listPrice)}</span>
                ) : null}
              </td>
              <td className="text-right align-top font-medium whitespace-nowrap tabular-nums sm:align-middle">
                {formatPrice(line.lineTotal)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="hidden text-right text-base text-base-content sm:table-cell">
              Total
            </th>
            <th scope="row" className="text-base text-base-content sm:hidden">
              Total
            </th>
            <td className="text-right text-base font-semibold whitespace-nowrap text-base-content tabular-nums">
              {formatPrice(total)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
