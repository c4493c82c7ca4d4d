import { formatFileSize } from '#common/format';
import { STORAGE_QUOTA_BYTES } from '#common/schemas/catalog/rules';
import { SectionCard } from '@/components/section-card';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';
import { useAppI18n } from '@/lib/app-i18n';

/** Spec sections 2 and 9: Storage Usage, used / 1 GB (the spec's text for the quota), with a bar. */
export function StorageUsageCard({ used }: { used: number }) {
  const { t, language } = useAppI18n();
  const percent = Math.min(100, (Math.max(0, used) / STORAGE_QUOTA_BYTES) * 100);
  const shown = percent > 0 && percent < 1 ? '<1' : String(Math.round(percent));
  const label = t('analytics.storageUsed', { used: formatFileSize(used, language) });
  return (
    <SectionCard title={t('analytics.storageUsage')} className="gap-3" contentClassName="grid gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <p className="font-medium tabular-nums" data-testid="storage-used">
          {t('analytics.usedOfQuota', { used: formatFileSize(used, language) })}
        </p>
        <p className="text-muted-foreground tabular-nums">{t('analytics.percentUsed', { percent: shown })}</p>
      </div>
      <Progress
        value={percent}
        aria-label={t('analytics.storageUsage')}
        aria-valuetext={label}
        className={cn('h-2.5', percent >= 90 && '[&>[data-slot=progress-indicator]]:bg-destructive')}
      />
      <p className="text-xs text-muted-foreground">
        {percent >= 100 ? t('analytics.storageFull') : t('analytics.storageLeft', { left: formatFileSize(Math.max(0, STORAGE_QUOTA_BYTES - used), language) })}
      </p>
    </SectionCard>
  );
}
