import { useState } from 'react';
import { TOAST_MS } from '@b2b/shared';
import { showAlert } from '@/components/ui/dialogs';
import { GoogleIcon } from '@/components/ui/icons';
import { useAuth, type AuthUser } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';
import type { GoogleIdentity } from '@/lib/google-sign-in';
import { GoogleAccountChooser } from './google-account-chooser';

type Props = {
  /**
   * Runs after a successful sign-in, once 'Google sign-in successful.' is shown (not when the
   * browser is redirected to Google).
   */
  onSignedIn: (user: AuthUser) => void;
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
};

export function GoogleLoginButton({ onSignedIn, onBusyChange, disabled = false }: Props) {
  const { googleMode, loginWithGoogle } = useAuth();
  const [chooserOpen, setChooserOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  async function signIn(identity?: GoogleIdentity) {
    setChooserOpen(false);
    setBusy(true);
    onBusyChange?.(true);
    try {
      const user = await loginWithGoogle(identity);
      if (user) {
        void showAlert({ icon: 'success', title: 'Google sign-in successful.', timerMs: TOAST_MS });
        onSignedIn(user);
      }
    } catch (error) {
      setBusy(false);
      onBusyChange?.(false);
      void showAlert({ icon: 'error', title: 'Google sign-in failed', text: errorMessage(error) });
    }
  }

  function handleClick() {
    if (googleMode === 'account-chooser') setChooserOpen(true);
    else void signIn();
  }

  return (
    <>
      <button
        type="button"
        className="btn w-full border-base-300 bg-base-100 btn-outline hover:bg-base-200 hover:text-base-content"
        onClick={handleClick}
        disabled={disabled || busy || googleMode === null}
      >
        {busy ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : <GoogleIcon />}
        Login with Google
      </button>
      {googleMode === 'account-chooser' ? (
        <GoogleAccountChooser
          open={chooserOpen}
          onChoose={(identity) => void signIn(identity)}
          onCancel={() => setChooserOpen(false)}
        />
      ) : null}
    </>
  );
}
