import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { COMPANY_LIMITS, companyCreateSchema, TOAST_MS } from '@b2b/shared';
import { errorMessage } from '@/lib/errors';
import { useCreateCompany } from '../api/create-company';
import { fieldErrors, FormField } from './form-field';

/** For a user without a company: name it and become its first admin. */
export function CreateCompanyForm() {
  const create = useCreateCompany();
  const id = useId();
  const [error, setError] = useState<string | undefined>();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = companyCreateSchema.safeParse({ name: new FormData(event.currentTarget).get('name') ?? '' });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).name);
      return;
    }
    setError(undefined);
    try {
      const company = await create.mutateAsync(parsed.data);
      toast.success(`${company.name} is created. You are its admin.`, { duration: TOAST_MS });
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <section aria-labelledby="create-company" className="card border border-base-300 bg-base-100 shadow-sm">
      <form className="card-body gap-4 p-4 sm:p-6" onSubmit={handleSubmit} noValidate>
        <div>
          <h2 id="create-company" className="text-xl font-semibold">
            Create a company
          </h2>
          <p className="mt-1 text-sm text-base-content/70">
            Buy together with your colleagues: invite them, give each a role and a spending limit, and approve the
            orders above it. You become the company’s first admin.
          </p>
        </div>
        <FormField id={id} label="Company name" error={error}>
          {(describedBy) => (
            <input
              id={id}
              name="name"
              className="input w-full"
              maxLength={COMPANY_LIMITS.name}
              autoComplete="organization"
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              required
            />
          )}
        </FormField>
        <div>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
            Create company
          </button>
        </div>
      </form>
    </section>
  );
}
