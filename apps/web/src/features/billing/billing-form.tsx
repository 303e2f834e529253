import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { BILLING_FIELD_LABELS, BILLING_LIMITS, formatDocumentNumber, TOAST_MS, type BillingDetails } from '@b2b/shared';
import { PercentInput } from '@/components/ui/percent-input';
import { ErrorState, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import { useBilling, useSaveBilling } from './api';

const card = 'card border border-base-300 bg-base-100 shadow-sm';

/**
 * Billing details of the caller's business (their company's for its admin, or their own): what
 * its invoices and credit notes carry, and the default tax rate of its products.
 */
export function BillingDetailsCard({ whose }: { whose: string }) {
  const id = useId();
  const billing = useBilling();
  let body;
  if (billing.isPending) body = <LoadingState label="Loading billing details..." />;
  else if (billing.isError) body = <ErrorState error={billing.error} onRetry={() => void billing.refetch()} />;
  else body = <BillingForm key={billing.data.updatedAt ?? 'new'} details={billing.data} />;
  return (
    <section aria-labelledby={`${id}-title`} className={card}>
      <div className="card-body gap-4">
        <div>
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            Billing details
          </h2>
          <p className="text-sm text-base-content/70">
            What {whose} invoices and credit notes carry. A seller needs the legal name and address before invoicing.
          </p>
        </div>
        {body}
      </div>
    </section>
  );
}

function BillingForm({ details }: { details: BillingDetails }) {
  const id = useId();
  const save = useSaveBilling();
  const [legalName, setLegalName] = useState(details.legalName);
  const [address, setAddress] = useState(details.address);
  const [taxId, setTaxId] = useState(details.taxId);
  const [rate, setRate] = useState(String(details.defaultTaxRate));
  const [footer, setFooter] = useState(details.invoiceFooter);
  const [invoicePrefix, setInvoicePrefix] = useState(details.invoicePrefix);
  const [creditNotePrefix, setCreditNotePrefix] = useState(details.creditNotePrefix);
  const [numberWithYear, setNumberWithYear] = useState(details.numberWithYear);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const defaultTaxRate = rate.trim() === '' ? 0 : Number(rate);
    if (!Number.isFinite(defaultTaxRate)) {
      setError('The default tax rate must be a number, e.g. 15 or 7.5.');
      return;
    }
    try {
      await save.mutateAsync({
        legalName,
        address,
        taxId,
        defaultTaxRate,
        invoiceFooter: footer,
        invoicePrefix: invoicePrefix.trim().toUpperCase(),
        creditNotePrefix: creditNotePrefix.trim().toUpperCase(),
        numberWithYear,
      });
      toast.success('Billing details saved.', { duration: TOAST_MS });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const field = 'flex flex-col gap-1';
  const hint = 'text-xs text-base-content/60';
  return (
    <form className="flex flex-col gap-4" aria-label="Billing details" onSubmit={(e) => void onSubmit(e)}>
      {details.missing.length > 0 ? (
        <p role="note" className="rounded-box border border-base-300 bg-base-200 p-3 text-sm">
          Invoices need {details.missing.map((f) => BILLING_FIELD_LABELS[f]).join(' and ')}.
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <label className={`${field} sm:col-span-2`}>
          <span className="text-sm font-medium">Legal name</span>
          <input
            className="input w-full"
            value={legalName}
            maxLength={BILLING_LIMITS.legalName}
            autoComplete="organization"
            onChange={(e) => setLegalName(e.target.value)}
            required
          />
        </label>
        <label className={`${field} sm:col-span-2`}>
          <span className="text-sm font-medium">Billing address</span>
          <textarea
            className="textarea w-full"
            rows={3}
            value={address}
            maxLength={BILLING_LIMITS.address}
            autoComplete="street-address"
            onChange={(e) => setAddress(e.target.value)}
            required
          />
        </label>
        <label className={field}>
          <span className="text-sm font-medium">
            Tax ID <span className="font-normal text-base-content/60">(optional)</span>
          </span>
          <input
            className="input w-full"
            value={taxId}
            maxLength={BILLING_LIMITS.taxId}
            onChange={(e) => setTaxId(e.target.value)}
          />
        </label>
        <label className={field}>
          <span className="text-sm font-medium">Default tax rate, %</span>
          <PercentInput
            className="input w-full"
            value={rate}
            aria-describedby={`${id}-rate-hint`}
            onChange={(e) => setRate(e.target.value)}
          />
          <span id={`${id}-rate-hint`} className={hint}>
            For your products without a rate of their own. Prices are net; the tax is added at checkout and on invoices.
          </span>
        </label>
        <label className={`${field} sm:col-span-2`}>
          <span className="text-sm font-medium">
            Invoice footer <span className="font-normal text-base-content/60">(optional)</span>
          </span>
          <textarea
            className="textarea w-full"
            rows={3}
            value={footer}
            maxLength={BILLING_LIMITS.invoiceFooter}
            placeholder="Payment instructions, bank details"
            onChange={(e) => setFooter(e.target.value)}
          />
        </label>
        <fieldset className="flex flex-col gap-2 sm:col-span-2">
          <legend className="text-sm font-medium">Document numbers</legend>
          <div className="grid gap-3 sm:grid-cols-2">
            <label className={field}>
              <span className="text-sm">Invoice prefix</span>
              <input
                className="input w-full uppercase"
                value={invoicePrefix}
                maxLength={BILLING_LIMITS.prefix}
                onChange={(e) => setInvoicePrefix(e.target.value)}
              />
            </label>
            <label className={field}>
              <span className="text-sm">Credit note prefix</span>
              <input
                className="input w-full uppercase"
                value={creditNotePrefix}
                maxLength={BILLING_LIMITS.prefix}
                onChange={(e) => setCreditNotePrefix(e.target.value)}
              />
            </label>
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="checkbox checkbox-sm"
              checked={numberWithYear}
              onChange={(e) => setNumberWithYear(e.target.checked)}
            />
            Put the year in the number (the count starts again each year)
          </label>
          <span className={hint}>
            Numbers look like{' '}
            {formatDocumentNumber(
              invoicePrefix.trim().toUpperCase() || 'INV',
              numberWithYear ? new Date().getFullYear() : null,
              1,
            )}{' '}
            and never skip or repeat.
          </span>
        </fieldset>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          Save billing details
        </button>
      </div>
    </form>
  );
}
