import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { checkPasswordResetCode, resetPassword } from '@/lib/account';
import { errorMessage } from '@/lib/errors';
import { NewPasswordFields, newPasswordProblem } from './new-password-fields';

type Props = {
  /** The reset link's one-time code (oobCode), or null when the page was opened without one. */
  code: string | null;
};

type Check = { state: 'checking' } | { state: 'valid'; email: string } | { state: 'invalid'; message: string };

export const MISSING_CODE_MESSAGE =
  'This page sets a new password from the link in a password reset email, and this address has no reset code. Ask for a new link from the login page.';

/**
 * The page a password-reset link opens: checks the link's code (verifyPasswordResetCode), asks
 * for a new password under Register's rules, sets it (confirmPasswordReset), then leads to the
 * login page. The reset does not sign anybody in.
 */
export function ResetPasswordForm({ code }: Props) {
  const [check, setCheck] = useState<Check>(() =>
    code ? { state: 'checking' } : { state: 'invalid', message: MISSING_CODE_MESSAGE },
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!code) return;
    let cancelled = false;
    checkPasswordResetCode(code).then(
      (email) => !cancelled && setCheck({ state: 'valid', email }),
      (error: unknown) => !cancelled && setCheck({ state: 'invalid', message: errorMessage(error) }),
    );
    return () => {
      cancelled = true;
    };
  }, [code]);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!code) return;
    const data = new FormData(event.currentTarget);
    const password = String(data.get('newPassword') ?? '');
    const found = newPasswordProblem(password, String(data.get('confirmPassword') ?? ''));
    setProblem(found);
    if (found) return;
    setSaving(true);
    try {
      await resetPassword(code, password);
      setDone(true);
    } catch (error) {
      setProblem(errorMessage(error));
      setSaving(false);
    }
  }

  if (check.state === 'checking') {
    return (
      <p role="status" className="flex items-center gap-2 text-base-content/75">
        <span className="loading loading-sm loading-spinner text-primary" aria-hidden="true" />
        Checking your reset link...
      </p>
    );
  }
  if (check.state === 'invalid') {
    return (
      <div className="flex flex-col gap-4">
        <p role="alert" className="alert alert-error">
          {check.message}
        </p>
        <Link to={paths.login} className="btn btn-primary">
          Back to login
        </Link>
      </div>
    );
  }
  if (done) {
    return (
      <div className="flex flex-col gap-4">
        <p role="status" className="alert alert-success">
          Your password has been changed. Log in with your new password.
        </p>
        <Link to={paths.login} className="btn btn-primary">
          Login
        </Link>
      </div>
    );
  }
  return (
    <form className="flex flex-col gap-4" onSubmit={handleSubmit} aria-label="Set a new password">
      <p className="text-sm text-base-content/75">
        For <span className="font-medium break-all text-base-content">{check.email}</span>
      </p>
      <NewPasswordFields disabled={saving} />
      {problem ? (
        <p role="alert" className="text-sm text-error">
          {problem}
        </p>
      ) : null}
      <button type="submit" className="btn mt-2 btn-primary" disabled={saving}>
        {saving ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
        Set new password
      </button>
    </form>
  );
}
