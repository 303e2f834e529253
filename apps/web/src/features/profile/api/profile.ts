import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileUpdateInput } from '@b2b/shared';
import { updateAccountProfile } from '@/lib/account';
import { apiFetch } from '@/lib/api-client';
import { sellerNameKeys } from '@/lib/seller-names';

export const profileKeys = { mine: ['profile'] as const };

/** The caller's profile as the API keeps it (GET /api/profile): the company name, and copies of the names. */
export function getProfile(signal?: AbortSignal): Promise<Profile> {
  return apiFetch<Profile>('/profile', { signal });
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileKeys.mine, queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}

export type ProfileSave = Required<ProfileUpdateInput>;

/**
 * Saves the profile: first the API (PUT /api/profile, which validates every field and keeps the
 * company name), then Firebase's display name and photo, which the navbar shows.
 */
export async function saveProfile(profile: ProfileSave): Promise<Profile> {
  const saved = await apiFetch<Profile>('/profile', { method: 'PUT', body: profile });
  await updateAccountProfile({ displayName: saved.displayName, photoURL: saved.photoURL });
  return saved;
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: async (saved) => {
      queryClient.setQueryData(profileKeys.mine, saved);
      // The user's own name wherever <SellerName> shows it.
      await queryClient.invalidateQueries({ queryKey: sellerNameKeys.one(saved.email) });
    },
  });
}
