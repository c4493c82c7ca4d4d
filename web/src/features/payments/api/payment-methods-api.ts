import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api';

/** The artist's payout methods (spec section 7). The payment-methods API arrives with the payments issue; until then this answers 404. */
export const paymentMethodsQueryKey = ['/api/payment-methods'] as const;

export const paymentMethodsQuery = queryOptions({
  queryKey: paymentMethodsQueryKey,
  queryFn: ({ signal }) => apiJson<unknown[]>('GET', '/api/payment-methods', undefined, { signal }),
});

/** Whether the artist has a payment method. No payments API yet: a failed or 404 lookup simply means "not yet". */
export function useHasPaymentMethod(): boolean {
  const paymentMethods = useQuery(paymentMethodsQuery);
  return (paymentMethods.data?.length ?? 0) > 0;
}
