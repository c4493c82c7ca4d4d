import { queryOptions, useQuery } from '@tanstack/react-query';
import { ANALYTICS_DEFAULT_DAYS, type Analytics, type DailyAnalytics } from '#common/schemas/analytics';
import { apiJson, urlFromQueryKey } from '@/lib/api';

/**
 * The artist's figures (spec section 7: GET /api/analytics) and how they moved day by day (ours:
 * GET /api/analytics/daily?days=30). Plays, downloads and sales change while the dashboard is
 * open, so opening the section reads them again once they are half a minute old.
 */
const FRESH_MS = 30_000;

export const analyticsQueryKey = ['/api/analytics'] as const;
export const dailyAnalyticsQueryKey = (days: number) => ['/api/analytics/daily', { days }] as const;

export const analyticsQuery = queryOptions({
  queryKey: analyticsQueryKey,
  queryFn: ({ signal }) => apiJson<Analytics>('GET', '/api/analytics', undefined, { signal }),
  staleTime: FRESH_MS,
});

export const dailyAnalyticsQuery = (days: number = ANALYTICS_DEFAULT_DAYS) =>
  queryOptions({
    queryKey: dailyAnalyticsQueryKey(days),
    queryFn: ({ queryKey, signal }) => apiJson<DailyAnalytics>('GET', urlFromQueryKey(queryKey), undefined, { signal }),
    staleTime: FRESH_MS,
  });

export const useAnalytics = () => useQuery(analyticsQuery);
export const useDailyAnalytics = (days?: number, enabled = true) => useQuery({ ...dailyAnalyticsQuery(days), enabled });
