import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { TOAST_MS, type PriceList } from '@b2b/shared';
import { errorMessage } from '@/lib/errors';
import { useAddCustomer, useRemoveCustomer } from '@/features/price-lists/api';
import { card } from './card';

/** Who pays the list's prices: companies (every member) and buyers without one; added by email. */
export function Customers({ list, mayChange }: { list: PriceList; mayChange: boolean }) {
  const id = useId();
  const add = useAddCustomer(list.id);
  const remove = useRemoveCustomer(list.id);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      const { customer } = await add.mutateAsync(email.trim());
      setEmail('');
      toast.success(
        customer.companyId ? `${customer.name} (every member) is on this list.` : `${customer.name} is on this list.`,
        { duration: TOAST_MS },
      );
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <section className={card} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        Customers
      </h2>
      {list.customers.length === 0 ? (
        <p className="text-base-content/70">Nobody pays these prices yet: add a customer by their email.</p>
      ) : (
        <ul className="divide-y divide-base-300">
          {list.customers.map((customer) => (
            <li key={customer.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="break-words">
                <span className="font-medium">{customer.name}</span>{' '}
                <span className="text-sm text-base-content/60">
                  {customer.companyId ? 'company: every member' : 'buyer'}
                </span>
              </span>
              {mayChange ? (
                <button
                  type="button"
                  className="btn btn-ghost text-error btn-sm"
                  disabled={remove.isPending}
                  aria-label={`Remove ${customer.name}`}
                  onClick={() =>
                    void remove.mutateAsync(customer.id).catch((e: unknown) => toast.error(errorMessage(e)))
                  }
                >
                  Remove
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {mayChange ? (
        <form className="flex flex-col gap-2" onSubmit={(event) => void onSubmit(event)} aria-label="Add a customer">
          <label htmlFor={`${id}-email`} className="text-sm font-medium">
            Customer’s email
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={`${id}-email`}
              type="email"
              className="input w-full sm:max-w-sm"
              value={email}
              placeholder="buyer@customer.com"
              required
              aria-describedby={`${id}-email-hint${error ? ` ${id}-email-error` : ''}`}
              onChange={(event) => setEmail(event.target.value)}
            />
            <button type="submit" className="btn btn-primary" disabled={add.isPending}>
              Add customer
            </button>
          </div>
          <p id={`${id}-email-hint`} className="text-xs text-base-content/60">
            Anyone who has signed in to the shop. A member of a company brings the whole company.
          </p>
          {error ? (
            <p id={`${id}-email-error`} role="alert" className="text-sm text-error">
              {error}
            </p>
          ) : null}
        </form>
      ) : null}
    </section>
  );
}
