import type { ListSummary } from '@b2b/shared';
import { useCurrentCompany } from '@/lib/company';

/**
 * "Shared with <company>" on a list its owner shares with their company. The company is the
 * viewer's own: only its members see a shared list that is not theirs, and an owner who left it
 * has none (the list is private again).
 */
export function SharedBadge({ list }: { list: Pick<ListSummary, 'shared'> }) {
  const company = useCurrentCompany();
  if (!list.shared || !company.data) return null;
  return <span className="badge badge-sm text-sky-800 badge-info">Shared with {company.data.name}</span>;
}
