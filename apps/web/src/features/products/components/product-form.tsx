import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import {
  CATEGORIES,
  LIMITS,
  productInputSchema,
  productUpdateSchema,
  type ProductData,
  type ProductUpdate,
} from '@b2b/shared';
import { confirmDialog, showAlert } from '@/components/ui/dialogs';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import {
  EMPTY_PRODUCT_FORM,
  FIELD_ORDER,
  isKeptWhenEmpty,
  minimumAboveStock,
  isRequired,
  toFieldErrors,
  validateProductForm,
  type FieldErrors,
  type ProductField,
  type ProductFormValues,
} from '../utils/product-form-values';

/** Every field of the shared product schema has a label here, so a new field cannot be forgotten. */
const LABELS: Record<ProductField, string> = {
  image: 'Image URL',
  name: 'Product name',
  quantity: 'Quantity',
  minSellQty: 'Min sell quantity',
  brand: 'Brand',
  category: 'Category',
  description: 'Description',
  price: 'Price (USD)',
  rating: 'Rating',
  content: 'Product content',
};

const HINTS: Partial<Record<ProductField, string>> = {
  image: 'https://… or /images/…; leave empty for a placeholder.',
  rating: 'From 0 to 5. Leave empty if not rated yet.',
  content: 'What is in the box, materials, packaging.',
};
const KEEP_HINT = 'Leave empty to keep the current value.';

/** What the caller reports after a successful save: `reset` empties the form for the next entry. */
export type SubmitOutcome = { reset: boolean };

type ProductFormProps = { initialValues?: ProductFormValues; submitLabel: string } & (
  | { mode: 'create'; onSubmit: (data: ProductData) => Promise<SubmitOutcome> }
  | { mode: 'update'; onSubmit: (data: ProductUpdate) => Promise<SubmitOutcome> }
);

