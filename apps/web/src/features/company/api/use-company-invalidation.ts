import { useQueryClient } from '@tanstack/react-query';
import { companyKeys } from '@/lib/company';

/** Every company view (the company, invitations, addresses, company orders) after a change. */
export function useInvalidateCompany() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: companyKeys.all });
}
