import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { PRICE_LIST_LIMITS, TOAST_MS, type PriceList } from '@b2b/shared';
import { confirmDialog } from '@/components/ui/dialogs';
import { PercentInput } from '@/components/ui/percent-input';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { useDeletePriceList, useUpdatePriceList } from '@/features/price-lists/api';
import { card } from './card';

/** Name, days and discount: saved together. */
export function Settings({ list }: { list: PriceList }) {
  const id = useId();
  const navigate = useNavigate();
  const update = useUpdatePriceList(list.id);
  const remove = useDeletePriceList();
  const [name, setName] = useState(list.name);
  const [validFrom, setValidFrom] = useState(list.validFrom ?? '');
  const [validUntil, setValidUntil] = useState(list.validUntil ?? '');
  const [discount, setDiscount] = useState(list.discountPercent === null ? '' : String(list.discountPercent));
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const percent = discount.trim() === '' ? null : Number(discount);
    if (percent !== null && !Number.isFinite(percent)) {
      setError('The discount must be a number, e.g. 5 or 12.5.');
      return;
    }
    try {
      await update.mutateAsync({
        name: name.trim(),
        validFrom: validFrom || null,
        validUntil: validUntil || null,
        discountPercent: percent,
      });
      toast.success('Price list saved.', { duration: TOAST_MS });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const onDelete = async () => {
    const confirmed = await confirmDialog({
      title: `Delete “${list.name}”?`,
      text: 'Its customers pay their other prices from their next order.',
      confirmText: 'Delete',
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(list.id);
      toast.success(`“${list.name}” deleted.`, { duration: TOAST_MS });
      void navigate(paths.priceLists);
    } catch (caught) {
      toast.error(errorMessage(caught));
    }
  };

  return (
    <form className={card} onSubmit={(event) => void onSubmit(event)} aria-label="Price list settings">
      <h2 className="text-xl font-semibold">Settings</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="flex flex-col gap-1 sm:col-span-2">
          <span className="text-sm font-medium">Name</span>
          <input
            className="input w-full"
            value={name}
            maxLength={PRICE_LIST_LIMITS.name}
            onChange={(event) => setName(event.target.value)}
            required
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">
            Valid from <span className="font-normal text-base-content/60">(optional)</span>
          </span>
          <input
            type="date"
            className="input w-full"
            value={validFrom}
            onChange={(e) => setValidFrom(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">
            Valid until <span className="font-normal text-base-content/60">(optional, included)</span>
          </span>
          <input
            type="date"
            className="input w-full"
            value={validUntil}
            onChange={(e) => setValidUntil(e.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1 sm:col-span-2">
          <span className="text-sm font-medium">
            Discount on your other products, % <span className="font-normal text-base-content/60">(optional)</span>
          </span>
          <PercentInput
            max={99.99}
            className="input w-full sm:max-w-xs"
            value={discount}
            aria-describedby={`${id}-discount-hint`}
            onChange={(e) => setDiscount(e.target.value)}
          />
          <span id={`${id}-discount-hint`} className="text-xs text-base-content/60">
            Taken off your own price and volume tiers of every product this list has no line for.
          </span>
        </label>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          Save settings
        </button>
        <button
          type="button"
          className="btn btn-outline btn-error"
          onClick={() => void onDelete()}
          disabled={remove.isPending}
        >
          Delete price list
        </button>
      </div>
    </form>
  );
}