export function ProductForm(props: ProductFormProps) {
  const { initialValues = EMPTY_PRODUCT_FORM, submitLabel, mode } = props;
  const idPrefix = useId();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const idOf = (field: ProductField) => `${idPrefix}-${field}`;

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = FIELD_ORDER.find((field) => next[field]);
    if (first) document.getElementById(idOf(first))?.focus();
  };

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const field = event.currentTarget.name as ProductField;
    const { value } = event.currentTarget;
    setValues((previous) => ({ ...previous, [field]: value }));
    // An edited field loses its stale message; the rest keep theirs until the next submit.
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitButton = event.currentTarget.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submitting) return;
    let send: () => Promise<SubmitOutcome>;
    if (props.mode === 'create') {
      const result = validateProductForm(values, productInputSchema, 'create');
      if (!result.success) return showErrors(result.errors);
      send = () => props.onSubmit(result.data);
    } else {
      const result = validateProductForm(values, productUpdateSchema, 'update');
      if (!result.success) return showErrors(result.errors);
      send = () => props.onSubmit(result.data);
    }
    setErrors({});
    const warning = minimumAboveStock(values, initialValues);
    if (warning) {
      const saveAnyway = await confirmDialog({
        title: 'Save with a minimum above the stock?',
        text: warning,
        confirmText: 'Save anyway',
        cancelText: 'Fix it',
        returnFocus: false,
      });
      // Fixing it usually means more stock: the cursor waits in Quantity. Saving goes on from Submit.
      if (!saveAnyway) {
        document.getElementById(idOf('quantity'))?.focus();
        return;
      }
      submitButton?.focus();
    }
    setSubmitting(true);
    try {
      const outcome = await send();
      if (outcome.reset) setValues(EMPTY_PRODUCT_FORM);
    } catch (error) {
      if (error instanceof ApiError && error.details?.length) showErrors(toFieldErrors(error.details));
      await showAlert({ icon: 'error', title: 'The product was not saved', text: errorMessage(error) });
    } finally {
      setSubmitting(false);
    }
  };

  const stockWarning = minimumAboveStock(values, initialValues);
  const hintOf = (name: ProductField) => HINTS[name] ?? (isKeptWhenEmpty(name, mode) ? KEEP_HINT : undefined);
  // What Field shows beside the label, and the matching attributes on the control.
  const labelled = (name: ProductField) => ({
    id: idOf(name),
    label: LABELS[name],
    required: isRequired(name, mode),
    hint: hintOf(name),
    error: errors[name],
  });
  const field = (name: ProductField) => ({
    id: idOf(name),
    name,
    value: values[name],
    onChange,
    disabled: submitting,
    required: isRequired(name, mode),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby':
      [
        hintOf(name) ? `${idOf(name)}-hint` : '',
        errors[name] ? `${idOf(name)}-error` : '',
        stockWarning && (name === 'quantity' || name === 'minSellQty') ? `${idPrefix}-stock-warning` : '',
      ]
        .filter(Boolean)
        .join(' ') || undefined,
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid grid-cols-1 gap-x-6 gap-y-5 md:grid-cols-2"
    >
      <Field {...labelled('name')}>
        <input {...field('name')} type="text" maxLength={LIMITS.name} className={inputClass('input', errors.name)} />
      </Field>
      <Field {...labelled('image')}>
        <input
          {...field('image')}
          type="text"
          inputMode="url"
          placeholder="https://… or /images/products/…"
          maxLength={LIMITS.image}
          className={inputClass('input', errors.image)}
        />
      </Field>
      <Field {...labelled('quantity')}>
        <input
          {...field('quantity')}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          className={inputClass('input', errors.quantity)}
        />
      </Field>
      <Field {...labelled('minSellQty')}>
        <input
          {...field('minSellQty')}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          className={inputClass('input', errors.minSellQty)}
        />
      </Field>
      <p
        id={`${idPrefix}-stock-warning`}
        aria-live="polite"
        className={stockWarning ? 'alert alert-soft text-sm alert-warning text-base-content md:col-span-2' : 'sr-only'}
      >
        {stockWarning}
      </p>
      <Field {...labelled('brand')}>
        <input {...field('brand')} type="text" maxLength={LIMITS.brand} className={inputClass('input', errors.brand)} />
      </Field>
      <Field {...labelled('category')}>
        <select {...field('category')} className={inputClass('select', errors.category)}>
          <option value="">Select a category</option>
          {CATEGORIES.map((category) => (
            <option key={category.value} value={category.value}>
              {category.label}
            </option>
          ))}
        </select>
      </Field>
      <Field {...labelled('price')}>
        <input
          {...field('price')}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          className={inputClass('input', errors.price)}
        />
      </Field>
      <Field {...labelled('rating')}>
        <input
          {...field('rating')}
          type="number"
          inputMode="decimal"
          min={0}
          max={5}
          step={0.1}
          className={inputClass('input', errors.rating)}
        />
      </Field>
      <Field {...labelled('description')} wide>
        <textarea
          {...field('description')}
          rows={3}
          maxLength={LIMITS.description}
          className={inputClass('textarea', errors.description)}
        />
      </Field>
      <Field {...labelled('content')} wide>
        <textarea
          {...field('content')}
          rows={4}
          maxLength={LIMITS.content}
          className={inputClass('textarea', errors.content)}
        />
      </Field>
      <div className="md:col-span-2">
        <button type="submit" className="btn w-full btn-primary sm:w-auto sm:min-w-40" disabled={submitting}>
          {submitting ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

// Whole class names, so Tailwind finds them when it scans the source.
const CONTROL_CLASSES = {
  input: ['input w-full', 'input w-full input-error'],
  select: ['select w-full', 'select w-full select-error'],
  textarea: ['textarea w-full', 'textarea w-full textarea-error'],
} as const;

function inputClass(kind: keyof typeof CONTROL_CLASSES, error: string | undefined) {
  return CONTROL_CLASSES[kind][error ? 1 : 0];
}

type FieldProps = {
  id: string;
  label: string;
  required?: boolean;
  hint?: string;
  error?: string;
  wide?: boolean;
  children: ReactNode;
};

function Field({ id, label, required = false, hint, error, wide = false, children }: FieldProps) {
  return (
    <div className={wide ? 'flex flex-col gap-1.5 md:col-span-2' : 'flex flex-col gap-1.5'}>
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
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-base-content/60">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
