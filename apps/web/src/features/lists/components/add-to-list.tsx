import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { LIST_LIMITS, TOAST_MS } from '@b2b/shared';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/errors';
import { useCreateList } from '../api/create-list';
import { useLists } from '../api/get-lists';
import { useSetListLine } from '../api/list-lines';

const NEW = '__new__';

/**
 * "Add to list" on a product's page: pick one of the buyer's lists, or name a new one, and the
 * quantity to keep there (the minimum, by default).
 */
export function AddToList({ product }: { product: { _id: string; name: string; minSellQty: number } }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const lists = useLists({ enabled: open });
  const create = useCreateList();
  const setLine = useSetListLine();
  const [choice, setChoice] = useState('');
  const [name, setName] = useState('');
  const [quantity, setQuantity] = useState(String(Math.max(1, product.minSellQty)));
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || setLine.isPending;
  const selected = choice || (lists.data?.[0]?._id ?? NEW);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const amount = Number(quantity);
    if (!Number.isInteger(amount) || amount < 1) {
      setError('Quantity must be a whole number of at least 1.');
      return;
    }
    if (selected === NEW && !name.trim()) {
      setError('Name the list.');
      return;
    }
    try {
      const list = selected === NEW ? await create.mutateAsync({ name: name.trim() }) : { _id: selected };
      const saved = await setLine.mutateAsync({ listId: list._id, productId: product._id, quantity: amount });
      toast.success(`“${product.name}” is in the list “${saved.name}”.`, { duration: TOAST_MS });
      setOpen(false);
      setName('');
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  if (!open) {
    return (
      <button type="button" className="btn btn-outline btn-primary" onClick={() => setOpen(true)}>
        Add to list
      </button>
    );
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Add to list"
      className="flex w-full flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <div className="grid grid-cols-[minmax(0,1fr)] gap-3 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-list`}>
          List
          <select
            id={`${id}-list`}
            className="select w-full"
            value={selected}
            disabled={lists.isPending}
            onChange={(event) => setChoice(event.target.value)}
          >
            {(lists.data ?? []).map((list) => (
              <option key={list._id} value={list._id}>
                {list.name}
              </option>
            ))}
            <option value={NEW}>New list…</option>
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-quantity`}>
          Quantity
          <input
            id={`${id}-quantity`}
            className="input w-full"
            type="number"
            min={1}
            step={1}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </label>
      </div>
      {selected === NEW ? (
        <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-name`}>
          Name of the new list
          <input
            id={`${id}-name`}
            className="input w-full"
            maxLength={LIST_LIMITS.name}
            value={name}
            placeholder="e.g. Weekly kitchen restock"
            onChange={(event) => setName(event.target.value)}
          />
        </label>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={pending}>
          Save to list
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpen(false)}>
          Cancel
        </button>
        <Link to={paths.lists} className="link text-sm link-primary">
          My lists
        </Link>
      </div>
    </form>
  );
}
