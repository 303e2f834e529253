import { useState, type FormEvent } from 'react';
import type { ListLine, SavedList } from '@b2b/shared';
import { errorMessage } from '@/lib/errors';
import { useSetListLine } from '../api/list-lines';

/** A line's quantity: typed, then saved with Save (or Enter). */
export function ListQuantityForm({ list, line }: { list: SavedList; line: ListLine }) {
  const [value, setValue] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  const setLine = useSetListLine();
  const name = line.product?.name ?? line.name;
  const changed = value.trim() !== String(line.quantity);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const quantity = Number(value);
    if (!Number.isInteger(quantity) || quantity < 1) {
      setError('A whole number of at least 1.');
      return;
    }
    setError(null);
    try {
      await setLine.mutateAsync({ listId: list._id, productId: line.productId, quantity });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} className="flex flex-wrap items-center gap-2">
      <input
        type="number"
        min={1}
        step={1}
        className="input w-24 input-sm"
        aria-label={`Quantity of ${name}`}
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button
        type="submit"
        className="btn btn-outline btn-sm"
        disabled={!changed || setLine.isPending}
        aria-label={`Save the quantity of ${name}`}
      >
        Save
      </button>
      {error ? (
        <p role="alert" className="w-full text-xs text-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
