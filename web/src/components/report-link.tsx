import { lazy, Suspense, useState } from 'react';
import type { ReportItemType } from '#common/schemas/reports';
import { useI18n } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/* The dialog is its own chunk, fetched on the first click, and the link carries no icon: public pages stay within their JavaScript budget. */
const ReportDialog = lazy(() => import('./report-dialog').then((module) => ({ default: module.ReportDialog })));

/**
 * 'Report' on a public track, album or profile page (issue 21, decision 059): a quiet link-like
 * button opening a small dialog that sends the fan's report to the operators' queue.
 */
export function ReportLink({ itemType, itemId, name, className }: { itemType: ReportItemType; itemId: string; name: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const { t } = useI18n();
  return (
    <>
      <button
        type="button"
        className={cn('inline-flex min-h-11 items-center text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline sm:min-h-0', className)}
        aria-label={t('report.linkLabel', { name })}
        aria-haspopup="dialog"
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {t('report.link')}
      </button>
      {asked && (
        <Suspense fallback={null}>
          <ReportDialog itemType={itemType} itemId={itemId} name={name} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
