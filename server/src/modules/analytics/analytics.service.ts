import type { Analytics, DailyAnalytics } from '#common/schemas/analytics';
import type { Db } from '../../db/client';
import { buildDaily, period } from './analytics.rules';
import { totals, trackDayCounts, trackNames, viewCounts } from './analytics.repo';
import type { SalesFigures } from './sales-figures';

export interface AnalyticsDeps {
  db: () => Db;
  /** Bytes the artist stores, as the upload quota counts them (the catalogue's computation). */
  storageUsed: (db: Db, userId: string) => Promise<number>;
  sales: () => SalesFigures;
  /** Issue 17: confirmed followers by e-mail (the follows module's count). */
  followers: (userId: string) => Promise<number>;
  now?: () => Date;
}

/** The artist's figures (docs/decisions/030 says what each counts). */
export class AnalyticsService {
  constructor(private readonly deps: AnalyticsDeps) {}

  async summary(userId: string): Promise<Analytics> {
    const db = this.deps.db();
    const [counts, storageUsed, totalRevenue, followers] = await Promise.all([
      totals(db, userId),
      this.deps.storageUsed(db, userId),
      this.deps.sales().totalRevenue(userId),
      this.deps.followers(userId),
    ]);
    return { ...counts, totalRevenue, storageUsed, followers };
  }

  async daily(userId: string, days: number): Promise<DailyAnalytics> {
    const db = this.deps.db();
    const { from, dates } = period(this.deps.now?.() ?? new Date(), days);
    const [first, last] = [dates[0]!, dates[dates.length - 1]!];
    // The daily rollups (a few thousand rows at most), never the events themselves.
    const [tracks, { plays, downloads }, views, sales] = await Promise.all([
      trackNames(db, userId),
      trackDayCounts(db, userId, first, last),
      viewCounts(db, userId, first, last),
      this.deps.sales().dailySales(userId, from),
    ]);
    return buildDaily({ dates, tracks, plays, downloads, views, sales });
  }
}
