import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { formatPrice, TOAST_MS, type PaymentTerms } from '@b2b/shared';
import { errorMessage } from '@/lib/errors';
import { useSetAccount } from '../api';

/**
 * Net terms and a credit limit for the customer an email names (their company, or them): a new
 * account, or new terms for one (the email of anyone of the company names it).
 */
export function AccountForm({
  email = '',
  days = 30,
  creditLimit = null,
}: {
  email?: string;
  days?: number | null;
  creditLimit?: number | null;
}) {
  const id = useId();
  const save = useSetAccount();
  const [who, setWho] = useState(email);
  const [terms, setTerms] = useState<PaymentTerms>('net');
  const [termDays, setTermDays] = useState(String(days ?? 30));
  const [limit, setLimit] = useState(creditLimit === null ? '' : String(creditLimit));
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const creditLimitValue = limit.trim() === '' ? null : Number(limit);
    if (creditLimitValue !== null && !Number.isFinite(creditLimitValue)) {
      setError('The credit limit must be an amount, e.g. 5000, or empty for none.');
      return;
    }
    try {
      const account = await save.mutateAsync({
        email: who.trim(),
        terms,
        ...(terms === 'net' ? { days: Number(termDays) } : {}),
        creditLimit: creditLimitValue,
      });
      const limitText = account.creditLimit === null ? 'no limit' : `limit ${formatPrice(account.creditLimit)}`;
      toast.success(
        account.terms === 'net'
          ? `${account.customer.name}: net ${account.days} days, ${limitText}.`
          : `${account.customer.name}: prepaid (their orders ship once paid).`,
        { duration: TOAST_MS },
      );
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Customer account"
      className="grid gap-3 rounded-box border border-base-300 bg-base-100 p-4 sm:grid-cols-2 sm:items-end lg:grid-cols-[2fr_1.4fr_1fr_1fr_auto]"
    >
      <label className="flex flex-col gap-1" htmlFor={`${id}-email`}>
        <span className="text-sm font-medium">Customer’s email</span>
        <input
          id={`${id}-email`}
          type="email"
          className="input w-full"
          value={who}
          placeholder="buyer@customer.example"
          required
          onChange={(event) => setWho(event.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1" htmlFor={`${id}-terms`}>
        <span className="text-sm font-medium">Terms</span>
        <select
          id={`${id}-terms`}
          className="select w-full"
          value={terms}
          onChange={(event) => setTerms(event.target.value as PaymentTerms)}
        >
          <option value="net">Net (pay after the invoice)</option>
          <option value="prepaid">Prepaid (ship once paid)</option>
        </select>
      </label>
      <label className="flex flex-col gap-1" htmlFor={`${id}-days`}>
        <span className="text-sm font-medium">Net days</span>
        <input
          id={`${id}-days`}
          type="number"
          inputMode="numeric"
          min={1}
          max={365}
          className="input w-full"
          disabled={terms === 'prepaid'}
          value={termDays}
          onChange={(event) => setTermDays(event.target.value)}
        />
      </label>
      <label className="flex flex-col gap-1" htmlFor={`${id}-limit`}>
        <span className="text-sm font-medium">Credit limit</span>
        <input
          id={`${id}-limit`}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          className="input w-full"
          value={limit}
          placeholder="No limit"
          onChange={(event) => setLimit(event.target.value)}
        />
      </label>
      <button type="submit" className="btn btn-primary" disabled={save.isPending}>
        Save terms
      </button>
      {error ? (
        <p role="alert" className="text-sm text-error sm:col-span-2 lg:col-span-5">
          {error}
        </p>
      ) : null}
    </form>
  );
}
