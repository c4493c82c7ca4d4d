import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/**
 * Spec section 9's data-fetching defaults: no refetch interval, no refetch on window focus, data
 * never stale, no retries for queries or mutations. Queries that want fresher data (the landing
 * carousels) say so themselves.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
