import toast from 'react-hot-toast';
import { COMPANY_ROLE_LABELS, TOAST_MS, type Invitation } from '@b2b/shared';
import { confirmDialog, showAlert } from '@/components/ui/dialogs';
import { errorMessage } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { useAnswerInvitation } from '../api/answer-invitation';
import { formatSpendingLimit } from './spending-limit';

/**
 * The signed-in user's pending invitations, each with Accept and Decline. Accepting while in a
 * company is refused by the server (its message is shown), so the list says so beforehand.
 */
export function MyInvitations({ invitations, inCompany }: { invitations: Invitation[]; inCompany: boolean }) {
  const answer = useAnswerInvitation();
  if (invitations.length === 0) return null;

  const run = async (invitation: Invitation, choice: 'accept' | 'decline') => {
    const own = invitation.ownProducts ?? 0;
    if (choice === 'accept' && own > 0) {
      const ok = await confirmDialog({
        title: `Join ${invitation.companyName} with your products?`,
        text:
          `You sell ${own === 1 ? '1 product' : `${own} products`} on your own. The business owns the catalogue: ` +
          `joining makes ${own === 1 ? 'it' : 'them'}, and your sales, ${invitation.companyName}’s, and they stay ` +
          'with the company if you leave.',
        confirmText: 'Join with my products',
        cancelText: 'Not now',
      });
      if (!ok) return;
    }
    if (choice === 'decline') {
      const ok = await confirmDialog({
        title: `Decline the invitation to ${invitation.companyName}?`,
        text: 'An admin of the company can invite you again.',
        confirmText: 'Decline',
        cancelText: 'Keep it',
      });
      if (!ok) return;
    }
    try {
      const joined = await answer.mutateAsync({ id: invitation._id, answer: choice });
      const brought = joined?.broughtProducts ?? 0;
      toast.success(
        choice === 'accept'
          ? `Welcome to ${invitation.companyName}.` +
              (brought > 0 ? ` ${brought === 1 ? '1 product' : `${brought} products`} joined its catalogue.` : '')
          : `Invitation to ${invitation.companyName} declined.`,
        { duration: TOAST_MS },
      );
    } catch (error) {
      await showAlert({ icon: 'error', title: 'The invitation was not answered', text: errorMessage(error) });
    }
  };

  return (
    <section aria-labelledby="my-invitations" className="card border border-primary/40 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id="my-invitations" className="text-xl font-semibold">
          {invitations.length === 1 ? 'You are invited' : `You have ${invitations.length} invitations`}
        </h2>
        {inCompany ? <p className="text-sm text-base-content/70">Leave your company first to accept one.</p> : null}
        <ul className="divide-y divide-base-300">
          {invitations.map((invitation) => (
            <li
              key={invitation._id}
              className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words">{invitation.companyName}</p>
                <p className="text-sm break-words text-base-content/70">
                  As {COMPANY_ROLE_LABELS[invitation.role].toLowerCase()},{' '}
                  {invitation.spendingLimit === null
                    ? 'no spending limit'
                    : `spending limit ${formatSpendingLimit(invitation.spendingLimit)}`}
                  ; from {invitation.invitedByEmail}. Open until{' '}
                  <time dateTime={invitation.expiresAt}>{formatDateTime(invitation.expiresAt)}</time>.
                </p>
                {invitation.ownProducts ? (
                  <p className="text-sm font-medium">
                    Your {invitation.ownProducts === 1 ? 'product' : `${invitation.ownProducts} products`} and sales
                    will become {invitation.companyName}’s.
                  </p>
                ) : null}
              </div>
              <div className="flex shrink-0 gap-2">
                <button
                  type="button"
                  className="btn btn-primary btn-sm"
                  disabled={answer.isPending || inCompany}
                  onClick={() => void run(invitation, 'accept')}
                  aria-label={`Accept the invitation to ${invitation.companyName}`}
                >
                  Accept
                </button>
                <button
                  type="button"
                  className="btn btn-outline btn-sm"
                  disabled={answer.isPending}
                  onClick={() => void run(invitation, 'decline')}
                  aria-label={`Decline the invitation to ${invitation.companyName}`}
                >
                  Decline
                </button>
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
