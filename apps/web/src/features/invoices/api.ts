import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreditNote, CreditNoteInput, Invoice, InvoicePage, InvoiceStatus } from '@b2b/shared';
import { apiDownload, apiFetch, type ApiFile } from '@/lib/api-client';

/*
 * Invoices, credit notes and packing slips (GET /api/invoices, POST /api/orders/:id/invoice, the
 * PDFs). Issuing or crediting changes what an order shows too, so both invalidate the orders'
 * queries (their keys all start with 'orders': features/orders/api/query-keys.ts).
 */

export type InvoiceSide = 'buyer' | 'seller';
export type InvoiceListRequest = { side: InvoiceSide; status?: InvoiceStatus; cursor?: string; limit?: number };

export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (query: InvoiceListRequest) => ['invoices', 'list', query] as const,
  detail: (id: string) => ['invoices', 'detail', id] as const,
};
const ORDERS = ['orders'] as const;

export function useInvoices(query: InvoiceListRequest) {
  return useQuery({
    queryKey: invoiceKeys.list(query),
    queryFn: ({ signal }) => apiFetch<InvoicePage>('/invoices', { query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useInvoice(id: string) {
  return useQuery({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<Invoice>(`/invoices/${id}`, { signal }),
  });
}

function useInvalidateDocuments() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: invoiceKeys.all }),
      queryClient.invalidateQueries({ queryKey: ORDERS }),
    ]);
}

/** The seller issues an order's invoice by hand (from confirmed; shipping issues it by itself). */
export function useIssueInvoice() {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: (orderId: string) => apiFetch<Invoice>(`/orders/${orderId}/invoice`, { method: 'POST' }),
    onSuccess: () => invalidate(),
  });
}

export function useCreditInvoice(invoiceId: string) {
  const invalidate = useInvalidateDocuments();
  return useMutation({
    mutationFn: (input: CreditNoteInput) =>
      apiFetch<CreditNote>(`/invoices/${invoiceId}/credit-notes`, { method: 'POST', body: input }),
    onSuccess: () => invalidate(),
  });
}

const pdf = (path: string, fallbackName: string): Promise<ApiFile> =>
  apiDownload(path, { accept: 'application/pdf', fallbackName: `${fallbackName}.pdf` });

export const downloadInvoice = (id: string, number: string) => pdf(`/invoices/${id}/pdf`, number);
export const downloadCreditNote = (id: string, number: string) => pdf(`/credit-notes/${id}/pdf`, number);
export const downloadPackingSlip = (orderId: string, orderNumber: string) =>
  pdf(`/orders/${orderId}/packing-slip`, `packing-slip-${orderNumber}`);
export const downloadPackingSlips = (orderIds: readonly string[]) =>
  apiDownload('/sales/packing-slips', {
    query: { ids: orderIds.join(',') },
    accept: 'application/pdf',
    fallbackName: 'packing-slips.pdf',
  });
