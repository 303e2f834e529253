import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { ORDER_LIMITS, placeOrderSchema, type PlaceOrder, type ShipTo } from '@b2b/shared';
import { ApiError } from '@/lib/api-client';

type Values = {
  name: string;
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  country: string;
  phone: string;
  poNumber: string;
  note: string;
};
type FieldName = keyof Values;
type Errors = Partial<Record<FieldName, string>>;

const SHIP_TO_FIELDS = ['name', 'line1', 'line2', 'city', 'postalCode', 'country', 'phone'] as const;
const ORDER_FIELDS = ['poNumber', 'note'] as const;
const FIELD_ORDER: FieldName[] = [...SHIP_TO_FIELDS, ...ORDER_FIELDS];

const FIELDS: Record<
  FieldName,
  { label: string; required: boolean; max: number; autoComplete?: string; wide?: boolean }
> = {
  name: { label: 'Name or company', required: true, max: ORDER_LIMITS.name, autoComplete: 'shipping name', wide: true },
  line1: {
    label: 'Address line 1',
    required: true,
    max: ORDER_LIMITS.line,
    autoComplete: 'shipping address-line1',
    wide: true,
  },
  line2: {
    label: 'Address line 2',
    required: false,
    max: ORDER_LIMITS.line,
    autoComplete: 'shipping address-line2',
    wide: true,
  },
  city: { label: 'City', required: true, max: ORDER_LIMITS.city, autoComplete: 'shipping address-level2' },
  postalCode: {
    label: 'Postal code',
    required: false,
    max: ORDER_LIMITS.postalCode,
    autoComplete: 'shipping postal-code',
  },
  country: { label: 'Country', required: true, max: ORDER_LIMITS.country, autoComplete: 'shipping country-name' },
  phone: { label: 'Phone', required: false, max: ORDER_LIMITS.phone, autoComplete: 'shipping tel' },
  poNumber: { label: 'PO number', required: false, max: ORDER_LIMITS.poNumber },
  note: { label: 'Note for the sellers', required: false, max: ORDER_LIMITS.note, wide: true },
};

const EMPTY: Values = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  postalCode: '',
  country: '',
  phone: '',
  poNumber: '',
  note: '',
};

/** `shipTo.city` → `city`; `poNumber` stays. */
const fieldOf = (path: string) => path.replace(/^shipTo\./, '') as FieldName;
/** Whether an API detail names a field of this form (checkout's cart refusals name products instead). */
export const isFormField = (path: string) => (FIELD_ORDER as string[]).includes(fieldOf(path));

function toBody(values: Values): unknown {
  const { poNumber, note, ...shipTo } = values;
  return { poNumber, note, shipTo };
}

/** A saved ship-to address the buyer may pick (the company address book). */
export type SavedShipTo = ShipTo & { _id: string; label: string };

type CheckoutFormProps = {
  /** The address of the last checkout, remembered in this browser. */
  initialShipTo: ShipTo | null;
  /** Saved addresses to pick from (none for a buyer without a company: no picker). */
  addressBook?: readonly SavedShipTo[];
  submitting: boolean;
  /** Places the orders; throws an ApiError when the server refuses (its field details are shown here). */
  onSubmit: (body: PlaceOrder) => Promise<void>;
  /** The review of what will be ordered, shown beside (wide) or below (narrow) the address. */
  review: ReactNode;
  /** The total line above the button. */
  total: ReactNode;
  /** What the button says (accepting a quote places its order with this form too). */
  submitLabel?: string;
};

