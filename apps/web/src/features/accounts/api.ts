import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Account,
  AccountBalance,
  AccountCredit,
  AccountInput,
  Payment,
  PaymentInput,
  Statement,
} from '@b2b/shared';
import { apiFetch } from '@/lib/api-client';

/*
 * Accounts (PUT/GET /api/accounts, payments, statements; the buyer's GET /api/account-balances).
 * A payment or a new account changes balances everywhere, so every change invalidates them all.
 */

export const accountKeys = {
  all: ['accounts'] as const,
  list: ['accounts', 'list'] as const,
  detail: (id: string) => ['accounts', 'detail', id] as const,
  statement: (id: string) => ['accounts', 'statement', id] as const,
  balances: ['accounts', 'balances'] as const,
  credit: ['accounts', 'credit'] as const,
  buyerStatement: (sellerId: string) => ['accounts', 'buyer-statement', sellerId] as const,
};

export const useAccounts = () =>
  useQuery({ queryKey: accountKeys.list, queryFn: ({ signal }) => apiFetch<Account[]>('/accounts', { signal }) });

export const useAccount = (id: string) =>
  useQuery({
    queryKey: accountKeys.detail(id),
    queryFn: ({ signal }) => apiFetch<Account>(`/accounts/${id}`, { signal }),
  });

export const useStatement = (id: string) =>
  useQuery({
    queryKey: accountKeys.statement(id),
    queryFn: ({ signal }) => apiFetch<Statement>(`/accounts/${id}/statement`, { signal }),
  });

export const useAccountBalances = (enabled = true) =>
  useQuery({
    queryKey: accountKeys.balances,
    queryFn: ({ signal }) => apiFetch<AccountBalance[]>('/account-balances', { signal }),
    enabled,
  });

export const useBuyerStatement = (sellerId: string) =>
  useQuery({
    queryKey: accountKeys.buyerStatement(sellerId),
    queryFn: ({ signal }) =>
      apiFetch<Statement>(`/account-balances/${encodeURIComponent(sellerId)}/statement`, { signal }),
  });

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: accountKeys.all });
}

export function useSetAccount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: AccountInput) => apiFetch<Account>('/accounts/customers', { method: 'PUT', body: input }),
    onSuccess: () => invalidate(),
  });
}

export function useRecordPayment(id: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: PaymentInput) => apiFetch<Payment>(`/accounts/${id}/payments`, { method: 'POST', body: input }),
    onSuccess: () => invalidate(),
  });
}

/** The credit the caller's business has with each seller (for the checkout). */
export const useAccountCredit = (enabled = true) =>
  useQuery({
    queryKey: accountKeys.credit,
    queryFn: ({ signal }) => apiFetch<AccountCredit[]>('/account-balances/credit', { signal }),
    enabled,
  });
