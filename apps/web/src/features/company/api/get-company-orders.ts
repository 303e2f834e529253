import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatus, OrderSummary } from '@b2b/shared';
import { apiFetchPage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { companyKeys } from '@/lib/company';

export type CompanyOrdersRequest = { limit?: number; offset?: number; status?: OrderStatus; member?: string };

/** Every order of the company's members, newest first (GET /api/companies/current/orders; admins, approvers). */
export function getCompanyOrders(query: CompanyOrdersRequest, signal?: AbortSignal) {
  return apiFetchPage<OrderSummary>('/companies/current/orders', { query: { ...query }, signal });
}

export function companyOrdersQueryOptions(uid: string, query: CompanyOrdersRequest) {
  return queryOptions({
    queryKey: companyKeys.orders(uid, query),
    queryFn: ({ signal }) => getCompanyOrders(query, signal),
  });
}

export function useCompanyOrders(query: CompanyOrdersRequest, options: { enabled?: boolean } = {}) {
  const { user } = useAuth();
  return useQuery({
    ...companyOrdersQueryOptions(user?.uid ?? '', query),
    placeholderData: keepPreviousData,
    enabled: Boolean(user) && (options.enabled ?? true),
  });
}
