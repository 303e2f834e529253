import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { BANNER_ANIMATION_MS } from '@b2b/shared';
import { Avatar } from '@/components/ui/avatar';
import { showAlert } from '@/components/ui/dialogs';
import { MenuIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuth, type AuthUser } from '@/lib/auth';
import { errorMessage } from '@/lib/errors';

type NavItem = { to: string; label: string; end?: boolean };

/** My Products, My Cart, My Orders and Sales are the user's own, so they appear once someone is signed in. */
export function navItems(user: AuthUser | null): NavItem[] {
  return [
    { to: paths.home, label: 'Home', end: true },
    { to: paths.categories, label: 'Categories' },
    { to: paths.allProducts, label: 'All Products' },
    { to: paths.addProduct, label: 'Add Product' },
    ...(user
      ? [
          { to: paths.myProducts(user.email), label: 'My Products' },
          { to: paths.cart(user.email), label: 'My Cart' },
          { to: paths.myOrders, label: 'My Orders' },
          { to: paths.sales, label: 'Sales' },
        ]
      : []),
  ];
}

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active font-semibold' : '');

/** daisyUI's active menu item is neutral by default; the brand colour reads as "you are here". */
const menuColours = '[--menu-active-bg:var(--color-primary)] [--menu-active-fg:var(--color-primary-content)]';

function NavLinks({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return items.map((item) => (
    <li key={item.label}>
      <NavLink to={item.to} end={item.end ?? false} className={linkClass} onClick={onNavigate}>
        {item.label}
      </NavLink>
    </li>
  ));
}

function MobileMenu({ items }: { items: NavItem[] }) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  return (
    <div ref={containerRef} className="relative lg:hidden">
      <button
        ref={buttonRef}
        type="button"
        className="btn btn-square btn-ghost"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <MenuIcon width={22} height={22} />
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className={`menu ${menuColours} absolute top-full left-0 z-50 mt-2 w-60 gap-1 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg`}
      >
        <NavLinks items={items} onNavigate={() => setOpen(false)} />
      </ul>
    </div>
  );
}

/** The brand slides in once; its duration is the shared constant (the keyframes live in index.css). */
const brandAnimation = { animationDuration: `${BANNER_ANIMATION_MS}ms` };

function Brand() {
  return (
    <Link
      to={paths.home}
      className="flex min-w-0 animate-brand-in items-center gap-2 rounded-box px-1 py-1 motion-reduce:animate-none"
      style={brandAnimation}
    >
      <img src="/images/logo.svg" alt="" width={36} height={36} className="size-8 shrink-0 sm:size-9" />
      <span className="text-sm leading-tight font-extrabold tracking-tight text-primary sm:text-lg">
        B2B Wholesale Platform
      </span>
    </Link>
  );
}

function AccountMenu({ user }: { user: AuthUser }) {
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

export function Navbar() {
  const { user, loading } = useAuth();
  const items = navItems(user);

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/90 backdrop-blur supports-[backdrop-filter]:bg-base-100/80">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl gap-1 px-2 sm:px-4">
        <div className="navbar-start w-auto min-w-0 flex-1 gap-1 lg:flex-none">
          <MobileMenu items={items} />
          <Brand />
        </div>
        <div className="navbar-center hidden flex-1 justify-center lg:flex">
          {/* Compact between lg and xl, so all eight links stay on one row at 1024 px. */}
          <ul className={`menu menu-horizontal gap-1 px-1 max-xl:gap-0 max-xl:menu-sm ${menuColours}`}>
            <NavLinks items={items} />
          </ul>
        </div>
        <div className="navbar-end w-auto shrink-0">
          {/* The user shows at once from the last session while Firebase confirms it. */}
          {user ? (
            <AccountMenu user={user} />
          ) : loading ? (
            <span
              role="status"
              className="loading loading-sm loading-spinner text-primary"
              aria-label="Checking sign-in"
            />
          ) : (
            <Link to={paths.login} className="btn btn-primary btn-sm sm:btn-md">
              Login
            </Link>
          )}
        </div>
      </nav>
    </header>
  );
}
