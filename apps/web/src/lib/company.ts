import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CompanyDetail, Invitation } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

/*
 * The signed-in user's company and their invitations, asked by the navbar (the Company menu
 * shows Approvals and Company orders by role), the invitations banner and the Company pages. Both
 * are keyed by uid, so after a sign-out the next user never sees the last one's company, and
 * both live under `company`, so one invalidation refreshes every company view after a change.
 * The role is the server's: the menu only hides what the API would refuse anyway.
 */

export const companyKeys = {
  all: ['company'] as const,
  current: (uid: string) => ['company', uid, 'current'] as const,
  invitations: (uid: string) => ['company', uid, 'invitations'] as const,
  addresses: (uid: string) => ['company', uid, 'addresses'] as const,
  orders: (uid: string, query: object) => ['company', uid, 'orders', query] as const,
  activity: (uid: string, filter: object) => ['company', uid, 'activity', filter] as const,
};

/** GET /api/companies/mine: the caller's company, or null when there is none. */
export async function getCurrentCompany(signal?: AbortSignal): Promise<CompanyDetail | null> {
  const { company } = await apiFetch<{ company: CompanyDetail | null }>('/companies/mine', { signal });
  return company;
}

export function currentCompanyQueryOptions(uid: string) {
  return queryOptions({
    queryKey: companyKeys.current(uid),
    queryFn: ({ signal }) => getCurrentCompany(signal),
    // A removal or a new role shows when the user comes back to the tab.
    refetchOnWindowFocus: true,
  });
}

/** The signed-in user's company (undefined while it loads or when nobody is signed in). */
export function useCurrentCompany() {
  const { user } = useAuth();
  return useQuery({ ...currentCompanyQueryOptions(user?.uid ?? ''), enabled: Boolean(user) });
}

/** GET /api/invitations: the pending, unexpired invitations to the signed-in email. */
export function getMyInvitations(signal?: AbortSignal): Promise<Invitation[]> {
  return apiFetch<Invitation[]>('/invitations', { signal });
}

export function myInvitationsQueryOptions(uid: string) {
  return queryOptions({
    queryKey: companyKeys.invitations(uid),
    queryFn: ({ signal }) => getMyInvitations(signal),
    refetchOnWindowFocus: true,
  });
}

export function useMyInvitations() {
  const { user } = useAuth();
  return useQuery({ ...myInvitationsQueryOptions(user?.uid ?? ''), enabled: Boolean(user) });
}
