import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { sendPasswordReset } from '@/lib/account';
import { errorMessage } from '@/lib/errors';

type Props = {
  /** What the login form's email field holds when the dialog opens. */
  initialEmail: string;
  onClose: () => void;
};

/** Something@something.tld: enough to catch a typo before asking Firebase. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address, like name@company.com.';

/** The same words whether or not the address has an account: nobody can find out who has one. */
export function resetSentMessage(email: string): string {
  return `If an account exists for ${email}, we have sent it a link to set a new password. Check your inbox (and the spam folder).`;
}

/**
 * 'Forgot password?': asks for the email (prefilled from the login form) and sends Firebase's
 * password-reset email, whose link leads to /reset-password. Mounted while open; a native modal <dialog> gives
 * focus trapping, Escape to close and an inert background.
 */
export function ForgotPasswordDialog({ initialEmail, onClose }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const titleId = useId();
  const emailId = useId();
  const errorId = useId();

  // Open while mounted: the login form mounts it on 'Forgot password?' and unmounts it on close
  // (a modal <dialog> removed from the page leaves the top layer with it).
  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    setFailure(null);
    if (!EMAIL_SHAPE.test(address)) {
      setFieldError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setFieldError(null);
    setSending(true);
    try {
      await sendPasswordReset(address);
      setSentTo(address);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'auth/invalid-email' || code === 'auth/missing-email') setFieldError(INVALID_EMAIL_MESSAGE);
      else setFailure(errorMessage(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      // Escape closes the native dialog; the form then unmounts it.
      onClose={onClose}
    >
      <div className="modal-box max-w-md">
        <h2 id={titleId} className="text-xl font-semibold">
          Reset your password
        </h2>
        {sentTo ? (
          <>
            <p role="status" className="mt-3 text-base-content/80">
              {resetSentMessage(sentTo)}
            </p>
            <div className="modal-action">
              <button type="button" className="btn btn-primary" onClick={onClose}>
                Back to login
              </button>
            </div>
          </>
        ) : (
          <form noValidate className="mt-3 flex flex-col gap-4" onSubmit={handleSubmit} aria-label="Reset password">
            <p className="text-sm text-base-content/75">
              Enter the email address of your account and we will send you a link to set a new password.
            </p>
            <div className="flex flex-col gap-1">
              <label htmlFor={emailId} className="text-sm font-medium">
                Email
              </label>
              <input
                id={emailId}
                name="email"
                type="email"
                className={`input w-full ${fieldError ? 'input-error' : ''}`}
                autoComplete="email"
                placeholder="you@company.com"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? errorId : undefined}
                required
              />
              {fieldError ? (
                <p id={errorId} className="text-sm text-error">
                  {fieldError}
                </p>
              ) : null}
            </div>
            {failure ? (
              <p role="alert" className="alert text-sm alert-error">
                {failure}
              </p>
            ) : null}
            <div className="modal-action mt-0">
              <button type="button" className="btn btn-ghost" onClick={onClose}>
                Cancel
              </button>
              <button type="submit" className="btn btn-primary" disabled={sending}>
                {sending ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
                Send reset link
              </button>
            </div>
          </form>
        )}
      </div>
    </dialog>
  );
}
