import type { Quote, QuoteVersion } from '@b2b/shared';
import { formatCount, formatDateTime, formatPrice } from '@/lib/format';
import { formatValidDay } from '../utils/validity';

function Version({ version, names }: { version: QuoteVersion; names: Map<string, string> }) {
  return (
    <li className="flex flex-col gap-1 p-3 text-sm">
      <p className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="font-medium">Version {version.version}</span>
        <span className="font-semibold tabular-nums">{formatPrice(version.net)} net</span>
      </p>
      <p className="text-xs text-base-content/70">
        {version.offeredBy.name || version.offeredBy.email} ·{' '}
        <time dateTime={version.offeredAt}>{formatDateTime(version.offeredAt)}</time> · valid until{' '}
        {formatValidDay(version.validUntil)}
      </p>
      <ul className="text-xs text-base-content/80 tabular-nums">
        {version.lines.map((line) => (
          <li key={line.productId} className="break-words">
            {names.get(line.productId) ?? 'Product'}: {formatCount(line.quantity)} × {formatPrice(line.unitPrice)} ={' '}
            {formatPrice(line.lineTotal)}
          </li>
        ))}
      </ul>
      {version.message ? <p className="text-xs break-words whitespace-pre-line">“{version.message}”</p> : null}
    </li>
  );
}

/** The offers before the standing one, newest first, folded away: each as it was made. */
export function QuoteVersions({ quote }: { quote: Quote }) {
  const earlier = quote.versions.slice(0, -1).reverse();
  if (earlier.length === 0) return null;
  const names = new Map(quote.lines.map((line) => [line.productId, line.name]));
  return (
    <details className="rounded-box border border-base-300 bg-base-100">
      <summary className="cursor-pointer p-3 font-semibold">Earlier offers ({earlier.length})</summary>
      <ol aria-label="Earlier offers" className="divide-y divide-base-300 border-t border-base-300">
        {earlier.map((version) => (
          <Version key={version.version} version={version} names={names} />
        ))}
      </ol>
    </details>
  );
}
