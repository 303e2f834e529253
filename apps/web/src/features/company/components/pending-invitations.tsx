import toast from 'react-hot-toast';
import { COMPANY_ROLE_LABELS, TOAST_MS, type Invitation } from '@b2b/shared';
import { confirmDialog, showAlert } from '@/components/ui/dialogs';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { formatSpendingLimit } from './spending-limit';

/** The company's invitations nobody has answered yet, each revocable by an admin. */
export function PendingInvitations({ invitations }: { invitations: Invitation[] }) {
  const revoke = useRevokeInvitation();

  const onRevoke = async (invitation: Invitation) => {
    const ok = await confirmDialog({
      title: `Revoke the invitation to ${invitation.email}?`,
      text: 'They can no longer accept it.',
      confirmText: 'Revoke',
      danger: true,
    });
    if (!ok) return;
    try {
      await revoke.mutateAsync(invitation._id);
      toast.success(`Invitation to ${invitation.email} revoked.`, { duration: TOAST_MS });
    } catch (error) {
      await showAlert({ icon: 'error', title: 'The invitation was not revoked', text: errorMessage(error) });
    }
  };

  return (
    <section aria-labelledby="pending-invitations" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id="pending-invitations" className="text-xl font-semibold">
          Pending invitations ({invitations.length})
        </h2>
        {invitations.length === 0 ? (
          <p className="text-sm text-base-content/70">No invitation is waiting for an answer.</p>
        ) : (
          <ul className="divide-y divide-base-300">
            {invitations.map((invitation) => (
              <li
                key={invitation._id}
                className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0">
                  <p className="font-medium break-all">{invitation.email}</p>
                  <p className="text-sm text-base-content/70">
                    {COMPANY_ROLE_LABELS[invitation.role]} · Limit: {formatSpendingLimit(invitation.spendingLimit)} ·
                    Open until <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>
                  </p>
                </div>
                <button
                  type="button"
                  className="btn self-start btn-outline btn-error btn-xs sm:self-center"
                  disabled={revoke.isPending}
                  onClick={() => void onRevoke(invitation)}
                  aria-label={`Revoke the invitation to ${invitation.email}`}
                >
                  Revoke
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
