import type { ListSummary } from '@b2b/shared';
import { useCurrentCompany } from '@/lib/company';

/**
 * "Shared with <company>" on a list its owner shares with their company. The company is the
 * viewer's own: only its members see a shared list that is not theirs, and an owner who left it
 * has none (the list is private again).
 */
export function SharedBadge({ list, className = '' }: { list: Pick<ListSummary, 'shared'>; className?: string }) {
  const company = useCurrentCompany();
  if (!list.shared || !company.data) return null;
  // The order status badges' soft tone and darker text, for a 4.5:1 contrast.
  return (
    <span className={`badge badge-soft badge-sm text-sky-800 badge-info ${className}`}>
      Shared with {company.data.name}
    </span>
  );
}
