import { Link } from 'react-router';
import { BANNER_ANIMATION_MS } from '@b2b/shared';
import { paths } from '@/config/paths';
import { useCompanyNav } from '@/features/company/hooks/use-company-nav';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useAuth } from '@/lib/auth';
import { AccountMenu } from './account-menu';
import { navGroups, navItems } from './nav-model';
import { GroupMenu, menuColours, MobileMenu, NavLinks } from './nav-menus';

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

export function Navbar() {
  const { user, loading } = useAuth();
  const companyNav = useCompanyNav();
  const items = navItems(user, companyNav.role);
  const groups = navGroups(user, companyNav);

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
