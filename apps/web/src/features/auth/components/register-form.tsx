import { firstPasswordProblem, isImageRef, PHOTO_URL_MESSAGE, TOAST_MS } from '@b2b/shared';
import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Link, useNavigate } from 'react-router';
import { showAlert } from '@/components/ui/dialogs';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import { useHydrated } from '@/lib/hydration';
import { Field } from './auth-card';
import { GoogleLoginButton } from './google-login-button';
import { PasswordWithRules } from './new-password-fields';

type Props = { onBusyChange: (busy: boolean) => void };

export function RegisterForm({ onBusyChange }: Props) {
  const { register } = useAuth();
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  // A Google sign-in in flight must not race a password sign-in.
  const [googleBusy, setGoogleBusy] = useState(false);
  // Until the app runs, the prerendered form must not be sent by the browser itself (a GET
  // with the password in the URL): its button stays disabled, which also stops Enter.
  const hydrated = useHydrated();
  const ids = { name: useId(), email: useId(), photo: useId() };

  const setBusy = (busy: boolean) => {
    setSubmitting(busy);
    onBusyChange(busy);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const password = String(data.get('password') ?? '');
    const photoURL = String(data.get('photo') ?? '').trim();
    // The product images' rule: https or a path on this site (the CSP loads no http images).
    const problem = isImageRef(photoURL) ? firstPasswordProblem(password) : PHOTO_URL_MESSAGE;
    if (problem) {
      void showAlert({ icon: 'error', title: problem });
      return;
    }
    setBusy(true);
    try {
      await register({
        name: String(data.get('name') ?? '').trim(),
        email: String(data.get('email') ?? '').trim(),
        photoURL,
        password,
      });
      toast.success('Your profile updated successfully', { duration: TOAST_MS });
      navigate(paths.home);
    } catch (error) {
      setBusy(false);
      void showAlert({ icon: 'error', title: 'Registration failed', text: errorMessage(error) });
    }
  }

  return (
    <>
      <form className="flex flex-col gap-4" onSubmit={handleSubmit} aria-label="Register">
        <Field id={ids.name} label="Name">
          <input id={ids.name} name="name" className="input w-full" autoComplete="name" required />
        </Field>
        <Field id={ids.email} label="Email">
          <input
            id={ids.email}
            name="email"
            type="email"
            className="input w-full"
            autoComplete="email"
            placeholder="you@company.com"
            required
          />
        </Field>
        <Field id={ids.photo} label="Photo URL">
          <input
            id={ids.photo}
            name="photo"
            type="text"
            inputMode="url"
            className="input w-full"
            autoComplete="photo"
            placeholder="https://… or /images/…"
            required
          />
        </Field>
        <PasswordWithRules label="Password" name="password" />
        <button type="submit" className="btn mt-2 btn-primary" disabled={!hydrated || submitting || googleBusy}>
          {submitting ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
          Register
        </button>
      </form>
      <div className="divider my-0 text-sm text-base-content/60">OR</div>
      <GoogleLoginButton
        disabled={submitting}
        onBusyChange={(busy) => {
          setGoogleBusy(busy);
          onBusyChange(busy);
        }}
        onSignedIn={() => navigate(paths.home)}
      />
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to={paths.login} className="link font-medium link-primary">
          Login
        </Link>
      </p>
    </>
  );
}
