import { useCallback, useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { BANNER_ANIMATION_MS, type CompanyRole } from '@b2b/shared';
import { Avatar } from '@/components/ui/avatar';
import { showAlert } from '@/components/ui/dialogs';
import { BellIcon, ChevronDownIcon, MenuIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useAuth, type AuthUser } from '@/lib/auth';
import { canApproveRole, useCurrentCompany, useMyInvitations } from '@/lib/company';
import { errorMessage } from '@/lib/errors';
import { useUnreadCount } from '@/lib/unread-notifications';

type NavItem = { to: string; label: string; end?: boolean; badge?: number };
/** A menu of pages that belong to one job; the bar shows its label, the menu its pages. */
type NavGroup = { label: string; items: NavItem[] };

/** What the Company menu depends on: the caller's role there, and invitations waiting for them. */
export type CompanyNav = { role: CompanyRole | null; invitations: number };

/**
 * The spec's six links, in the spec's order and places. My Products and My Cart are the user's
 * own, so they appear once someone is signed in.
 */
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
        ]
      : []),
  ];
}

/**
 * Every other page, grouped by job, after the six links: a new page is one line in its group.
 * The bar keeps one row at 1280 px, and on a phone every page is two taps away (the menu button,
 * then the page). Approvals and Company orders are offered to the company's approvers and admins
 * (the API refuses everyone else anyway); Company carries the count of pending invitations.
 */
export function navGroups(user: AuthUser | null, company: CompanyNav = { role: null, invitations: 0 }): NavGroup[] {
  if (!user) return [];
  const groups: NavGroup[] = [
    {
      label: 'Buying',
      items: [
        { to: paths.myOrders, label: 'My Orders' },
        { to: paths.quickOrder, label: 'Quick order' },
        { to: paths.lists, label: 'Lists' },
      ],
    },
    {
      label: 'Selling',
      items: [
        { to: paths.dashboard, label: 'Dashboard' },
        { to: paths.sales, label: 'Sales' },
        { to: paths.importProducts, label: 'Import products' },
      ],
    },
    {
      label: 'Company',
      items: [
        { to: paths.company, label: 'Company', end: true, badge: company.invitations },
        ...(canApproveRole(company.role)
          ? [
              { to: paths.approvals, label: 'Approvals' },
              { to: paths.companyOrders, label: 'Company orders' },
            ]
          : []),
      ],
    },
  ];
  return groups.filter((group) => group.items.length > 0);
}

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active font-semibold' : '');

/** daisyUI's active menu item is neutral by default; the brand colour reads as "you are here". */
const menuColours = '[--menu-active-bg:var(--color-primary)] [--menu-active-fg:var(--color-primary-content)]';

/** A count beside a label (pending invitations): read out as part of the link's name. */
function CountBadge({ count, label }: { count: number; label: string }) {
  return (
    <>
      <span className="badge badge-xs font-semibold badge-primary" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="sr-only">{`, ${count} ${label}`}</span>
    </>
  );
}

function NavLinks({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return items.map((item) => (
    <li key={item.label}>
      <NavLink to={item.to} end={item.end ?? false} className={linkClass} onClick={onNavigate}>
        {item.label}
        {item.badge ? <CountBadge count={item.badge} label={item.badge === 1 ? 'invitation' : 'invitations'} /> : null}
      </NavLink>
    </li>
  ));
}

/** Closes an open popup on a click outside `container` or on Escape (focus back to its button). */
function useDismiss(
  open: boolean,
  close: () => void,
  container: RefObject<HTMLElement | null>,
  button: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, close, container, button]);
}

function MobileMenu({ items, groups }: { items: NavItem[]; groups: NavGroup[] }) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, containerRef, buttonRef);

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
        <NavLinks items={items} onNavigate={close} />
        {groups.map((group) => (
          <li key={group.label}>
            <h2 className="menu-title">{group.label}</h2>
            <ul>
              <NavLinks items={group.items} onNavigate={close} />
            </ul>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A group of the bar at lg and up: a button that opens its pages, highlighted when one is open. */
function GroupMenu({ group }: { group: NavGroup }) {
  const [open, setOpen] = useState(false);
  const containerRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(open, close, containerRef, buttonRef);
  const { pathname } = useLocation();
  const current = group.items.some((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
  const badge = group.items.reduce((sum, item) => sum + (item.badge ?? 0), 0);

  return (
    <li ref={containerRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={current ? 'menu-active font-semibold' : ''}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        {group.label}
        {badge ? <CountBadge count={badge} label={badge === 1 ? 'invitation' : 'invitations'} /> : null}
        <ChevronDownIcon width={14} height={14} />
      </button>
      <ul
        id={menuId}
        hidden={!open}
        className={`menu ${menuColours} absolute top-full right-0 z-50 mt-2 w-48 gap-1 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg`}
      >
        <NavLinks items={group.items} onNavigate={close} />
      </ul>
    </li>
  );
}

/** The inbox, with the unread count (asked every 25 s while the page is visible). */
function NotificationBell() {
  const unread = useUnreadCount(true).data?.unread ?? 0;
  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;
  return (
    <NavLink
      to={paths.inbox}
      aria-label={label}
      title={label}
      className={({ isActive }) => `btn relative btn-circle btn-ghost ${isActive ? 'text-primary' : ''}`}
    >
      <BellIcon width={22} height={22} />
      {unread > 0 ? (
        <span
          aria-hidden="true"
          className="absolute -top-0.5 -right-0.5 badge min-w-5 px-1 badge-xs font-semibold badge-primary"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </NavLink>
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

export function Navbar() {
  const { user, loading } = useAuth();
  const items = navItems(user);
  const company = useCurrentCompany();
  const invitations = useMyInvitations();
  const groups = navGroups(user, {
    role: company.data?.role ?? null,
    invitations: invitations.data?.length ?? 0,
  });

  return (
    <header className="sticky top-0 z-40 border-b border-base-300 bg-base-100/95">
      <nav aria-label="Main" className="navbar mx-auto max-w-7xl gap-1 px-2 sm:px-4">
        <div className="navbar-start w-auto min-w-0 flex-1 gap-1 lg:flex-none">
          <MobileMenu items={items} groups={groups} />
          <Brand />
        </div>
        <div className="navbar-center hidden flex-1 justify-center lg:flex">
          {/* Compact below 2xl, so the six links and the three groups stay on one row from 1024 px. */}
          <ul className={`menu menu-horizontal gap-1 px-1 max-2xl:gap-0 max-2xl:menu-sm ${menuColours}`}>
            <NavLinks items={items} />
            {groups.map((group) => (
              <GroupMenu key={group.label} group={group} />
            ))}
          </ul>
        </div>
        <div className="navbar-end w-auto shrink-0 gap-1">
          {/* The user shows at once from the last session while Firebase confirms it. */}
          {user ? (
            <>
              <NotificationBell />
              <AccountMenu user={user} />
            </>
          ) : loading ? (
            // The Login button's room, kept while the session is checked (the prerendered pages
            // show this until the app runs): the bar does not move when the button appears.
            <span className="relative flex items-center justify-center">
              <span aria-hidden="true" className="btn invisible btn-primary btn-sm sm:btn-md">
                Login
              </span>
              <span
                role="status"
                className="loading absolute loading-sm loading-spinner text-primary"
                aria-label="Checking sign-in"
              />
            </span>
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
