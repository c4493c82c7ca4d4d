import { queryOptions, useMutation } from '@tanstack/react-query';
import type { PurchaseItem } from '#common/schemas/catalog/responses';
import type { InitializePaymentResponse, PaystackConfigResponse, VerifyPaymentResponse, VerifyPendingResponse } from '#common/schemas/payments';
import { apiJson } from '@/lib/api';

/**
 * The calls of a purchase (spec section 7, Payments; the HTTP API of issue 10). A track is
 * bought by `trackId`, an album by `albumId`: exactly one of them.
 */

const itemFields = (item: Pick<PurchaseItem, 'id' | 'type'>) => (item.type === 'album' ? { albumId: item.id } : { trackId: item.id });

/**
 * GET /api/config/paystack: the public key, or that payments are simulated (no keys set). It does
 * not change while the server runs, so it is asked once (spec section 9: data never stale).
 */
export const paystackConfigQuery = queryOptions({
  queryKey: ['/api/config/paystack'] as const,
  queryFn: ({ signal }) => apiJson<PaystackConfigResponse>('GET', '/api/config/paystack', undefined, { signal }),
});

/** What a purchase asks POST /api/payments/initialize for. */
export interface InitializeInput {
  email: string;
  item: PurchaseItem;
  /** The page to come back to (the checkout's callbackUrl). */
  callbackUrl?: string;
  /** A deliberate second purchase (a gift) by an e-mail that already owns the item: the buyer chose 'Buy again'. */
  buyAgain?: boolean;
  /** Issue 21: what the fan chose to pay for a pay-more item (KES as typed); else the price is charged. */
  amount?: string;
  /** Issue 21: a discount code (decision 050): the discounted price is charged. */
  code?: string;
}

/**
 * POST /api/payments/initialize: a pending order at price + fee, and what the checkout needs
 * (accessCode). The server also gives this browser its buyer cookie, which later lets it
 * download what it paid for.
 */
export function initializePayment(input: InitializeInput): Promise<InitializePaymentResponse> {
  return apiJson<InitializePaymentResponse>('POST', '/api/payments/initialize', {
    email: input.email,
    ...itemFields(input.item),
    ...(input.callbackUrl ? { callbackUrl: input.callbackUrl } : {}),
    ...(input.buyAgain ? { buyAgain: true } : {}),
    ...(input.amount !== undefined ? { amount: input.amount } : {}),
    ...(input.code ? { code: input.code } : {}),
  });
}

/**
 * POST /api/payments/verify: the server asks the provider itself and fulfils a paid order once.
 * 202 `{pending: true}` while the payment is under way (an M-Pesa prompt on the phone, issue 16);
 * 402 `{message, outcome}` when it ended unpaid.
 */
export function verifyPayment(reference: string): Promise<VerifyPaymentResponse | VerifyPendingResponse> {
  return apiJson<VerifyPaymentResponse | VerifyPendingResponse>('POST', '/api/payments/verify', { reference });
}

/**
 * POST /api/purchases/resend: a new download link to the e-mail that bought the item. The answer
 * is the same whether or not that e-mail bought it (an e-mail address is nobody's proof).
 */
export function resendDownloadLink(input: { email: string; item: PurchaseItem }): Promise<{ message: string }> {
  return apiJson<{ message: string }>('POST', '/api/purchases/resend', { email: input.email, ...itemFields(input.item) });
}

export const useResendDownloadLink = () => useMutation({ mutationFn: resendDownloadLink });
