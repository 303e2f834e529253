import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import {
  COMPANY_LIMITS,
  companyAddressInputSchema,
  ORDER_LIMITS,
  TOAST_MS,
  type CompanyAddress,
  type CompanyAddressInput,
} from '@b2b/shared';
import { confirmDialog, showAlert } from '@/components/ui/dialogs';
import { ErrorState } from '@/components/ui/states';
import { errorMessage } from '@/lib/errors';
import { useAddresses, useDeleteAddress, useSaveAddress } from '../api/addresses';
import { fieldErrors, FormField } from './form-field';

type Field = keyof CompanyAddressInput;

const FIELDS: { name: Field; label: string; max: number; required: boolean; autoComplete: string; wide?: boolean }[] = [
  { name: 'label', label: 'Label', max: COMPANY_LIMITS.addressLabel, required: true, autoComplete: 'off' },
  { name: 'name', label: 'Recipient', max: ORDER_LIMITS.name, required: true, autoComplete: 'name' },
  {
    name: 'line1',
    label: 'Address line 1',
    max: ORDER_LIMITS.line,
    required: true,
    autoComplete: 'address-line1',
    wide: true,
  },
  {
    name: 'line2',
    label: 'Address line 2',
    max: ORDER_LIMITS.line,
    required: false,
    autoComplete: 'address-line2',
    wide: true,
  },
  { name: 'city', label: 'City', max: ORDER_LIMITS.city, required: true, autoComplete: 'address-level2' },
  {
    name: 'postalCode',
    label: 'Postal code',
    max: ORDER_LIMITS.postalCode,
    required: false,
    autoComplete: 'postal-code',
  },
  { name: 'country', label: 'Country', max: ORDER_LIMITS.country, required: true, autoComplete: 'country-name' },
  { name: 'phone', label: 'Phone', max: ORDER_LIMITS.phone, required: false, autoComplete: 'tel' },
];

/** The company's ship-to addresses; every member picks from them at checkout, admins keep them. */
export function AddressBook({ isAdmin }: { isAdmin: boolean }) {
  const addresses = useAddresses();
  // null: no form; 'new': adding; an id: editing that address.
  const [editing, setEditing] = useState<string | null>(null);

  let body;
  if (addresses.isPending) body = <p className="text-sm text-base-content/70">Loading addresses...</p>;
  else if (addresses.isError) body = <ErrorState error={addresses.error} onRetry={() => void addresses.refetch()} />;
  else if (addresses.data.length === 0 && editing !== 'new') {
    body = (
      <p className="text-sm text-base-content/70">
        No addresses yet.{isAdmin ? ' Add the places your company has goods delivered to.' : ''}
      </p>
    );
  } else {
    body = (
      <ul className="grid gap-3 md:grid-cols-2">
        {addresses.data.map((address) =>
          editing === address._id ? (
            <li key={address._id} className="md:col-span-2">
              <AddressForm address={address} onDone={() => setEditing(null)} />
            </li>
          ) : (
            <li key={address._id}>
              <AddressCard address={address} isAdmin={isAdmin} onEdit={() => setEditing(address._id)} />
            </li>
          ),
        )}
      </ul>
    );
  }

  return (
    <section aria-labelledby="address-book" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="address-book" className="text-xl font-semibold">
            Address book
          </h2>
          {isAdmin && editing !== 'new' ? (
            <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => setEditing('new')}>
              Add address
            </button>
          ) : null}
        </div>
        {editing === 'new' ? <AddressForm address={null} onDone={() => setEditing(null)} /> : null}
        {body}
      </div>
    </section>
  );
}

function AddressCard({ address, isAdmin, onEdit }: { address: CompanyAddress; isAdmin: boolean; onEdit: () => void }) {
  const remove = useDeleteAddress();
  const onRemove = async () => {
    const ok = await confirmDialog({
      title: `Remove ${address.label}?`,
      text: 'Orders already shipped there keep their own copy.',
      confirmText: 'Remove',
      danger: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(address._id);
      toast.success(`${address.label} removed.`, { duration: TOAST_MS });
    } catch (error) {
      await showAlert({ icon: 'error', title: 'The address was not removed', text: errorMessage(error) });
    }
  };
  return (
    <article aria-label={address.label} className="flex h-full flex-col gap-2 rounded-box border border-base-300 p-3">
      <h3 className="font-semibold break-words">{address.label}</h3>
      <address className="text-sm break-words whitespace-pre-line not-italic">
        {[
          address.name,
          address.line1,
          address.line2,
          [address.postalCode, address.city].filter(Boolean).join(' '),
          address.country,
          address.phone,
        ]
          .filter(Boolean)
          .join('\n')}
      </address>
      {isAdmin ? (
        <div className="mt-auto flex gap-2">
          <button
            type="button"
            className="btn btn-outline btn-xs"
            onClick={onEdit}
            aria-label={`Edit ${address.label}`}
          >
            Edit
          </button>
          <button
            type="button"
            className="btn btn-outline btn-error btn-xs"
            disabled={remove.isPending}
            onClick={() => void onRemove()}
            aria-label={`Remove ${address.label}`}
          >
            Remove
          </button>
        </div>
      ) : null}
    </article>
  );
}

function AddressForm({ address, onDone }: { address: CompanyAddress | null; onDone: () => void }) {
  const save = useSaveAddress();
  const baseId = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(FIELDS.map((field) => [field.name, String(data.get(field.name) ?? '')]));
    const parsed = companyAddressInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      const saved = await save.mutateAsync({ id: address?._id ?? null, body: parsed.data });
      toast.success(`${saved.label} saved.`, { duration: TOAST_MS });
      onDone();
    } catch (error) {
      setErrors({ '': errorMessage(error) });
    }
  }

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={address ? `Edit ${address.label}` : 'New address'}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-200/40 p-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {FIELDS.map((field) => {
          const id = `${baseId}-${field.name}`;
          return (
            <FormField
              key={field.name}
              id={id}
              label={field.required ? field.label : `${field.label} (optional)`}
              error={errors[field.name]}
              className={field.wide ? 'sm:col-span-2' : ''}
            >
              {(describedBy) => (
                <input
                  id={id}
                  name={field.name}
                  className="input w-full"
                  maxLength={field.max}
                  autoComplete={field.autoComplete}
                  defaultValue={address?.[field.name] ?? ''}
                  required={field.required}
                  aria-invalid={errors[field.name] ? true : undefined}
                  aria-describedby={describedBy}
                />
              )}
            </FormField>
          );
        })}
      </div>
      {errors[''] ? (
        <p role="alert" className="text-sm text-error">
          {errors['']}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={save.isPending}>
          {save.isPending ? <span className="loading loading-xs loading-spinner" aria-hidden="true" /> : null}
          Save address
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
