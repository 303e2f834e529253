import { useMutation } from '@tanstack/react-query';
import type { AcceptedInvitation } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { useInvalidateCompany } from './use-company-invalidation';

export type InvitationAnswer = { id: string; answer: 'accept' | 'decline' };

/** POST /api/invitations/:id/accept or /decline (the invited email only); accepting answers the company joined. */
export function answerInvitation({ id, answer }: InvitationAnswer): Promise<AcceptedInvitation | undefined> {
  return apiFetch<AcceptedInvitation | undefined>(`/invitations/${encodeURIComponent(id)}/${answer}`, {
    method: 'POST',
  });
}

export function useAnswerInvitation() {
  const invalidate = useInvalidateCompany();
  return useMutation({ mutationFn: answerInvitation, onSuccess: invalidate });
}
