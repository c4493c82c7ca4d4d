import { TriangleAlertIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import { MY_MUSIC_TEXTS } from './texts';

/**
 * Under a priced song or album of an artist without a payout method (issue 16): the public pages
 * say 'Not on sale yet' instead of Buy, and this says why, with the way to Payments.
 */
export function NotOnSaleNote({ onOpenPayments, className }: { onOpenPayments?: () => void; className?: string }) {
  return (
    <p className={cn('flex items-start gap-1.5 text-xs text-amber-800 dark:text-amber-200', className)} data-testid="not-on-sale">
      <TriangleAlertIcon className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      <span className="min-w-0">
        <span className="font-medium">{MY_MUSIC_TEXTS.notOnSaleYet}</span>: {MY_MUSIC_TEXTS.notOnSaleReason}{' '}
        {onOpenPayments && (
          <button
            type="button"
            className="inline-flex min-h-6 items-center rounded-sm font-medium underline underline-offset-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
            onClick={onOpenPayments}
          >
            {MY_MUSIC_TEXTS.goToPayments}
          </button>
        )}
      </span>
    </p>
  );
}
