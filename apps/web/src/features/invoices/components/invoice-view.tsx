import type { Invoice } from '@b2b/shared';
import { isTaxed, taxLabel } from '@b2b/shared';
import { formatCount, formatPrice } from '@/lib/format';

function Party({ heading, name, lines }: { heading: string; name: string; lines: string[] }) {
  return (
    <div className="flex flex-col gap-0.5 text-sm">
      <h2 className="text-xs font-semibold tracking-wide text-base-content/60 uppercase">{heading}</h2>
      <p className="font-semibold break-words">{name}</p>
      {lines.filter(Boolean).map((line, i) => (
        <p key={i} className="break-words whitespace-pre-line">
          {line}
        </p>
      ))}
    </div>
  );
}

/** An invoice as it was issued (its snapshot): both parties, the ship-to, the lines, the totals. */
export function InvoiceView({ invoice }: { invoice: Invoice }) {
  const s = invoice.snapshot;
  const ship = s.shipTo;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-3">
        <Party
          heading="From"
          name={s.seller.legalName}
          lines={[s.seller.address, s.seller.taxId && `Tax ID: ${s.seller.taxId}`]}
        />
        <Party
          heading="Bill to"
          name={s.buyer.legalName}
          lines={[s.buyer.address, s.buyer.taxId && `Tax ID: ${s.buyer.taxId}`, s.buyer.email]}
        />
        <Party
          heading="Ship to"
          name={ship.name}
          lines={[ship.line1, ship.line2, [ship.postalCode, ship.city].filter(Boolean).join(' '), ship.country]}
        />
      </div>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table table-sm md:table-md">
          <caption className="sr-only">Lines of invoice {invoice.number}</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col" className="text-right">
                Qty
              </th>
              <th scope="col" className="hidden text-right sm:table-cell">
                Unit price
              </th>
              <th scope="col" className="hidden text-right sm:table-cell">
                Tax
              </th>
              <th scope="col" className="text-right">
                Net amount
              </th>
            </tr>
          </thead>
          <tbody>
            {s.lines.map((line) => (
              <tr key={line.position}>
                <td>
                  <p className="font-medium break-words">{line.name}</p>
                  {line.sku ? <p className="text-xs break-all text-base-content/70">SKU: {line.sku}</p> : null}
                  <p className="text-xs text-base-content/70 tabular-nums sm:hidden">
                    {formatPrice(line.unitPrice)} each · {line.taxRate}% tax
                  </p>
                </td>
                <td className="text-right tabular-nums">{formatCount(line.quantity)}</td>
                <td className="hidden text-right whitespace-nowrap tabular-nums sm:table-cell">
                  {formatPrice(line.unitPrice)}
                </td>
                <td className="hidden text-right tabular-nums sm:table-cell">{line.taxRate}%</td>
                <td className="text-right whitespace-nowrap tabular-nums">{formatPrice(line.net)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="ml-auto grid w-full max-w-sm grid-cols-[1fr_auto] gap-y-1 text-sm">
        <dt>Net total</dt>
        <dd className="text-right tabular-nums">{formatPrice(s.totals.net)}</dd>
        {isTaxed(s.totals)
          ? s.totals.byRate.map((rate) => (
              <div key={rate.rate} className="contents text-base-content/80">
                <dt>{taxLabel(rate)}</dt>
                <dd className="text-right tabular-nums">{formatPrice(rate.tax)}</dd>
              </div>
            ))
          : null}
        <dt className="border-t border-base-300 pt-2 text-base font-semibold">Total due</dt>
        <dd className="border-t border-base-300 pt-2 text-right text-base font-semibold tabular-nums">
          {formatPrice(s.totals.gross)}
        </dd>
      </dl>
      {s.footer ? (
        <section className="text-sm">
          <h2 className="text-xs font-semibold tracking-wide text-base-content/60 uppercase">Payment</h2>
          <p className="whitespace-pre-line">{s.footer}</p>
        </section>
      ) : null}
    </div>
  );
}
