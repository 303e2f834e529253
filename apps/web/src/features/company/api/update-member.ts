import { useMutation } from '@tanstack/react-query';
import type { CompanyMember, MemberUpdate } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { useInvalidateCompany } from './use-company-invalidation';

export type MemberChange = { uid: string } & MemberUpdate;

/** PATCH /api/companies/current/members/:uid {role?, spendingLimit?} (admins). */
export function updateMember({ uid, ...change }: MemberChange): Promise<CompanyMember> {
  return apiFetch<CompanyMember>(`/companies/current/members/${encodeURIComponent(uid)}`, {
    method: 'PATCH',
    body: change,
  });
}

export function useUpdateMember() {
  const invalidate = useInvalidateCompany();
  return useMutation({ mutationFn: updateMember, onSuccess: invalidate });
}
