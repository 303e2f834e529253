import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { CREDIT_REASON_MAX, type Invoice } from '@b2b/shared';
import { errorMessage } from '@/lib/errors';
import { formatCount } from '@/lib/format';
import { useCreditInvoice } from '../api';

/**
 * The seller's credit note: quantities of some lines (a return) and a reason, or everything not
 * credited yet. The server decides what is left; asking for more is refused with its reason.
 */
export function CreditForm({ invoice }: { invoice: Invoice }) {
  const id = useId();
  const credit = useCreditInvoice(invoice._id);
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (everything: boolean) => {
    setError(null);
    if (!reason.trim()) {
      setError('Give the reason for the credit note.');
      return;
    }
    const byProduct = new Map<string, number>();
    for (const line of invoice.snapshot.lines) {
      const quantity = Number(quantities[line.position] ?? '') || 0;
      if (quantity > 0) byProduct.set(line.productId, (byProduct.get(line.productId) ?? 0) + quantity);
    }
    if (!everything && byProduct.size === 0) {
      setError('Enter the quantity to credit on at least one line, or credit everything left.');
      return;
    }
    try {
      const note = await credit.mutateAsync({
        reason: reason.trim(),
        ...(everything ? {} : { lines: [...byProduct].map(([productId, quantity]) => ({ productId, quantity })) }),
      });
      toast.success(`Credit note ${note.number} issued.`);
      setQuantities({});
      setReason('');
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(false);
  };

  return (
    <form onSubmit={onSubmit} aria-labelledby={`${id}-title`} className="flex flex-col gap-3" noValidate>
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        Issue a credit note
      </h2>
      <p className="text-sm text-base-content/70">
        For a return or a correction: the quantities to credit, at the invoiced prices and tax.
      </p>
      <ul className="flex flex-col gap-2">
        {invoice.snapshot.lines.map((line) => (
          <li key={line.position} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <label htmlFor={`${id}-q${line.position}`} className="min-w-0 flex-1 break-words">
              {line.name} <span className="text-base-content/60">(invoiced {formatCount(line.quantity)})</span>
            </label>
            <input
              id={`${id}-q${line.position}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={line.quantity}
              className="input w-24 text-right input-sm"
              value={quantities[line.position] ?? ''}
              placeholder="0"
              onChange={(event) => setQuantities({ ...quantities, [line.position]: event.target.value })}
            />
          </li>
        ))}
      </ul>
      <label htmlFor={`${id}-reason`} className="text-sm font-medium">
        Reason
      </label>
      <input
        id={`${id}-reason`}
        className="input w-full"
        value={reason}
        maxLength={CREDIT_REASON_MAX}
        placeholder="e.g. Two cartons arrived damaged"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={credit.isPending}>
          Credit these quantities
        </button>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          disabled={credit.isPending}
          onClick={() => void submit(true)}
        >
          Credit everything left
        </button>
      </div>
    </form>
  );
}
