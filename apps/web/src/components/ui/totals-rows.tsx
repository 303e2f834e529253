import { isTaxed, taxLabel, type Totals } from '@b2b/shared';
import { formatPrice } from '@/lib/format';

/**
 * Net, the tax at each rate and the gross as rows of a summary's <dl> (the cart, checkout): the
 * last row, the amount to pay, is `grossLabel` ("Grand total"). Without tax it is that row alone.
 */
export function TotalsRows({ totals, grossLabel }: { totals: Totals; grossLabel: string }) {
  return (
    <>
      {isTaxed(totals) ? (
        <>
          <dt>Net total</dt>
          <dd className="text-right font-medium tabular-nums">{formatPrice(totals.net)}</dd>
          {totals.byRate.map((rate) => (
            <div key={rate.rate} className="contents text-base-content/80">
              <dt>{taxLabel(rate)}</dt>
              <dd className="text-right tabular-nums">{formatPrice(rate.tax)}</dd>
            </div>
          ))}
        </>
      ) : null}
      <dt className="border-t border-base-300 pt-2 text-base font-semibold">{grossLabel}</dt>
      <dd className="border-t border-base-300 pt-2 text-right text-base font-semibold tabular-nums">
        {formatPrice(totals.gross)}
      </dd>
    </>
  );
}
