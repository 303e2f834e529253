import { useId, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { showAlert } from '@/components/ui/dialogs';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { useHydrated } from '@/lib/hydration';
import { redirectTarget } from './require-auth';
import { Field } from './auth-card';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { GoogleLoginButton } from './google-login-button';
import { PasswordInput } from './password-input';

type Props = { onBusyChange: (busy: boolean) => void };

export function LoginForm({ onBusyChange }: Props) {
  const { login } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const target = redirectTarget(location.state);
  const [submitting, setSubmitting] = useState(false);
  // A Google sign-in in flight must not race a password sign-in.
  const [googleBusy, setGoogleBusy] = useState(false);
  // Until the app runs, the prerendered form must not be sent by the browser itself (a GET
  // with the password in the URL): its button stays disabled, which also stops Enter.
  const hydrated = useHydrated();
  const emailId = useId();
  const passwordId = useId();
  const emailRef = useRef<HTMLInputElement>(null);
  const [resetFor, setResetFor] = useState<string | null>(null);

  const setBusy = (busy: boolean) => {
    setSubmitting(busy);
    onBusyChange(busy);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    try {
      await login(String(data.get('email') ?? ''), String(data.get('password') ?? ''));
      void showAlert({ icon: 'success', title: 'Signed in successful.', timerMs: 2000 });
      navigate(target, { replace: true });
    } catch (error) {
      setBusy(false);
      void showAlert({ icon: 'error', title: 'Login failed', text: errorMessage(error) });
    }
  }

  return (
    <>
      <form className="flex flex-col gap-4" onSubmit={handleSubmit} aria-label="Login">
        <Field id={emailId} label="Email">
          <input
            ref={emailRef}
            id={emailId}
            name="email"
            type="email"
            className="input w-full"
            autoComplete="email"
            placeholder="you@company.com"
            required
          />
        </Field>
        <Field
          id={passwordId}
          label="Password"
          hint={
            <button
              type="button"
              className="link self-start text-sm link-hover"
              aria-haspopup="dialog"
              // In the prerendered page a click before the app runs would do nothing at all.
              disabled={!hydrated}
              onClick={() => setResetFor(emailRef.current?.value.trim() ?? '')}
            >
              Forgot password?
            </button>
          }
        >
          <PasswordInput id={passwordId} name="password" autoComplete="current-password" required />
        </Field>
        <button type="submit" className="btn mt-2 btn-primary" disabled={!hydrated || submitting || googleBusy}>
          {submitting ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
          Login
        </button>
      </form>
      <div className="divider my-0 text-sm text-base-content/60">OR</div>
      <GoogleLoginButton
        disabled={submitting}
        onBusyChange={(busy) => {
          setGoogleBusy(busy);
          onBusyChange(busy);
        }}
        onSignedIn={() => navigate(target, { replace: true })}
      />
      {resetFor !== null ? <ForgotPasswordDialog initialEmail={resetFor} onClose={() => setResetFor(null)} /> : null}
      <p className="text-center text-sm">
        Don't have an account?{' '}
        <Link to={paths.register} state={location.state} className="link font-medium link-primary">
          Register
        </Link>
      </p>
    </>
  );
}
