import { useId, useState, type FormEvent } from 'react';
import type { PriceForCustomer as Answer, Product, ProductListQuery } from '@b2b/shared';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { formatCount, formatPrice } from '@/lib/format';
import { useMyProducts } from '@/features/products/api/get-my-products';
import { usePriceForCustomer } from '@/features/price-lists/api';
import { validityText } from '@/features/price-lists/validity';

/** Why a customer pays what they pay, in one sentence. */
function why(answer: Answer): string {
  const { line } = answer;
  if (line.source === 'contract' && line.priceList) {
    return `the price list “${line.priceList.name}” (${validityText(line.priceList).toLowerCase()})`;
  }
  return line.source === 'tier' ? 'your volume tier for that quantity' : 'your own price';
}

/** "Price for a customer": an email, one of the seller's products and a quantity: what they pay, and why. */
export function PriceForCustomer() {
  const id = useId();
  const { user } = useAuth();
  const ask = usePriceForCustomer();
  const [email, setEmail] = useState('');
  const [q, setQ] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const found = useMyProducts(user?.email ?? '', { q: q.trim(), limit: 1, offset: 0 } as ProductListQuery, {
    enabled: Boolean(user) && q.trim().length >= 2,
  });
  const product: Product | undefined = q.trim().length >= 2 ? found.data?.items[0] : undefined;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    ask.reset();
    if (!product) {
      setError('Type the SKU or name of one of your products.');
      return;
    }
    const units = Number(quantity);
    if (!Number.isInteger(units) || units < 1) {
      setError('The quantity must be a whole number of at least 1.');
      return;
    }
    try {
      await ask.mutateAsync({ email: email.trim(), productId: product._id, quantity: units });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const answer = ask.data;
  return (
    <section
      className="flex flex-col gap-4 rounded-box border border-base-300 bg-base-100 p-4 sm:p-6"
      aria-labelledby={`${id}-heading`}
    >
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        Price for a customer
      </h2>
      <p className="text-sm text-base-content/70">
        What a customer pays for a quantity of one of your products, over all your price lists, and why.
      </p>
      <form className="grid gap-3 sm:grid-cols-2 sm:items-end" onSubmit={(e) => void onSubmit(e)}>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">Customer’s email</span>
          <input
            type="email"
            className="input w-full"
            value={email}
            required
            onChange={(event) => setEmail(event.target.value)}
          />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">Product (SKU or name)</span>
          <input type="search" className="input w-full" value={q} onChange={(event) => setQ(event.target.value)} />
        </label>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">Quantity</span>
          <input
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            className="input w-full"
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary" disabled={ask.isPending}>
          Show price
        </button>
      </form>
      <p className="text-sm text-base-content/70" aria-live="polite">
        {product ? `Product: ${product.name}${product.sku ? ` (SKU ${product.sku})` : ''}` : ''}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-error">
          {error}
        </p>
      ) : null}
      {answer ? (
        <div role="status" className="rounded-box bg-base-200 p-4">
          <p className="text-lg">
            <span className="font-semibold">{answer.customer.name}</span> pays{' '}
            <span className="font-semibold">{formatPrice(answer.line.unitPrice)}</span> each for{' '}
            {formatCount(answer.line.quantity)}: {formatPrice(answer.line.lineTotal)}.
          </p>
          <p className="text-sm text-base-content/70">
            From {why(answer)}; your own price for that quantity is {formatPrice(answer.basePrice)}.
          </p>
        </div>
      ) : null}
    </section>
  );
}
