import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { CATEGORIES, LIMITS, TRADE_LIMITS, type ProductData, type ProductUpdate } from '@b2b/shared';
import { confirmDialog, showAlert } from '@/components/ui/dialogs';
import { PercentInput } from '@/components/ui/percent-input';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/errors';
import {
  EMPTY_PRODUCT_FORM,
  filledTierRows,
  isKeptWhenEmpty,
  isRequired,
  ladderPreview,
  tierErrorKey,
  toFieldErrors,
  validateNewProduct,
  validateProductUpdate,
  type FieldErrors,
  type ProductField,
  type ProductFormValues,
  type ScalarField,
  type TierPart,
  type TierRow,
} from '../utils/product-form-values';
import { minimumAboveStock } from '../utils/product-form-hints';
import { controlIds, HINTS, KEEP_HINT, LABELS, tierErrorsOnLeave } from '../utils/product-form-fields';
import { PriceTierEditor, tierInputId } from './price-tier-editor';
import { Field, inputClass } from './product-field';

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
  // The tier rows of the last submit: the server's `priceTiers.1.price` counts these.
  const sentRows = useRef<TierRow[]>([]);
  const idOf = (field: ProductField) => `${idPrefix}-${field}`;
  const tiersId = idOf('priceTiers');

  const validate = (current: ProductFormValues) =>
    props.mode === 'create' ? validateNewProduct(current) : validateProductUpdate(current, initialValues);

  // The control to focus once the form is enabled again (a disabled one cannot take focus).
  const focusTarget = useRef<string | null>(null);
  useEffect(() => {
    if (focusTarget.current === null || submitting) return;
    document.getElementById(focusTarget.current)?.focus();
    focusTarget.current = null;
  });

  const showErrors = (next: FieldErrors) => {
    setErrors(next);
    const first = controlIds(values.priceTiers, idOf, tierInputId).find(([key]) => next[key]);
    if (first) focusTarget.current = first[1];
  };

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const field = event.currentTarget.name as ScalarField;
    const { value } = event.currentTarget;
    setValues((previous) => ({ ...previous, [field]: value }));
    // An edited field loses its stale message; the rest keep theirs until the next submit.
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  const onTiersChange = (rows: TierRow[]) => setValues((previous) => ({ ...previous, priceTiers: rows }));
  const onTierEdit = (row: TierRow, part: TierPart) =>
    setErrors((previous) => ({ ...previous, [tierErrorKey(row.key, part)]: undefined, priceTiers: undefined }));
  /*
   * Leaving a tier box checks the ladder again, so a row that breaks it is marked at once rather
   * than at Submit. Only filled boxes get a message: a row being typed is not wrong yet.
   */
  const onTierLeave = (rows: TierRow[] = values.priceTiers) => {
    const result = validate({ ...values, priceTiers: rows });
    setErrors((previous) => tierErrorsOnLeave(previous, result.success ? {} : result.errors, rows));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitButton = event.currentTarget.querySelector<HTMLButtonElement>('button[type="submit"]');
    if (submitting) return;
    let send: () => Promise<SubmitOutcome>;
    if (props.mode === 'create') {
      const result = validateNewProduct(values);
      if (!result.success) return showErrors(result.errors);
      send = () => props.onSubmit(result.data);
    } else {
      const result = validateProductUpdate(values, initialValues);
      if (!result.success) return showErrors(result.errors);
      send = () => props.onSubmit(result.data);
    }
    sentRows.current = filledTierRows(values.priceTiers);
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
      // Field problems (a ladder row, a SKU in use) go under their fields, as the form's own do.
      if (error instanceof ApiError && error.details?.length)
        showErrors(toFieldErrors(error.details, sentRows.current));
      await showAlert({ icon: 'error', title: 'The product was not saved', text: errorMessage(error) });
    } finally {
      setSubmitting(false);
    }
  };

  const stockWarning = minimumAboveStock(values, initialValues);
  const hintOf = (name: ProductField) => HINTS[name] ?? (isKeptWhenEmpty(name, mode) ? KEEP_HINT : undefined);
  // What Field shows beside the label, and the matching attributes on the control.
  const labelled = (name: ScalarField) => ({
    id: idOf(name),
    label: LABELS[name],
    required: isRequired(name, mode),
    hint: hintOf(name),
    error: errors[name],
  });
  const field = (name: ScalarField) => ({
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
  const wholeNumber = { type: 'number', inputMode: 'numeric', step: 1 } as const;

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="grid grid-cols-1 gap-x-6 gap-y-5 md:grid-cols-2"
    >
      <Field {...labelled('name')}>
        <input {...field('name')} type="text" maxLength={LIMITS.name} className={inputClass('input', errors.name)} />
      </Field>
      <Field {...labelled('sku')}>
        <input
          {...field('sku')}
          type="text"
          autoComplete="off"
          spellCheck={false}
          maxLength={TRADE_LIMITS.sku}
          className={inputClass('input', errors.sku)}
        />
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
      <Field {...labelled('brand')}>
        <input {...field('brand')} type="text" maxLength={LIMITS.brand} className={inputClass('input', errors.brand)} />
      </Field>
      <Field {...labelled('quantity')}>
        <input {...field('quantity')} {...wholeNumber} min={0} className={inputClass('input', errors.quantity)} />
      </Field>
      <Field {...labelled('minSellQty')}>
        <input {...field('minSellQty')} {...wholeNumber} min={1} className={inputClass('input', errors.minSellQty)} />
      </Field>
      <Field {...labelled('packSize')}>
        <input {...field('packSize')} {...wholeNumber} min={1} className={inputClass('input', errors.packSize)} />
      </Field>
      <Field {...labelled('maxOrderQty')}>
        <input
          {...field('maxOrderQty')}
          {...wholeNumber}
          min={1}
          placeholder="No limit"
          className={inputClass('input', errors.maxOrderQty)}
        />
      </Field>
      <p
        id={`${idPrefix}-stock-warning`}
        aria-live="polite"
        className={stockWarning ? 'alert alert-soft text-sm alert-warning text-base-content md:col-span-2' : 'sr-only'}
      >
        {stockWarning}
      </p>
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
      <Field {...labelled('taxRate')}>
        <PercentInput
          {...field('taxRate')}
          placeholder="Default rate"
          className={inputClass('input', errors.taxRate)}
        />
      </Field>
      <PriceTierEditor
        idPrefix={tiersId}
        label={LABELS.priceTiers}
        rows={values.priceTiers}
        errors={errors}
        preview={ladderPreview(values, initialValues, mode)}
        disabled={submitting}
        onChange={onTiersChange}
        onEdit={onTierEdit}
        onLeave={onTierLeave}
      />
      <Field {...labelled('image')} wide>
        <input
          {...field('image')}
          type="text"
          inputMode="url"
          placeholder="https://… or /images/products/…"
          maxLength={LIMITS.image}
          className={inputClass('input', errors.image)}
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
