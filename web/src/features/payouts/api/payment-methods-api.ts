import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  pendingTransactionsErrorSchema,
  type Bank,
  type bankMethodSchema,
  type PaymentMethod,
} from '#common/schemas/payments';
import { hasErrorCode, apiJson } from '@/lib/api';

/**
 * The dashboard's Payments section talks to these calls (spec section 7, Payments): the Kenyan
 * bank list, and the artist's one payout method (add a bank account or an M-Pesa number, remove).
 */

export const paymentMethodsQueryKey = ['/api/payment-methods'] as const;

export const paymentMethodsQuery = queryOptions({
  queryKey: paymentMethodsQueryKey,
  queryFn: ({ signal }) => apiJson<PaymentMethod[]>('GET', '/api/payment-methods', undefined, { signal }),
});

export const usePaymentMethods = () => useQuery(paymentMethodsQuery);

/**
 * Onboarding step 2 (spec section 2): whether the artist has a payment method. A failed lookup
 * means "not yet" here, quietly: the checklist is a nudge, and the Payments section itself says
 * when the list could not be loaded.
 */
export function useHasPaymentMethod(): boolean {
  const paymentMethods = useQuery(paymentMethodsQuery);
  return (paymentMethods.data?.length ?? 0) > 0;
}

/** GET /api/banks: Paystack's Kenyan banks. The server caches the list, and so does this page once it has it. */
export const banksQuery = queryOptions({
  queryKey: ['/api/banks'] as const,
  queryFn: ({ signal }) => apiJson<Bank[]>('GET', '/api/banks', undefined, { signal }),
});

export const useBanks = () => useQuery(banksQuery);

/** The new method replaces the (empty) list at once; the list is then read again, as the server keeps it. */
function useShowNewMethod() {
  const queryClient = useQueryClient();
  return (method: PaymentMethod) => {
    queryClient.setQueryData<PaymentMethod[]>(paymentMethodsQueryKey, [method]);
    void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey });
  };
}

/**
 * A refusal that says the list on screen is out of date (another tab added or removed the method):
 * read it again, so the buttons and the card show what the server has.
 */
function useRefetchWhenStale() {
  const queryClient = useQueryClient();
  return (error: unknown) => {
    if (hasErrorCode(error, 'payment-method.not-found', 'payment-method.one-only', 'payment-method.pending-transactions')) {
      void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey });
    }
  };
}

export type BankMethodValues = z.output<typeof bankMethodSchema>;

/** POST /api/payment-methods {type: 'bank', bankName, bankCode, accountName, accountNumber}: answers the new method. */
export function useAddBankMethod() {
  const showNewMethod = useShowNewMethod();
  const refetchWhenStale = useRefetchWhenStale();
  return useMutation({
    mutationFn: (values: BankMethodValues) => apiJson<PaymentMethod>('POST', '/api/payment-methods', values),
    onSuccess: showNewMethod,
    onError: refetchWhenStale,
  });
}

/** POST /api/payment-methods/mobile-money {mobileNumber}: the server normalises the number by the same rule. */
export function useAddMobileMoneyMethod() {
  const showNewMethod = useShowNewMethod();
  const refetchWhenStale = useRefetchWhenStale();
  return useMutation({
    mutationFn: (mobileNumber: string) => apiJson<PaymentMethod>('POST', '/api/payment-methods/mobile-money', { mobileNumber }),
    onSuccess: showNewMethod,
    onError: refetchWhenStale,
  });
}

/**
 * DELETE /api/payment-methods/{id}, with ?force=true after the artist has read the server's
 * pending-transactions message and chosen 'Remove Anyway' (spec section 4).
 */
export function useRemovePaymentMethod() {
  const queryClient = useQueryClient();
  const refetchWhenStale = useRefetchWhenStale();
  return useMutation({
    mutationFn: ({ id, force }: { id: string; force: boolean }) =>
      apiJson<{ message: string }>('DELETE', `/api/payment-methods/${encodeURIComponent(id)}${force ? '?force=true' : ''}`),
    onSuccess: (_answer, { id }) => {
      queryClient.setQueryData<PaymentMethod[]>(paymentMethodsQueryKey, (methods) => methods?.filter((method) => method.id !== id));
      void queryClient.invalidateQueries({ queryKey: paymentMethodsQueryKey });
    },
    onError: (error) => {
      // The pending-transactions answer is a question to the artist, not a sign of a stale list.
      if (!pendingTransactionsMessage(error)) refetchWhenStale(error);
    },
  });
}

/** The server's message when it refused a removal because money is still owed or in flight, else undefined. */
export function pendingTransactionsMessage(error: unknown): string | undefined {
  if (!hasErrorCode(error, 'payment-method.pending-transactions')) return undefined;
  const parsed = pendingTransactionsErrorSchema.safeParse(error.data);
  return parsed.success ? parsed.data.message : undefined;
}
