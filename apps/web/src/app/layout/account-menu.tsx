import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Avatar } from '@/components/ui/avatar';
import { showAlert } from '@/components/ui/dialogs';
import { paths } from '@/config/paths';
import { useAuth, type AuthUser } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';

/** The photo's menu: who is signed in, Profile, Import products and Logout. */
export function AccountMenu({ user }: { user: AuthUser }) {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const name = user.displayName || user.email;
  // One sign-out at a time: a double click would otherwise log out twice and show two alerts.
  const [signingOut, setSigningOut] = useState(false);

  async function handleLogout() {
    if (signingOut) return;
    setSigningOut(true);
    try {
      await logout();
      navigate(paths.home);
      void showAlert({ icon: 'success', title: 'Sign-out successful.', timerMs: 2000 });
    } catch (error) {
      setSigningOut(false);
      void showAlert({ icon: 'error', title: 'Logout failed', text: errorMessage(error) });
    }
  }

  // daisyUI's dropdown opens on hover and whenever focus is inside it, so keyboard users get it too.
  return (
    <div className="dropdown-hover dropdown dropdown-end">
      <button type="button" className="btn btn-circle btn-ghost" aria-label={`Account: ${name}`}>
        <Avatar src={user.photoURL} alt="" className="w-9" />
      </button>
      <div className="dropdown-content z-50 w-64 pt-2">
        <div className="card border border-base-300 bg-base-100 shadow-lg card-sm">
          <div className="card-body items-center gap-2 text-center">
            <Avatar src={user.photoURL} alt="" className="w-14" />
            <p className="text-base font-semibold break-words">{name}</p>
            {user.displayName ? <p className="text-sm break-all text-base-content/70">{user.email}</p> : null}
            <Link to={paths.profile} className="btn mt-1 w-full btn-primary btn-sm">
              Profile
            </Link>
            <Link to={paths.importProducts} className="btn w-full btn-ghost btn-sm">
              Import products
            </Link>
            <button
              type="button"
              className="btn w-full btn-outline btn-primary btn-sm"
              onClick={handleLogout}
              disabled={signingOut}
            >
              {signingOut ? <span className="loading loading-sm loading-spinner" aria-hidden="true" /> : null}
              Logout
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
