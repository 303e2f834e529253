import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { GoogleIcon } from '@/components/ui/icons';
import type { GoogleIdentity } from '@/lib/google-sign-in';
import { customGoogleAccount, presetGoogleAccounts } from '../google-test-accounts';

type Props = {
  open: boolean;
  onChoose: (identity: GoogleIdentity) => void;
  onCancel: () => void;
};

/*
 * Stands in for Google's account picker while the app runs on the local Auth Emulator.
 * A native modal <dialog> gives focus trapping, Escape to close and an inert background.
 */
export function GoogleAccountChooser({ open, onChoose, onCancel }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [custom, setCustom] = useState(false);
  const titleId = useId();
  const nameId = useId();
  const emailId = useId();
  const accounts = presetGoogleAccounts();
  // The dialog sits closed on Login and Register from the start. Its contents (four account
  // pictures, each an SVG document the browser would fetch and parse) are drawn at the first
  // open and then kept, so closing still animates a full box.
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  function handleCustom(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    onChoose(customGoogleAccount(String(data.get('name') ?? ''), String(data.get('email') ?? '')));
  }

  return (
    <dialog
      ref={dialogRef}
      className="modal modal-bottom sm:modal-middle"
      aria-labelledby={titleId}
      onClose={() => {
        setCustom(false);
        if (open) onCancel();
      }}
    >
      {opened && (
        <div className="modal-box max-w-md">
          <div className="flex flex-col items-center gap-2 text-center">
            <GoogleIcon width={32} height={32} />
            <h2 id={titleId} className="text-xl font-semibold">
              {custom ? 'Use another account' : 'Choose an account'}
            </h2>
            <p className="text-sm text-base-content/70">to continue to B2B Wholesale Platform</p>
            <p className="badge badge-soft badge-sm badge-warning">Local test accounts (Auth Emulator)</p>
          </div>

          {custom ? (
            <form className="mt-6 flex flex-col gap-4" onSubmit={handleCustom}>
              <div className="flex flex-col gap-1">
                <label htmlFor={nameId} className="text-sm font-medium">
                  Name
                </label>
                <input id={nameId} name="name" className="input w-full" autoComplete="name" required />
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor={emailId} className="text-sm font-medium">
                  Email
                </label>
                <input id={emailId} name="email" type="email" className="input w-full" autoComplete="email" required />
              </div>
              <div className="modal-action mt-2">
                <button type="button" className="btn btn-ghost" onClick={() => setCustom(false)}>
                  Back
                </button>
                <button type="submit" className="btn btn-primary">
                  Continue
                </button>
              </div>
            </form>
          ) : (
            <>
              <ul className="mt-6 flex flex-col divide-y divide-base-300 rounded-box border border-base-300">
                {accounts.map((account) => (
                  <li key={account.sub}>
                    <button
                      type="button"
                      className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-base-200 focus-visible:bg-base-200"
                      onClick={() => onChoose(account)}
                    >
                      <Avatar src={account.picture} alt="" className="w-9" />
                      <span className="flex min-w-0 flex-col">
                        <span className="font-medium">{account.name}</span>
                        <span className="truncate text-sm text-base-content/70">{account.email}</span>
                      </span>
                    </button>
                  </li>
                ))}
                <li>
                  <button
                    type="button"
                    className="flex w-full items-center gap-3 px-4 py-3 text-left hover:bg-base-200 focus-visible:bg-base-200"
                    onClick={() => setCustom(true)}
                  >
                    <Avatar src={null} alt="" className="w-9" />
                    <span className="font-medium">Use another account</span>
                  </button>
                </li>
              </ul>
              <div className="modal-action">
                <button type="button" className="btn btn-ghost" onClick={onCancel}>
                  Cancel
                </button>
              </div>
            </>
          )}
        </div>
      )}
    </dialog>
  );
}
