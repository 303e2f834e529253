import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { useMyInvitations } from '@/lib/company';

/**
 * After sign-in, on every page but the Company page (which lists them with Accept and Decline):
 * a line under the navbar saying which company invites the user, so an invitation is noticed
 * wherever they land. The Company menu carries the count as well.
 */
export function InvitationsBanner() {
  const { user } = useAuth();
  const invitations = useMyInvitations();
  const { pathname } = useLocation();
  const pending = invitations.data ?? [];
  if (!user || pending.length === 0 || pathname === paths.company) return null;
  const [first] = pending;
  const text =
    pending.length === 1 && first
      ? `${first.companyName} invites you to buy with them.`
      : `${pending.length} companies invite you to buy with them.`;
  return (
    <aside aria-label="Invitations" className="border-b border-primary/30 bg-primary/10">
      {/* One row at every width: the text wraps beside the button rather than pushing it below. */}
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-2 text-sm">
        <p className="min-w-0 flex-1 break-words">{text}</p>
        <Link to={paths.company} className="btn shrink-0 btn-primary btn-xs">
          {pending.length === 1 ? 'See invitation' : 'See invitations'}
        </Link>
      </div>
    </aside>
  );
}
