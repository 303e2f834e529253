import { TOAST_MS } from '@b2b/shared';
import { useEffect, useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { changePassword, hasPassword } from '@/lib/account';
import { errorMessage } from '@/lib/errors';
import { Field } from './auth-card';
import { NewPasswordFields, newPasswordProblem } from './new-password-fields';
import { PasswordInput } from './password-input';

export const GOOGLE_ONLY_MESSAGE =
  'You sign in with Google, so this account has no password here. Your Google account manages how you sign in.';

/**
 * Changes the password of an email/password account: Firebase asks for a recent sign-in, so the
 * current password is checked first (reauthenticateWithCredential), then the new one must meet
 * Register's rules. An account that signs in with Google only gets a sentence instead.
 */
export function ChangePasswordForm() {
  const [withPassword, setWithPassword] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const currentId = useId();

  useEffect(() => {
    let cancelled = false;
    hasPassword().then(
      (has) => !cancelled && setWithPassword(has),
      // Without Firebase nothing can be changed anyway; the form will say why on submit.
      () => !cancelled && setWithPassword(true),
    );
    return () => {
      cancelled = true;
    };
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const current = String(data.get('currentPassword') ?? '');
    const next = String(data.get('newPassword') ?? '');
    const found = current
      ? newPasswordProblem(next, String(data.get('confirmPassword') ?? ''))
      : 'Enter your current password.';
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      await changePassword(current, next);
      form.reset();
      toast.success('Your password has been changed.', { duration: TOAST_MS });
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  }

  if (withPassword === null) {
    return (
      <p role="status" className="text-sm text-base-content/70">
        Loading...
      </p>
    );
  }
  if (!withPassword) return <p className="text-sm text-base-content/80">{GOOGLE_ONLY_MESSAGE}</p>;
  return (
    <form className="flex flex-col gap-4" onSubmit={handleSubmit} aria-label="Change password" noValidate>
      <Field id={currentId} label="Current password">
        <PasswordInput
          id={currentId}
          name="currentPassword"
          autoComplete="current-password"
          disabled={saving}
          required
        />
      </Field>
      <NewPasswordFields disabled={saving} />
      {problem ? (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="btn self-start btn-primary" disabled={saving}>
        {saving ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
        Change password
      </button>
    </form>
  );
}
