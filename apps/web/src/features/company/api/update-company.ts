import { useMutation } from '@tanstack/react-query';
import type { CompanyCreate, CompanyDetail } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { useInvalidateCompany } from './use-company-invalidation';

/** PATCH /api/companies/current {name} (admins). */
export function updateCompany(body: CompanyCreate): Promise<CompanyDetail> {
  return apiFetch<CompanyDetail>('/companies/current', { method: 'PATCH', body });
}

export function useUpdateCompany() {
  const invalidate = useInvalidateCompany();
  return useMutation({ mutationFn: updateCompany, onSuccess: invalidate });
}
