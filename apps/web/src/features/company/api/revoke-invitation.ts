import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { useInvalidateCompany } from './use-company-invalidation';

/** DELETE /api/companies/current/invitations/:id (admins). */
export function revokeInvitation(id: string): Promise<void> {
  return apiFetch<void>(`/companies/current/invitations/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRevokeInvitation() {
  const invalidate = useInvalidateCompany();
  return useMutation({ mutationFn: revokeInvitation, onSuccess: invalidate });
}
