import type { ReactNode } from 'react';
import { BellRingIcon, DownloadIcon, EyeIcon, HeadphonesIcon, MusicIcon, WalletIcon, type LucideIcon } from 'lucide-react';
import type { Analytics } from '#common/schemas/analytics';
import { Card } from '@/components/ui/card';
import { formatCount, formatKesAmount } from '../lib/format';
import { useAppI18n } from '@/lib/app-i18n';

function StatCard({ label, value, hint, icon: Icon, className }: { label: string; value: string; hint: ReactNode; icon: LucideIcon; className?: string }) {
  return (
    <li className={className}>
      <Card className="h-full gap-1 px-4 py-4 sm:px-5" data-testid="stat-card">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <Icon className="size-4 shrink-0 text-primary" aria-hidden="true" />
        </div>
        <p className="text-2xl font-bold tracking-tight break-words tabular-nums">{value}</p>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </Card>
    </li>
  );
}

/** Spec section 2: the five cards, in the spec's order; then (issue 17) the confirmed followers by e-mail. */
export function StatCards({ analytics }: { analytics: Analytics }) {
  const { t } = useAppI18n();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4" aria-label={t('analytics.totals')}>
      <StatCard label={t('analytics.totalDownloads')} value={formatCount(analytics.totalDownloads)} hint={t('analytics.allTime')} icon={DownloadIcon} />
      <StatCard label={t('analytics.totalTracks')} value={formatCount(analytics.totalTracks)} hint={t('analytics.uploaded')} icon={MusicIcon} />
      <StatCard label={t('analytics.totalStreams')} value={formatCount(analytics.totalStreams)} hint={t('analytics.playsOf5s')} icon={HeadphonesIcon} />
      <StatCard label={t('analytics.profileViews')} value={formatCount(analytics.profileViews)} hint={t('analytics.visits')} icon={EyeIcon} />
      <StatCard
        label={t('analytics.totalRevenue')}
        value={formatKesAmount(analytics.totalRevenue)}
        hint={t('analytics.yourShare')}
        icon={WalletIcon}
        className="col-span-2 sm:col-span-1"
      />
      <StatCard label={t('analytics.followers')} value={formatCount(analytics.followers)} hint={t('analytics.followersHint')} icon={BellRingIcon} className="col-span-2 sm:col-span-1" />
    </ul>
  );
}
