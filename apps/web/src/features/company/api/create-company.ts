import { useMutation } from '@tanstack/react-query';
import type { CompanyCreate, CompanyDetail } from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';
import { useInvalidateCompany } from './use-company-invalidation';

/** POST /api/companies: the caller becomes its first admin. */
export function createCompany(body: CompanyCreate): Promise<CompanyDetail> {
  return apiFetch<CompanyDetail>('/companies', { method: 'POST', body });
}

export function useCreateCompany() {
  const invalidate = useInvalidateCompany();
  return useMutation({ mutationFn: createCompany, onSuccess: invalidate });
}
