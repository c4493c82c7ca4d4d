import { TriangleAlertIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useAppI18n } from '@/lib/app-i18n';

/**
 * Under a priced song or album of an artist without a payout method (issue 16): the public pages
 * say 'Not on sale yet' instead of Buy, and this says why, with the way to Payments.
 */
export function NotOnSaleNote({ onOpenPayments, className }: { onOpenPayments?: () => void; className?: string }) {
  const { t } = useAppI18n();
  return (
    <p className={cn('flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-200', className)} data-testid="not-on-sale">
      <TriangleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0">
        <span className="font-medium">{t('myMusic.notOnSaleYet')}</span>: {t('myMusic.notOnSaleReason')}{' '}
        {onOpenPayments && (
          <button
            type="button"
            className="inline-flex min-h-6 items-center rounded-sm font-medium underline underline-offset-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            onClick={onOpenPayments}
          >
            {t('myMusic.goToPayments')}
          </button>
        )}
      </span>
    </p>
  );
}
