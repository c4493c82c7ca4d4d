import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutsResponse, UserPreferences } from '#common/schemas/sales';
import { apiJson } from '@/lib/api';

/**
 * The Payouts card and the sale-e-mail switch (issue 16): GET /api/payouts (owed, settling, the
 * next M-Pesa payout, every payout) and GET/PATCH /api/user/preferences.
 */
const FRESH_MS = 30_000;

export const payoutsQueryKey = ['/api/payouts'] as const;
export const preferencesQueryKey = ['/api/user/preferences'] as const;

export const payoutsQuery = queryOptions({
  queryKey: payoutsQueryKey,
  queryFn: ({ signal }) => apiJson<PayoutsResponse>('GET', '/api/payouts', undefined, { signal }),
  staleTime: FRESH_MS,
});

export const preferencesQuery = queryOptions({
  queryKey: preferencesQueryKey,
  queryFn: ({ signal }) => apiJson<UserPreferences>('GET', '/api/user/preferences', undefined, { signal }),
});

export const usePayouts = () => useQuery(payoutsQuery);
export const usePreferences = () => useQuery(preferencesQuery);

/** Changes a preference; the switch shows the new value at once and goes back if the server refuses. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: Partial<UserPreferences>) => apiJson<UserPreferences>('PATCH', '/api/user/preferences', changes),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: preferencesQueryKey });
      const previous = queryClient.getQueryData<UserPreferences>(preferencesQueryKey);
      if (previous) queryClient.setQueryData<UserPreferences>(preferencesQueryKey, { ...previous, ...changes });
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData(preferencesQueryKey, context.previous);
    },
    onSuccess: (preferences) => queryClient.setQueryData(preferencesQueryKey, preferences),
  });
}
