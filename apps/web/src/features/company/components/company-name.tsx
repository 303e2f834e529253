import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { COMPANY_LIMITS, companyUpdateSchema, TOAST_MS, type CompanyDetail } from '@b2b/shared';
import { errorMessage } from '@/lib/errors';
import { useUpdateCompany } from '../api/update-company';
import { fieldErrors, FormField } from './form-field';

/** The company's name as the page heading; admins can rename it in place. */
export function CompanyName({ company }: { company: CompanyDetail }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateCompany();
  const id = useId();
  const [error, setError] = useState<string | undefined>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = companyUpdateSchema.safeParse({ name: new FormData(event.currentTarget).get('name') ?? '' });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).name);
      return;
    }
    setError(undefined);
    try {
      await update.mutateAsync(parsed.data);
      toast.success('Company renamed.', { duration: TOAST_MS });
      setEditing(false);
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  if (!editing) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold break-words">{company.name}</h1>
        {company.role === 'admin' ? (
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(true)}>
            Rename
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Rename company" className="flex flex-col gap-2">
      <h1 className="sr-only">{company.name}</h1>
      <FormField id={id} label="Company name" error={error}>
        {(describedBy) => (
          <input
            id={id}
            name="name"
            className="input w-full max-w-md"
            maxLength={COMPANY_LIMITS.name}
            defaultValue={company.name}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
          />
        )}
      </FormField>
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={update.isPending}>
          Save
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
