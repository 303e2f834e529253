import { NavLink } from 'react-router';
import { BellIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useUnreadCount } from '../api/get-unread-count';

/** The navbar's way to the inbox, with the unread count (asked every 25 s while the page is visible). */
export function NotificationBell() {
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
