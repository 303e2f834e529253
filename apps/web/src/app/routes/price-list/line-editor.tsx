import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { contractTierIssues, TOAST_MS, type PriceListLine, type Product, type ProductListQuery } from '@b2b/shared';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { formatPrice } from '@/lib/format';
import { useMyProducts } from '@/features/products/api/get-my-products';
import { PriceTierEditor } from '@/features/products/components/price-tier-editor';
import { newTierRow, type LadderPreview, type TierRow } from '@/features/products/utils/product-form-values';
import { useSetPriceListLine } from '@/features/price-lists/api';

/** The seller's products matching what was typed (name, brand or SKU): up to 6, once 2 letters are in. */
function useProductSearch(q: string) {
  const { user } = useAuth();
  const typed = q.trim().length >= 2;
  const found = useMyProducts(user?.email ?? '', { q: q.trim(), limit: 6, offset: 0 } as ProductListQuery, {
    enabled: Boolean(user) && typed,
  });
  return {
    products: (typed ? found.data?.items : undefined) ?? ([] as Product[]),
    searching: typed && found.isFetching,
  };
}

type Picked = { productId: string; name: string; sku: string | null; listPrice: number };

/** The ladder as numbers when every row is filled, for the preview and the request. */
function ladderOf(price: string, rows: TierRow[]) {
  const unit = Number(price);
  if (price.trim() === '' || !Number.isFinite(unit)) return null;
  const tiers = rows.map((row) => ({ minQty: Number(row.minQty), price: Number(row.price) }));
  if (rows.some((row) => row.minQty.trim() === '' || row.price.trim() === '')) return null;
  return { price: unit, tiers };
}

/**
 * Adds a product to the list, or changes the price of one on it (`editing`): find it by SKU or
 * name, then its contract price and volume tiers of its own.
 */
export function LineEditor({
  listId,
  editing,
  onDone,
}: {
  listId: string;
  editing: PriceListLine | null;
  onDone: () => void;
}) {
  const id = useId();
  const save = useSetPriceListLine(listId);
  const [q, setQ] = useState('');
  const [picked, setPicked] = useState<Picked | null>(editing);
  const [price, setPrice] = useState(editing ? editing.price.toFixed(2) : '');
  const [rows, setRows] = useState<TierRow[]>(
    editing ? editing.tiers.map((t) => newTierRow(String(t.minQty), t.price.toFixed(2))) : [],
  );
  const [error, setError] = useState<string | null>(null);
  const { products, searching } = useProductSearch(picked ? '' : q);

  const ladder = ladderOf(price, rows);
  const issues = ladder ? contractTierIssues({ price: ladder.price, tiers: ladder.tiers }) : [];
  const preview: LadderPreview =
    rows.length === 0
      ? null
      : !ladder
        ? { state: 'incomplete' }
        : issues.length > 0
          ? { state: 'invalid' }
          : { state: 'ready', price: ladder.price, tiers: ladder.tiers };

  const reset = () => {
    setPicked(null);
    setQ('');
    setPrice('');
    setRows([]);
    setError(null);
    onDone();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!picked) {
      setError('Find the product first: type its SKU or name.');
      return;
    }
    if (!ladder) {
      setError('Enter the contract price, and a quantity and a price in every tier.');
      return;
    }
    const issue = issues[0];
    if (issue) {
      setError(issue.message);
      return;
    }
    try {
      await save.mutateAsync({ productId: picked.productId, price: ladder.price, tiers: ladder.tiers });
      toast.success(`${picked.name}: ${formatPrice(ladder.price)} on this list.`, { duration: TOAST_MS });
      reset();
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <form
      className="flex flex-col gap-3 rounded-box bg-base-200 p-4"
      onSubmit={(event) => void onSubmit(event)}
      aria-label={editing ? `Price of ${editing.name}` : 'Add a product to the list'}
    >
      <h3 className="font-semibold">{editing ? `Change the price of ${editing.name}` : 'Add a product'}</h3>
      {picked ? (
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-medium break-words">{picked.name}</span>
          {picked.sku ? <span className="text-sm text-base-content/60">SKU {picked.sku}</span> : null}
          <span className="text-sm text-base-content/60">your price {formatPrice(picked.listPrice)}</span>
          {editing ? null : (
            <button type="button" className="btn btn-ghost btn-xs" onClick={() => setPicked(null)}>
              Choose another
            </button>
          )}
        </p>
      ) : (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-find`} className="text-sm font-medium">
            Find a product by SKU or name
          </label>
          <input
            id={`${id}-find`}
            type="search"
            className="input w-full sm:max-w-sm"
            value={q}
            placeholder="e.g. PAN-28 or frying pan"
            autoComplete="off"
            onChange={(event) => setQ(event.target.value)}
          />
          {q.trim().length >= 2 ? (
            <ul className="flex flex-col gap-1" aria-label="Products found" aria-busy={searching}>
              {products.map((product) => (
                <li key={product._id}>
                  <button
                    type="button"
                    className="btn h-auto w-full justify-between gap-3 btn-ghost py-2 text-left font-normal btn-sm"
                    onClick={() => {
                      setPicked({
                        productId: product._id,
                        name: product.name,
                        sku: product.sku,
                        listPrice: product.price,
                      });
                      setPrice(product.price.toFixed(2));
                    }}
                  >
                    <span className="min-w-0 break-words">
                      {product.name}
                      {product.sku ? (
                        <span className="ml-2 text-xs text-base-content/60">SKU {product.sku}</span>
                      ) : null}
                    </span>
                    <span className="tabular-nums">{formatPrice(product.price)}</span>
                  </button>
                </li>
              ))}
              {!searching && products.length === 0 ? (
                <li className="text-sm text-base-content/60">None of your products matches “{q.trim()}”.</li>
              ) : null}
            </ul>
          ) : null}
        </div>
      )}
      {picked ? (
        <>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">Contract price (USD)</span>
            <input
              type="number"
              inputMode="decimal"
              min={0}
              step={0.01}
              className="input w-full sm:max-w-xs"
              value={price}
              onChange={(event) => setPrice(event.target.value)}
              required
            />
          </label>
          <PriceTierEditor
            idPrefix={`${id}-tiers`}
            label="Volume tiers of this contract"
            rows={rows}
            errors={{}}
            preview={preview}
            disabled={save.isPending}
            onChange={setRows}
            onEdit={() => setError(null)}
            onLeave={() => undefined}
          />
        </>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={save.isPending || !picked}>
          {editing ? 'Save price' : 'Add to list'}
        </button>
        {picked || editing ? (
          <button type="button" className="btn btn-ghost" onClick={reset}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
