import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useInvalidateCompany } from './use-company-invalidation';

/** DELETE /api/companies/current/members/:uid: an admin removes a member, or a member leaves. */
export function removeMember(uid: string): Promise<void> {
  return apiFetch<void>(`/companies/current/members/${encodeURIComponent(uid)}`, { method: 'DELETE' });
}

export function useRemoveMember() {
  const invalidate = useInvalidateCompany();
  return useMutation({ mutationFn: removeMember, onSuccess: invalidate });
}
