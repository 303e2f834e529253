import { useId, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { COMPANY_ROLE_LABELS, memberUpdateSchema, TOAST_MS, type CompanyDetail, type CompanyMember } from '@b2b/shared';
import { confirmDialog, showAlert } from '@/components/ui/dialogs';
import { sameEmail } from '@/lib/email';
import { errorMessage } from '@/lib/errors';
import { useRemoveMember } from '../api/remove-member';
import { useUpdateMember } from '../api/update-member';
import { fieldErrors } from './form-field';
import { RoleLimitFields } from './role-limit-fields';
import { formatSpendingLimit, parseSpendingLimit } from './spending-limit';

type MembersProps = {
  company: CompanyDetail;
  /** The signed-in user's email: their own row offers Leave. */
  me: string;
};

const ROLE_TONE = {
  admin: 'badge-primary',
  approver: 'badge-secondary',
  buyer: 'badge-ghost',
  catalogue: 'badge-success text-green-800',
  sales: 'badge-info text-sky-800',
} as const;

/** Everyone in the company with their role and spending limit; admins edit and remove, anyone leaves. */
export function Members({ company, me }: MembersProps) {
  const isAdmin = company.role === 'admin';
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <section aria-labelledby="company-members" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id="company-members" className="text-xl font-semibold">
          Members ({company.members.length})
        </h2>
        <ul className="divide-y divide-base-300">
          {company.members.map((member) => (
            <li key={member.uid} className="py-3">
              {editing === member.uid ? (
                <EditMember member={member} onDone={() => setEditing(null)} />
              ) : (
                <MemberRow
                  member={member}
                  self={sameEmail(member.email, me)}
                  isAdmin={isAdmin}
                  companyName={company.name}
                  onEdit={() => setEditing(member.uid)}
                />
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function MemberRow({
  member,
  self,
  isAdmin,
  companyName,
  onEdit,
}: {
  member: CompanyMember;
  self: boolean;
  isAdmin: boolean;
  companyName: string;
  onEdit: () => void;
}) {
  const remove = useRemoveMember();
  const who = member.name || member.email;

  const onRemove = async () => {
    const ok = await confirmDialog(
      self
        ? {
            title: `Leave ${companyName}?`,
            text: 'You lose access to the company’s orders and approvals at once. Your past orders stay company orders.',
            confirmText: 'Leave company',
            danger: true,
          }
        : {
            title: `Remove ${who}?`,
            text: 'They lose access to the company at once. Their past orders stay company orders.',
            confirmText: 'Remove',
            danger: true,
          },
    );
    if (!ok) return;
    try {
      await remove.mutateAsync(member.uid);
      toast.success(self ? `You left ${companyName}.` : `${who} removed.`, { duration: TOAST_MS });
    } catch (error) {
      await showAlert({
        icon: 'error',
        title: self ? 'You are still a member' : 'The member was not removed',
        text: errorMessage(error),
      });
    }
  };

  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium break-words">
          {who}
          {self ? ' (you)' : ''}
        </p>
        {member.name ? <p className="text-sm break-all text-base-content/70">{member.email}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:justify-end">
        <span className={`badge badge-soft ${ROLE_TONE[member.role]}`}>{COMPANY_ROLE_LABELS[member.role]}</span>
        <span className="text-sm tabular-nums">
          <span className="text-base-content/70">Limit: </span>
          {formatSpendingLimit(member.spendingLimit)}
        </span>
        {isAdmin ? (
          <button type="button" className="btn btn-outline btn-xs" onClick={onEdit} aria-label={`Edit ${who}`}>
            Edit
          </button>
        ) : null}
        {self || isAdmin ? (
          <button
            type="button"
            className="btn btn-outline btn-error btn-xs"
            disabled={remove.isPending}
            onClick={() => void onRemove()}
            aria-label={self ? 'Leave company' : `Remove ${who}`}
          >
            {self ? 'Leave' : 'Remove'}
          </button>
        ) : null}
      </div>
    </div>
  );
}

function EditMember({ member, onDone }: { member: CompanyMember; onDone: () => void }) {
  const update = useUpdateMember();
  const ids = { role: useId(), limit: useId() };
  const [errors, setErrors] = useState<Record<string, string>>({});
  const who = member.name || member.email;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const parsed = memberUpdateSchema.safeParse({
      role: data.get('role'),
      spendingLimit: parseSpendingLimit(String(data.get('spendingLimit') ?? '')),
    });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync({ uid: member.uid, ...parsed.data });
      toast.success(`${who} updated.`, { duration: TOAST_MS });
      onDone();
    } catch (error) {
      setErrors({ '': errorMessage(error) });
    }
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label={`Edit ${who}`} className="flex flex-col gap-3">
      <p className="font-medium break-words">{who}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <RoleLimitFields ids={ids} errors={errors} defaultRole={member.role} spendingLimit={member.spendingLimit} />
      </div>
      {errors[''] ? (
        <p role="alert" className="text-sm text-error">
          {errors['']}
        </p>
      ) : null}
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary btn-sm" disabled={update.isPending}>
          {update.isPending ? <span className="loading loading-xs loading-spinner" aria-hidden="true" /> : null}
          Save
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
