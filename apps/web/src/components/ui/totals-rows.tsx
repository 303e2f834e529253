import { formatTaxRate, type Totals } from '@b2b/shared';
import { formatPrice } from '@/lib/format';

/** Whether any tax applies: a shop that charges none shows its totals as one amount, as before. */
export const taxed = (totals: Totals) => totals.byRate.some((rate) => rate.rate > 0);

/** "Tax 7.5% on $30.30": what each rate's row says. */
export const taxRowLabel = (rate: Totals['byRate'][number]) =>
  `Tax ${formatTaxRate(rate.rate)} on ${formatPrice(rate.net)}`;

/**
 * Net, the tax at each rate and the gross as rows of a summary's <dl> (the cart, checkout): the
 * last row, the amount to pay, is `grossLabel` ("Grand total"). Without tax it is that row alone.
 */
export function TotalsRows({ totals, grossLabel }: { totals: Totals; grossLabel: string }) {
  return (
    <>
      {taxed(totals) ? (
        <>
          <dt>Net total</dt>
          <dd className="text-right font-medium tabular-nums">{formatPrice(totals.net)}</dd>
          {totals.byRate.map((rate) => (
            <div key={rate.rate} className="contents text-base-content/80">
              <dt>{taxRowLabel(rate)}</dt>
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
