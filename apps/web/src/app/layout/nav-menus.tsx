import { NavLink, useLocation } from 'react-router';
import { ChevronDownIcon, MenuIcon } from '@/components/ui/icons';
import { useDisclosure } from '@/components/ui/use-disclosure';
import type { NavGroup, NavItem } from './nav-model';

const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'menu-active font-semibold' : '');

/** daisyUI's active menu item is neutral by default; the brand colour reads as "you are here". */
export const menuColours = '[--menu-active-bg:var(--color-primary)] [--menu-active-fg:var(--color-primary-content)]';

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

export function NavLinks({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return items.map((item) => (
    <li key={item.label}>
      <NavLink to={item.to} end={item.end ?? false} className={linkClass} onClick={onNavigate}>
        {item.label}
        {item.badge ? <CountBadge count={item.badge} label={item.badge === 1 ? 'invitation' : 'invitations'} /> : null}
      </NavLink>
    </li>
  ));
}

export function MobileMenu({ items, groups }: { items: NavItem[]; groups: NavGroup[] }) {
  const { close, containerRef, buttonProps, panelProps } = useDisclosure<HTMLDivElement>();

  return (
    <div ref={containerRef} className="relative lg:hidden">
      <button type="button" className="btn btn-square btn-ghost" aria-label="Menu" {...buttonProps}>
        <MenuIcon width={22} height={22} />
      </button>
      <ul
        {...panelProps}
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
export function GroupMenu({ group }: { group: NavGroup }) {
  const { close, containerRef, buttonProps, panelProps } = useDisclosure<HTMLLIElement>();
  const { pathname } = useLocation();
  // As its links are: one marked `end` (a page whose children belong to either side, as a quote's) lights only itself.
  const current = group.items.some((item) => pathname === item.to || (!item.end && pathname.startsWith(`${item.to}/`)));
  const badge = group.items.reduce((sum, item) => sum + (item.badge ?? 0), 0);

  return (
    <li ref={containerRef} className="relative">
      <button type="button" className={current ? 'menu-active font-semibold' : ''} {...buttonProps}>
        {group.label}
        {badge ? <CountBadge count={badge} label={badge === 1 ? 'invitation' : 'invitations'} /> : null}
        <ChevronDownIcon width={14} height={14} />
      </button>
      <ul
        {...panelProps}
        className={`menu ${menuColours} absolute top-full right-0 z-50 mt-2 w-48 gap-1 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg`}
      >
        <NavLinks items={group.items} onNavigate={close} />
      </ul>
    </li>
  );
}
