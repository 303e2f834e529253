import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BillingDetails, BillingDetailsInput } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';

/* The caller's business's billing details (GET/PUT /api/billing). */

export const billingKeys = { mine: ['billing'] as const };

export function useBilling(enabled = true) {
  return useQuery({
    queryKey: billingKeys.mine,
    queryFn: ({ signal }) => apiFetch<BillingDetails>('/billing', { signal }),
    enabled,
  });
}

export function useSaveBilling() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BillingDetailsInput) => apiFetch<BillingDetails>('/billing', { method: 'PUT', body: input }),
    onSuccess: (saved) => queryClient.setQueryData(billingKeys.mine, saved),
  });
}
