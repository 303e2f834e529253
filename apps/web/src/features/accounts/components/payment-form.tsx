import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatPrice, TOAST_MS } from '@b2b/shared';
import { errorMessage } from '@/lib/errors';
import { useRecordPayment } from '../api';

/** The desk records a payment received: allocated to the oldest invoices first. */
export function PaymentForm({ accountId }: { accountId: string }) {
  const id = useId();
  const pay = useRecordPayment(accountId);
  const [amount, setAmount] = useState('');
  const [date, setDate] = useState(new Date().toISOString().slice(0, 10));
  const [reference, setReference] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const value = Number(amount);
    if (!amount.trim() || !Number.isFinite(value) || value <= 0) {
      setError('Enter the amount received, e.g. 250.00.');
      return;
    }
    try {
      const payment = await pay.mutateAsync({ amount: value, date, reference });
      const to = payment.allocations.map((a) => a.number).join(', ');
      toast.success(
        `${formatPrice(payment.amount)} recorded${to ? ` against ${to}` : ''}${payment.unapplied > 0 ? `; ${formatPrice(payment.unapplied)} kept for the next invoice` : ''}.`,
        { duration: TOAST_MS },
      );
      setAmount('');
      setReference('');
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Record a payment"
      className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-end"
    >
      <label className="flex flex-col gap-1" htmlFor={`${id}-amount`}>
        <span className="text-sm font-medium">Amount</span>
        <input
          id={`${id}-amount`}
          type="number"
          inputMode="decimal"
          min={0.01}
          step="0.01"
          className="input w-full"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1" htmlFor={`${id}-date`}>
        <span className="text-sm font-medium">Received on</span>
        <input
          id={`${id}-date`}
          type="date"
          className="input w-full"
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1" htmlFor={`${id}-reference`}>
        <span className="text-sm font-medium">Reference</span>
        <input
          id={`${id}-reference`}
          className="input w-full"
          value={reference}
          maxLength={200}
          placeholder="e.g. bank transfer 2026-1187"
          onChange={(event) => setReference(event.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-primary" disabled={pay.isPending}>
        Record payment
      </button>
      {error ? (
        <p role="alert" className="text-sm text-error sm:col-span-4">
          {error}
        </p>
      ) : null}
    </form>
  );
}
