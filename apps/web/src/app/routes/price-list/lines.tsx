import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { formatPriceTiers, type PriceList, type PriceListLine, type PriceListLinesImportResult } from '@b2b/shared';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { formatCount, formatPrice } from '@/lib/format';
import { useDownload } from '@/lib/use-download';
import { downloadPriceListLines, useImportPriceListLines, useRemovePriceListLine } from '@/features/price-lists/api';

/** "from 100: $8.20 · from 500: $7.90". */
const tiersText = (line: PriceListLine) =>
  line.tiers.map((tier) => `from ${formatCount(tier.minQty)}: ${formatPrice(tier.price)}`).join(' · ');

export function Lines({
  list,
  mayChange,
  onEdit,
}: {
  list: PriceList;
  mayChange: boolean;
  onEdit: (line: PriceListLine) => void;
}) {
  const remove = useRemovePriceListLine(list.id);
  if (list.lines.length === 0) {
    return (
      <p className="text-base-content/70">
        No products on this list yet{list.discountPercent !== null ? ': the discount applies to all of them' : ''}.
      </p>
    );
  }
  return (
    // Two columns, so a phone shows each line whole: the product (with its tiers), then its prices and actions.
    <table className="table table-sm">
      <thead>
        <tr>
          <th>Product</th>
          <th className="text-right">Contract price</th>
        </tr>
      </thead>
      <tbody>
        {list.lines.map((line) => (
          <tr key={line.productId}>
            <td>
              <Link to={paths.productDetails(line.productId)} className="link font-medium break-words link-hover">
                {line.name}
              </Link>
              {line.sku ? <div className="text-xs text-base-content/60">SKU {line.sku}</div> : null}
              {line.tiers.length > 0 ? <div className="text-sm">{tiersText(line)}</div> : null}
            </td>
            <td className="text-right">
              <div className="font-semibold whitespace-nowrap tabular-nums">{formatPrice(line.price)}</div>
              <div className="text-xs whitespace-nowrap text-base-content/60 tabular-nums">
                list <s>{formatPrice(line.listPrice)}</s>
              </div>
              {mayChange ? (
                <div className="mt-1 flex flex-wrap justify-end gap-1">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`Edit the price of ${line.name}`}
                    onClick={() => onEdit(line)}
                  >
                    Edit
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost text-error btn-sm"
                    aria-label={`Remove ${line.name}`}
                    disabled={remove.isPending}
                    onClick={() =>
                      void remove.mutateAsync(line.productId).catch((e: unknown) => toast.error(errorMessage(e)))
                    }
                  >
                    Remove
                  </button>
                </div>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Download the lines as CSV; upload a CSV or .xlsx of `sku,price,tiers` rows. */
export function LinesFile({ list, mayChange }: { list: PriceList; mayChange: boolean }) {
  const id = useId();
  const { pending, download } = useDownload();
  const upload = useImportPriceListLines(list.id);
  const [result, setResult] = useState<PriceListLinesImportResult | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    try {
      setResult(await upload.mutateAsync(file));
    } catch (caught) {
      toast.error(errorMessage(caught));
    }
  };

  return (
    <div className="flex flex-col gap-3 border-t border-base-300 pt-4">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn btn-outline btn-primary btn-sm"
          disabled={pending !== null}
          onClick={() => void download('csv', () => downloadPriceListLines(list.id, list.name))}
        >
          Download CSV
        </button>
        {mayChange ? (
          // The button is the label of a file input that only assistive technology sees.
          <label htmlFor={`${id}-file`} className="btn btn-outline btn-primary btn-sm">
            {upload.isPending ? 'Uploading...' : 'Upload CSV or .xlsx'}
            <input
              id={`${id}-file`}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              className="sr-only"
              disabled={upload.isPending}
              onChange={(event) => {
                void onFile(event.currentTarget.files?.[0]);
                event.currentTarget.value = '';
              }}
            />
          </label>
        ) : null}
      </div>
      <p className="text-xs text-base-content/60">
        Columns <code>sku</code>, <code>price</code> and <code>tiers</code> (e.g.{' '}
        <code>
          {formatPriceTiers([
            { minQty: 100, price: 8.2 },
            { minQty: 500, price: 7.9 },
          ])}
        </code>
        ).
      </p>
      {result ? (
        <div role="status" className="flex flex-col gap-1 text-sm">
          <p>
            {formatCount(result.updated)} {result.updated === 1 ? 'price' : 'prices'} set
            {result.failed.length > 0 ? `; ${formatCount(result.failed.length)} rows not:` : '.'}
          </p>
          {result.failed.length > 0 ? (
            <ul className="flex flex-col gap-1 text-error">
              {result.failed.slice(0, 20).map((row) => (
                <li key={row.row}>
                  Row {row.row}: {row.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
