import { categoryLabel, FALLBACK_TEXT, formatTaxRate, type OrderLine, type Totals } from '@b2b/shared';
import { isTaxed, taxLabel } from '@b2b/shared';
import { formatCount, formatPrice } from '@/lib/format';

/** A row of the table's foot: the label across the other columns (on a phone, in the first), the amount last. */
function FootRow({ label, amount, strong = false }: { label: string; amount: number; strong?: boolean }) {
  // daisyUI sets a table's foot bold and muted: the net and tax rows are read as plain lines above the total.
  const text = strong ? 'text-base text-base-content' : 'py-1 font-normal text-base-content/80';
  return (
    <tr>
      <th scope="row" colSpan={3} className={`hidden text-right sm:table-cell ${text}`}>
        {label}
      </th>
      <th scope="row" className={`sm:hidden ${text}`}>
        {label}
      </th>
      <td
        className={`text-right whitespace-nowrap tabular-nums ${strong ? 'text-base font-semibold text-base-content' : text}`}
      >
        {formatPrice(amount)}
      </td>
    </tr>
  );
}

/**
 * An order's lines as bought (the prices of the day), with the order's totals: net, the tax at
 * each rate and the gross to pay (the gross alone when no tax applies). The unit price is
 * the one charged (a volume tier, or the list price), with the list price beside it when they
 * differ. On a phone the quantity and unit price go under the product name, so the table fits
 * without scrolling.
 */
export function OrderLines({ lines, totals, caption }: { lines: OrderLine[]; totals: Totals; caption: string }) {
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
                {line.taxRate > 0 ? (
                  <span className="block text-xs font-normal text-base-content/70">
                    + {formatTaxRate(line.taxRate)} tax
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {isTaxed(totals) ? (
            <>
              <FootRow label="Net total" amount={totals.net} />
              {totals.byRate.map((rate) => (
                <FootRow key={rate.rate} label={taxLabel(rate)} amount={rate.tax} />
              ))}
            </>
          ) : null}
          <FootRow label="Total" amount={totals.gross} strong />
        </tfoot>
      </table>
    </div>
  );
}
