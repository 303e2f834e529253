import type { Statement } from '@b2b/shared';
import { formatPrice } from '@/lib/format';

const KIND: Record<Statement['lines'][number]['kind'], string> = {
  invoice: 'Invoice',
  credit_note: 'Credit note',
  payment: 'Payment',
  reversal: 'Reversal',
};

/** A statement: every line with what it added or took off, and the balance after it. */
export function StatementTable({ statement }: { statement: Statement }) {
  if (statement.lines.length === 0) {
    return <p className="text-sm text-base-content/70">Nothing on this account yet.</p>;
  }
  return (
    // Wider than a phone: the region scrolls, and takes focus so the keyboard can scroll it too.
    <div
      className="overflow-x-auto rounded-box border border-base-300 bg-base-100"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={`Statement of ${statement.customer} with ${statement.seller} (scrolls sideways)`}
    >
      <table className="table table-sm md:table-md">
        <caption className="sr-only">
          Statement of {statement.customer} with {statement.seller}
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Line</th>
            <th scope="col" className="text-right">
              Owed +
            </th>
            <th scope="col" className="text-right">
              Paid or credited −
            </th>
            <th scope="col" className="text-right">
              Balance
            </th>
          </tr>
        </thead>
        <tbody>
          {statement.lines.map((line, i) => (
            <tr key={i}>
              <td className="whitespace-nowrap tabular-nums">{line.date}</td>
              <td>
                <span className="font-medium">{KIND[line.kind]}</span> {line.number}
                <span className="block text-xs break-words text-base-content/70">{line.description}</span>
              </td>
              <td className="text-right whitespace-nowrap tabular-nums">{line.debit ? formatPrice(line.debit) : ''}</td>
              <td className="text-right whitespace-nowrap tabular-nums">
                {line.credit ? formatPrice(line.credit) : ''}
              </td>
              <td className="text-right font-medium whitespace-nowrap tabular-nums">{formatPrice(line.balance)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4} className="text-right text-base text-base-content">
              Balance owed
            </th>
            <td className="text-right text-base font-semibold whitespace-nowrap text-base-content tabular-nums">
              {formatPrice(statement.closing)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
