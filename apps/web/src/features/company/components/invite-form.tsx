import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { COMPANY_LIMITS, INVITATION_EXPIRY_DAYS, invitationCreateSchema, TOAST_MS } from '@b2b/shared';
import { errorMessage } from '@/lib/errors';
import { useInviteMember } from '../api/invite-member';
import { fieldErrors, FormField } from './form-field';
import { RoleLimitFields } from './role-limit-fields';
import { parseSpendingLimit } from './spending-limit';

/** Admins invite a colleague by email, with the role and spending limit they get on accepting. */
export function InviteForm() {
  const invite = useInviteMember();
  const ids = { email: useId(), role: useId(), limit: useId() };
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const parsed = invitationCreateSchema.safeParse({
      email: data.get('email') ?? '',
      role: data.get('role'),
      spendingLimit: parseSpendingLimit(String(data.get('spendingLimit') ?? '')),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await invite.mutateAsync(parsed.data);
      form.reset();
      toast.success(`Invitation sent to ${parsed.data.email}.`, { duration: TOAST_MS });
    } catch (error) {
      setErrors({ email: errorMessage(error) });
    }
  }

  return (
    <section aria-labelledby="invite-member" className="card border border-base-300 bg-base-100 shadow-sm">
      <form className="card-body gap-4 p-4 sm:p-6" onSubmit={handleSubmit} noValidate>
        <div>
          <h2 id="invite-member" className="text-xl font-semibold">
            Invite a colleague
          </h2>
          <p className="mt-1 text-sm text-base-content/70">
            They see the invitation when they sign in with this email. It is open for {INVITATION_EXPIRY_DAYS} days.
          </p>
        </div>
        <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <FormField id={ids.email} label="Email" error={errors.email}>
            {(describedBy) => (
              <input
                id={ids.email}
                name="email"
                type="email"
                autoComplete="off"
                maxLength={COMPANY_LIMITS.email}
                className="input w-full"
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy}
                required
              />
            )}
          </FormField>
          <RoleLimitFields ids={ids} errors={errors} defaultRole="buyer" />
        </div>
        <p className="text-sm text-base-content/70">
          Everyone can buy. Buyers see their own orders; approvers also approve colleagues’ orders above their limit;
          catalogue managers keep the company’s products; the order desk confirms and ships its sales; admins do all of
          it and manage members and addresses.
        </p>
        <div>
          <button type="submit" className="btn btn-primary" disabled={invite.isPending}>
            {invite.isPending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
            Send invitation
          </button>
        </div>
      </form>
    </section>
  );
}
