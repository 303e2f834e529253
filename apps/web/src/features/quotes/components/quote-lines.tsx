import type { Quote, QuoteLine, QuoteOfferLine } from '@b2b/shared';
import { formatCount, formatPrice } from '@/lib/format';

/** The product's brand and SKU, as a line of small print ("Acme · SKU: DL-20"). */
export function productMeta(line: Pick<QuoteLine, 'brand' | 'sku'>): string {
  return [line.brand.trim() || null, line.sku ? `SKU: ${line.sku}` : null].filter(Boolean).join(' · ');
}

/** The buyer's own price, as each side calls it. */
export const ownPriceLabel = (side: Quote['side']) => (side === 'buyer' ? 'Your price' : 'Their price');

/** What the buyer asked, in one line (the narrow layout, where these have no columns). */
function Asked({ line, side }: { line: QuoteLine; side: Quote['side'] }) {
  return (
    <p className="text-xs text-base-content/70 tabular-nums lg:hidden">
      Asked {formatCount(line.quantity)} · target {line.targetPrice === null ? '–' : formatPrice(line.targetPrice)} ·
      list {formatPrice(line.listPrice)} · {ownPriceLabel(side).toLowerCase()} {formatPrice(line.yourPrice)}
    </p>
  );
}

/**
 * The quote's lines as asked (quantity, the buyer's target, the list price and the buyer's own
 * price then) and the standing offer beside them (quantity, unit price, line total) with its net.
 * On a phone and a tablet what was asked goes under the product's name, so the table fits; it
 * still scrolls sideways in a focusable region when it cannot.
 */
export function QuoteLines({ quote }: { quote: Quote }) {
  const offer = quote.versions.at(-1);
  const offered = new Map<string, QuoteOfferLine>(offer?.lines.map((line) => [line.productId, line]));
  const caption = `Lines of quote ${quote.number}`;
  const cell = 'text-right whitespace-nowrap tabular-nums';
  return (
    <div className="flex flex-col gap-2">
      <div
        className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
        // Focusable so keyboard users can scroll the table sideways on narrow screens.
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
        tabIndex={0}
        role="region"
        aria-label={`${caption} (scrolls sideways)`}
      >
        <table className="table table-sm md:table-md">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="hidden text-right lg:table-cell">
                Asked
              </th>
              <th scope="col" className="hidden text-right lg:table-cell">
                Target
              </th>
              <th scope="col" className="hidden text-right lg:table-cell">
                List price
              </th>
              <th scope="col" className="hidden text-right lg:table-cell">
                {ownPriceLabel(quote.side)}
              </th>
              {offer ? (
                <>
                  <th scope="col" className="text-right">
                    Offer
                  </th>
                  <th scope="col" className="text-right">
                    Line total
                  </th>
                </>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {quote.lines.map((line) => {
              const mine = offered.get(line.productId);
              return (
                <tr key={line.productId}>
                  <td className="min-w-40">
                    <p className="font-medium">
                      {line.name}
                      {line.available ? null : (
                        <span className="ml-2 badge badge-sm whitespace-nowrap badge-warning">Not available</span>
                      )}
                    </p>
                    <p className="text-xs break-all text-base-content/70">{productMeta(line)}</p>
                    <Asked line={line} side={quote.side} />
                  </td>
                  <td className={`hidden lg:table-cell ${cell}`}>{formatCount(line.quantity)}</td>
                  <td className={`hidden lg:table-cell ${cell}`}>
                    {line.targetPrice === null ? '–' : formatPrice(line.targetPrice)}
                  </td>
                  <td className={`hidden lg:table-cell ${cell}`}>{formatPrice(line.listPrice)}</td>
                  <td className={`hidden lg:table-cell ${cell}`}>{formatPrice(line.yourPrice)}</td>
                  {offer ? (
                    <>
                      <td className={cell}>
                        {mine ? (
                          <>
                            {formatPrice(mine.unitPrice)}
                            <span className="block text-xs text-base-content/70">× {formatCount(mine.quantity)}</span>
                          </>
                        ) : (
                          '–'
                        )}
                      </td>
                      <td className={`${cell} font-medium`}>{mine ? formatPrice(mine.lineTotal) : '–'}</td>
                    </>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
          {offer ? (
            <tfoot>
              <tr>
                <th scope="row" colSpan={6} className="hidden text-right text-base text-base-content lg:table-cell">
                  Net total
                </th>
                <th scope="row" colSpan={2} className="text-right text-base text-base-content lg:hidden">
                  Net total
                </th>
                <td className={`${cell} text-base font-semibold text-base-content`}>{formatPrice(offer.net)}</td>
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      {offer ? <p className="text-sm text-base-content/70">Prices are net; tax is added to the order.</p> : null}
    </div>
  );
}
