import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReceiptResponse } from '#common/schemas/payments';
import { apiJson, urlFromQueryKey } from '@/lib/api';

/**
 * GET /api/receipts/{reference}?token=... (issue 16): the purchase page's content. The key is the
 * API address (the server renders the page with the same key). The answer is the buyer's: it is
 * never kept after the page is left (gcTime 0) and never retried (a 404 is final).
 */
export const receiptQueryKey = (reference: string, token: string) => ['/api/receipts', encodeURIComponent(reference), { token }] as const;

export const receiptQuery = (reference: string, token: string) =>
  queryOptions({
    queryKey: receiptQueryKey(reference, token),
    queryFn: ({ queryKey, signal }) => apiJson<ReceiptResponse>('GET', urlFromQueryKey(queryKey), undefined, { signal }),
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export const useReceipt = (reference: string, token: string) => useQuery(receiptQuery(reference, token));
