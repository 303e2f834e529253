import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Customer,
  PriceForCustomer,
  PriceForCustomerRequest,
  PriceList,
  PriceListCreate,
  PriceListLine,
  PriceListLineInput,
  PriceListLinesImportResult,
  PriceListSummary,
  PriceListUpdate,
} from '@b2b/shared';
import { apiDownload, apiFetch, type ApiFile } from '@/lib/api-client';

/* Price lists (the seller's contract prices) and a buyer's own prices, through the API. */

export const priceListKeys = {
  all: ['price-lists'] as const,
  mine: () => ['price-lists', 'mine'] as const,
  detail: (id: string) => ['price-lists', 'detail', id] as const,
};

const listPath = (id: string) => `/price-lists/${encodeURIComponent(id)}`;

export function usePriceLists() {
  return useQuery({
    queryKey: priceListKeys.mine(),
    queryFn: ({ signal }) => apiFetch<PriceListSummary[]>('/price-lists', { signal }),
  });
}

export function usePriceList(id: string) {
  return useQuery({
    queryKey: priceListKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<PriceList>(listPath(id), { signal }),
  });
}

/** A mutation that refreshes the lists and the open list when it succeeds. */
function usePriceListMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: priceListKeys.all }),
  });
}

export const useCreatePriceList = () =>
  usePriceListMutation((input: PriceListCreate) =>
    apiFetch<{ id: string }>('/price-lists', { method: 'POST', body: input }),
  );

export const useUpdatePriceList = (id: string) =>
  usePriceListMutation((patch: PriceListUpdate) =>
    apiFetch<PriceListSummary>(listPath(id), { method: 'PATCH', body: patch }),
  );

export const useDeletePriceList = () =>
  usePriceListMutation((id: string) => apiFetch<null>(listPath(id), { method: 'DELETE' }));

export const useSetPriceListLine = (id: string) =>
  usePriceListMutation(({ productId, ...line }: PriceListLineInput & { productId: string }) =>
    apiFetch<PriceListLine>(`${listPath(id)}/lines/${encodeURIComponent(productId)}`, { method: 'PUT', body: line }),
  );

export const useRemovePriceListLine = (id: string) =>
  usePriceListMutation((productId: string) =>
    apiFetch<null>(`${listPath(id)}/lines/${encodeURIComponent(productId)}`, { method: 'DELETE' }),
  );

export const useAddCustomer = (id: string) =>
  usePriceListMutation((email: string) =>
    apiFetch<{ customer: Customer }>(`${listPath(id)}/customers`, { method: 'POST', body: { email } }),
  );

export const useRemoveCustomer = (id: string) =>
  usePriceListMutation((customerId: string) =>
    apiFetch<null>(`${listPath(id)}/customers/${encodeURIComponent(customerId)}`, { method: 'DELETE' }),
  );

/** Sets lines from a CSV or .xlsx file (the file is sent as it is). */
export const useImportPriceListLines = (id: string) =>
  usePriceListMutation((file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return apiFetch<PriceListLinesImportResult>(`${listPath(id)}/lines/import`, { method: 'POST', body: form });
  });

/** The list's lines as a CSV file (sku, price, tiers, productId, name): edit it and upload it again. */
export function downloadPriceListLines(id: string, name: string): Promise<ApiFile> {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'price-list';
  return apiDownload(`${listPath(id)}/lines/export`, { accept: 'text/csv', fallbackName: `${slug}.csv` });
}

/** What a customer (by email) pays for one of the seller's products, and why. */
export const usePriceForCustomer = () =>
  useMutation({
    mutationFn: (request: PriceForCustomerRequest) =>
      apiFetch<PriceForCustomer>('/price-lists/price-for', { method: 'POST', body: request }),
  });
