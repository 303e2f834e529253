import type { CompanyRole } from '@b2b/shared';
import { useCurrentCompany, useMyInvitations } from '@/lib/company';

/** What the navbar's Company menu depends on: the caller's role there, and invitations waiting for them. */
export type CompanyNav = { role: CompanyRole | null; invitations: number };

/** The Company menu's inputs for the signed-in user (no role and no invitations while they load). */
export function useCompanyNav(): CompanyNav {
  const company = useCurrentCompany();
  const invitations = useMyInvitations();
  return { role: company.data?.role ?? null, invitations: invitations.data?.length ?? 0 };
}
