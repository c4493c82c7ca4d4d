import { z } from 'zod';

/**
 * The artist's analytics (spec sections 2, 3 and 7; what each figure counts is
 * docs/decisions/030). Money is in minor units (KES x 100), sizes in bytes, days are UTC.
 */
export const ANALYTICS_MESSAGES = {
  empty: 'No Analytics Data Yet', // spec
  daysInvalid: 'days must be a whole number from 1 to 90',
} as const;

/** GET /api/analytics (spec section 3: Analytics). */
export const analyticsSchema = z.object({
  /** Tracks the artist has now. */
  totalTracks: z.number(),
  /** Counted downloads of the artist's tracks, all time (an album download counts each track). */
  totalDownloads: z.number(),
  /** Counted plays of the artist's tracks, all time. */
  totalStreams: z.number(),
  /** Counted views of the artist's public profile, all time. */
  profileViews: z.number(),
  /** Minor units: the artist's 90% share of completed sales; 0 until sales are recorded. */
  totalRevenue: z.number(),
  /** Bytes the artist stores as the 1 GB upload quota counts them. */
  storageUsed: z.number(),
  /** Issue 17: addresses following the artist by e-mail, confirmed. */
  followers: z.number(),
});
export type Analytics = z.infer<typeof analyticsSchema>;

export const ANALYTICS_DEFAULT_DAYS = 30;
export const ANALYTICS_MAX_DAYS = 90;

/** GET /api/analytics/daily?days=30: the last `days` UTC days, today included. */
export const dailyAnalyticsQuerySchema = z.object({
  days: z.coerce
    .number({ message: ANALYTICS_MESSAGES.daysInvalid })
    .int(ANALYTICS_MESSAGES.daysInvalid)
    .min(1, ANALYTICS_MESSAGES.daysInvalid)
    .max(ANALYTICS_MAX_DAYS, ANALYTICS_MESSAGES.daysInvalid)
    .default(ANALYTICS_DEFAULT_DAYS),
});
export type DailyAnalyticsQuery = z.input<typeof dailyAnalyticsQuerySchema>;

/** One UTC day; every day of the period is present, zero-filled. */
export const analyticsDaySchema = z.object({
  /** YYYY-MM-DD (UTC). */
  date: z.string(),
  plays: z.number(),
  downloads: z.number(),
  views: z.number(),
  /** Completed sales (count) that day. */
  sales: z.number(),
  /** Minor units: the artist's share of that day's sales. */
  revenue: z.number(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

/** One track's totals over the period, for the table. */
export const analyticsTrackSchema = z.object({
  trackId: z.string(),
  trackName: z.string(),
  plays: z.number(),
  downloads: z.number(),
});
export type AnalyticsTrack = z.infer<typeof analyticsTrackSchema>;

export const dailyAnalyticsSchema = z.object({
  /** First and last day of the period, YYYY-MM-DD (UTC), inclusive; `to` is today. */
  from: z.string(),
  to: z.string(),
  /** Oldest first, one entry per day. */
  days: z.array(analyticsDaySchema),
  /** Every track of the artist, most played over the period first (then downloads, then name). */
  tracks: z.array(analyticsTrackSchema),
  /** Sums of `days`. */
  totals: z.object({ plays: z.number(), downloads: z.number(), views: z.number(), sales: z.number(), revenue: z.number() }),
});
export type DailyAnalytics = z.infer<typeof dailyAnalyticsSchema>;

/** Whether the Analytics section shows 'No Analytics Data Yet' (spec: until there are tracks or downloads). */
export function hasAnalyticsData(analytics: Pick<Analytics, 'totalTracks' | 'totalDownloads'>): boolean {
  return analytics.totalTracks > 0 || analytics.totalDownloads > 0;
}
