import { useMutation } from '@tanstack/react-query';
import type { Invitation, InvitationCreate } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { useInvalidateCompany } from './use-company-invalidation';

/** POST /api/companies/current/invitations (admins): an email, a role and a spending limit. */
export function inviteMember(body: InvitationCreate): Promise<Invitation> {
  return apiFetch<Invitation>('/companies/current/invitations', { method: 'POST', body });
}

export function useInviteMember() {
  const invalidate = useInvalidateCompany();
  return useMutation({ mutationFn: inviteMember, onSuccess: invalidate });
}
