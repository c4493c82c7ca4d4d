import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { ArtistSalesResponse, SalesSummary } from '#common/schemas/sales';
import { apiJson } from '@/lib/api';

/**
 * The artist's sales (issue 16): GET /api/sales a page at a time ('Load more' follows the server's
 * cursor), GET /api/sales/summary for the totals per item and per month, and the CSV statement's
 * address. Read again when the section opens and they are half a minute old, like the figures.
 */
const FRESH_MS = 30_000;
export const SALES_PAGE_SIZE = 25;
export const STATEMENT_URL = '/api/sales.csv';

export const salesQueryKey = ['/api/sales'] as const;
export const salesSummaryQueryKey = ['/api/sales/summary'] as const;

export const salesQuery = infiniteQueryOptions({
  queryKey: salesQueryKey,
  initialPageParam: null as string | null,
  queryFn: ({ pageParam, signal }) =>
    apiJson<ArtistSalesResponse>('GET', `/api/sales?limit=${SALES_PAGE_SIZE}${pageParam ? `&cursor=${encodeURIComponent(pageParam)}` : ''}`, undefined, { signal }),
  getNextPageParam: (last) => last.nextCursor,
  staleTime: FRESH_MS,
});

export const salesSummaryQuery = queryOptions({
  queryKey: salesSummaryQueryKey,
  queryFn: ({ signal }) => apiJson<SalesSummary>('GET', '/api/sales/summary', undefined, { signal }),
  staleTime: FRESH_MS,
});

export const useSales = () => useInfiniteQuery(salesQuery);
export const useSalesSummary = () => useQuery(salesSummaryQuery);
