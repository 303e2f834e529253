import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailPreferences, EmailPreferencesUpdate, UnsubscribeQuery, UnsubscribeResult } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';

export const emailPreferenceKeys = { mine: ['email-preferences'] as const };

/** Which emails the caller gets (GET /api/notifications/preferences); all on until switched off. */
export function getEmailPreferences(signal?: AbortSignal): Promise<EmailPreferences> {
  return apiFetch<EmailPreferences>('/notifications/preferences', { signal });
}

export function emailPreferencesQueryOptions() {
  return queryOptions({ queryKey: emailPreferenceKeys.mine, queryFn: ({ signal }) => getEmailPreferences(signal) });
}

export function useEmailPreferences() {
  return useQuery(emailPreferencesQueryOptions());
}

export function updateEmailPreferences(update: EmailPreferencesUpdate): Promise<EmailPreferences> {
  return apiFetch<EmailPreferences>('/notifications/preferences', { method: 'PUT', body: update });
}

export function useUpdateEmailPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmailPreferences,
    onSuccess: (saved) => queryClient.setQueryData(emailPreferenceKeys.mine, saved),
  });
}

/** An email's one-click unsubscribe: the link's token names the recipient, no sign-in needed. */
export function unsubscribe({ token, topic }: UnsubscribeQuery): Promise<UnsubscribeResult> {
  return apiFetch<UnsubscribeResult>('/notifications/unsubscribe', { method: 'POST', query: { token, topic } });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
