import { BarChart3Icon } from 'lucide-react';
import { hasAnalyticsData } from '#common/schemas/analytics';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { LoadFailed } from '@/components/list-states';
import { SectionCard } from '@/components/section-card';
import { useAnalytics, useDailyAnalytics } from '../api/analytics-api';
import { formatDay } from '../lib/format';
import { DailyChart } from './daily-chart';
import { RevenueBreakdown, SalesCard } from './sales-card';
import { StatCards } from './stat-cards';
import { StorageUsageCard } from './storage-usage-card';
import { TrackTable } from './track-table';
import { useAppI18n } from '@/lib/app-i18n';

/** The 30-day chart and the per-track table (beyond the spec). */
function Trends() {
  const { t, language } = useAppI18n();
  const daily = useDailyAnalytics();
  if (daily.isPending) {
    return (
      <Card aria-busy="true">
        <CardContent className="grid gap-3">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-40 w-full" />
        </CardContent>
      </Card>
    );
  }
  if (daily.isError) return <LoadFailed what={t('analytics.dailyFailed')} retry={t('analytics.tryAgain')} onRetry={() => void daily.refetch()} />;
  const { days, tracks, from } = daily.data;
  return (
    <>
      <SectionCard title={t('analytics.lastDays', { count: days.length })} description={t('analytics.since', { date: formatDay(from, { day: 'numeric', month: 'long' }, language) })}>
        <DailyChart days={days} />
      </SectionCard>
      <SectionCard title={t('analytics.yourTracks')} description={t('analytics.yourTracksDescription', { count: days.length })}>
        <TrackTable tracks={tracks} caption={t('analytics.trackTableCaption', { count: days.length })} />
      </SectionCard>
    </>
  );
}

/**
 * The dashboard's Analytics section (spec section 2): Total Downloads, Total Tracks, Total
 * Streams, Profile Views, Total Revenue and Storage Usage (used / 1 GB); 'No Analytics Data Yet'
 * until there are tracks or downloads. Beyond the spec: the last 30 days by day and per track.
 */
export function AnalyticsSection() {
  const { t } = useAppI18n();
  const analytics = useAnalytics();

  if (analytics.isPending) {
    return (
      <div className="grid gap-4" role="status" aria-busy="true" aria-label={t('analytics.loading')}>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} className="h-28 rounded-xl" />
          ))}
        </div>
        <Skeleton className="h-32 rounded-xl" />
      </div>
    );
  }
  if (analytics.isError) return <LoadFailed what={t('analytics.loadFailed')} retry={t('analytics.tryAgain')} onRetry={() => void analytics.refetch()} />;

  if (!hasAnalyticsData(analytics.data)) {
    return (
      <Card className="items-center px-6 py-12 text-center" data-testid="analytics-empty">
        <span className="flex size-12 items-center justify-center rounded-full bg-accent text-primary">
          <BarChart3Icon className="size-6" aria-hidden="true" />
        </span>
        <div className="grid max-w-md gap-2">
          <h2 className="text-lg font-semibold">{t('analytics.empty')}</h2>
          <p className="text-sm text-muted-foreground">{t('analytics.emptyHint')}</p>
        </div>
      </Card>
    );
  }

  return (
    <div className="grid gap-6">
      <StatCards analytics={analytics.data} />
      <StorageUsageCard used={analytics.data.storageUsed} />
      <RevenueBreakdown />
      <SalesCard />
      <Trends />
    </div>
  );
}
