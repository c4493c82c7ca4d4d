import type { ReactNode } from 'react';
import { BellRingIcon, DownloadIcon, EyeIcon, HeadphonesIcon, MusicIcon, WalletIcon, type LucideIcon } from 'lucide-react';
import type { Analytics } from '#common/schemas/analytics';
import { Card } from '@/components/ui/card';
import { formatCount, formatKesAmount } from '../lib/format';
import { ANALYTICS_TEXTS as TEXTS } from './texts';

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
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4" aria-label="Totals">
      <StatCard label={TEXTS.totalDownloads} value={formatCount(analytics.totalDownloads)} hint="All time" icon={DownloadIcon} />
      <StatCard label={TEXTS.totalTracks} value={formatCount(analytics.totalTracks)} hint="Uploaded" icon={MusicIcon} />
      <StatCard label={TEXTS.totalStreams} value={formatCount(analytics.totalStreams)} hint="Plays of 5 s or more" icon={HeadphonesIcon} />
      <StatCard label={TEXTS.profileViews} value={formatCount(analytics.profileViews)} hint="Visits to your page" icon={EyeIcon} />
      <StatCard
        label={TEXTS.totalRevenue}
        value={formatKesAmount(analytics.totalRevenue)}
        hint="Your 90% of sales"
        icon={WalletIcon}
        className="col-span-2 sm:col-span-1"
      />
      <StatCard label="Followers" value={formatCount(analytics.followers)} hint="By e-mail, confirmed" icon={BellRingIcon} className="col-span-2 sm:col-span-1" />
    </ul>
  );
}