/** Ship-to address, PO number and note, then "Place order". Validated with the API's own schema. */
export function CheckoutForm({
  initialShipTo,
  addressBook = [],
  submitting,
  onSubmit,
  review,
  total,
  submitLabel = 'Place order',
}: CheckoutFormProps) {
  const idPrefix = useId();
  const [values, setValues] = useState<Values>({ ...EMPTY, ...initialShipTo });
  const [errors, setErrors] = useState<Errors>({});
  const [picked, setPicked] = useState('');
  const idOf = (field: FieldName) => `${idPrefix}-${field}`;

  const showErrors = (next: Errors) => {
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const field = event.currentTarget.name as FieldName;
    const { value } = event.currentTarget;
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  // A picked address fills every ship-to field (its empty ones too), which stay editable.
  const onPick = (event: ChangeEvent<HTMLSelectElement>) => {
    const id = event.currentTarget.value;
    setPicked(id);
    const address = addressBook.find((entry) => entry._id === id);
    if (!address) return;
    const shipTo = Object.fromEntries(SHIP_TO_FIELDS.map((name) => [name, address[name]]));
    setValues((previous) => ({ ...previous, ...shipTo }));
    setErrors((previous) => ({ ...previous, ...Object.fromEntries(SHIP_TO_FIELDS.map((name) => [name, undefined])) }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const parsed = placeOrderSchema.safeParse(toBody(values));
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[fieldOf(issue.path.join('.'))] ??= issue.message;
      showErrors(next);
      return;
    }
    setErrors({});
    try {
      await onSubmit(parsed.data);
    } catch (error) {
      // Only the details about this form's fields; the others (cart lines) are the page's to show.
      const own = error instanceof ApiError ? (error.details ?? []).filter((d) => isFormField(d.field)) : [];
      if (own.length > 0) {
        const next: Errors = {};
        for (const detail of own) next[fieldOf(detail.field)] ??= detail.message;
        showErrors(next);
      }
      throw error;
    }
  };

  const field = (name: FieldName) => {
    const { label, required, max, autoComplete, wide } = FIELDS[name];
    const id = idOf(name);
    const error = errors[name];
    const control = {
      id,
      name,
      value: values[name],
      onChange,
      disabled: submitting,
      required,
      maxLength: max,
      autoComplete: autoComplete ?? 'off',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
    };
    return (
      <div key={name} className={`flex flex-col gap-1.5 ${wide ? 'sm:col-span-2' : ''}`}>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
          {required ? (
            <span className="ml-1 text-error" aria-hidden="true">
              *
            </span>
          ) : (
            <span className="ml-1 font-normal text-base-content/60">(optional)</span>
          )}
        </label>
        {name === 'note' ? (
          <textarea {...control} rows={3} className={`textarea w-full ${error ? 'textarea-error' : ''}`} />
        ) : (
          <input
            {...control}
            type={name === 'phone' ? 'tel' : 'text'}
            className={`input w-full ${error ? 'input-error' : ''}`}
          />
        )}
        {error ? (
          <p id={`${id}-error`} className="text-sm text-error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event).catch(() => undefined)}
      className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start"
    >
      <div className="flex flex-col gap-6">
        <section aria-labelledby={`${idPrefix}-ship`} className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-4 p-4 sm:p-6">
            <h2 id={`${idPrefix}-ship`} className="card-title text-lg">
              Ship to
            </h2>
            {addressBook.length > 0 ? (
              <div className="flex flex-col gap-1.5">
                <label htmlFor={`${idPrefix}-book`} className="text-sm font-medium">
                  Company address book
                </label>
                <select
                  id={`${idPrefix}-book`}
                  className="select w-full"
                  value={picked}
                  onChange={onPick}
                  disabled={submitting}
                >
                  <option value="">Choose a saved address</option>
                  {addressBook.map((address) => (
                    <option key={address._id} value={address._id}>
                      {address.label}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className="grid grid-cols-1 gap-x-4 gap-y-4 sm:grid-cols-2">{SHIP_TO_FIELDS.map(field)}</div>
            <p className="text-xs text-base-content/60">
              This address is remembered in this browser for your next checkout.
            </p>
          </div>
        </section>
        <section aria-labelledby={`${idPrefix}-refs`} className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-4 p-4 sm:p-6">
            <h2 id={`${idPrefix}-refs`} className="card-title text-lg">
              Your references
            </h2>
            <div className="grid grid-cols-1 gap-x-4 gap-y-4 sm:grid-cols-2">{ORDER_FIELDS.map(field)}</div>
          </div>
        </section>
      </div>
      <aside aria-labelledby={`${idPrefix}-review`} className="flex flex-col gap-4 lg:sticky lg:top-24">
        <h2 id={`${idPrefix}-review`} className="text-lg font-semibold">
          Review
        </h2>
        {review}
        <div className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body gap-3 p-4">
            {total}
            <button type="submit" className="btn btn-block btn-primary" disabled={submitting}>
              {submitting ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
              {submitLabel}
            </button>
          </div>
        </div>
      </aside>
    </form>
  );
}
