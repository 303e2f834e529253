import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { CompanyAddress, CompanyAddressInput } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { companyKeys } from '@/lib/company';
import { useInvalidateCompany } from './use-company-invalidation';

/*
 * The company address book: GET (members), POST, PUT and DELETE (admins) on
 * /api/companies/current/addresses. One module for the four, as they share the key and the form.
 */

export function getAddresses(signal?: AbortSignal): Promise<CompanyAddress[]> {
  return apiFetch<CompanyAddress[]>('/companies/current/addresses', { signal });
}

export function addressesQueryOptions(uid: string) {
  return queryOptions({ queryKey: companyKeys.addresses(uid), queryFn: ({ signal }) => getAddresses(signal) });
}

export function useAddresses() {
  const { user } = useAuth();
  return useQuery({ ...addressesQueryOptions(user?.uid ?? ''), enabled: Boolean(user) });
}

export type AddressSave = { id: string | null; body: CompanyAddressInput };

export function saveAddress({ id, body }: AddressSave): Promise<CompanyAddress> {
  return id
    ? apiFetch<CompanyAddress>(`/companies/current/addresses/${encodeURIComponent(id)}`, { method: 'PUT', body })
    : apiFetch<CompanyAddress>('/companies/current/addresses', { method: 'POST', body });
}

export function useSaveAddress() {
  const invalidate = useInvalidateCompany();
  return useMutation({ mutationFn: saveAddress, onSuccess: invalidate });
}

export function deleteAddress(id: string): Promise<void> {
  return apiFetch<void>(`/companies/current/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAddress() {
  const invalidate = useInvalidateCompany();
  return useMutation({ mutationFn: deleteAddress, onSuccess: invalidate });
}
