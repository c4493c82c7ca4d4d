import { CircleAlertIcon, SmartphoneIcon } from 'lucide-react';
import type { UnpaidOutcome } from '#common/schemas/payments';
import { DialogButtons } from '@/components/dialog-shell';
import { useI18n, type MessageKey } from '@/lib/i18n';
import { nextPollDelay, type FollowUpPhase } from '../lib/purchase-state';

/** The short title of each unpaid ending, and the text under it (UNPAID_MESSAGES' in English). */
const UNPAID_TEXTS: Record<UnpaidOutcome, [title: MessageKey, text: MessageKey]> = {
  declined: ['purchase.declinedTitle', 'purchase.declined'],
  cancelled: ['purchase.cancelledTitle', 'purchase.cancelled'],
  expired: ['purchase.expiredTitle', 'purchase.expired'],
};

/**
 * Issue 16: the checkout closed and the payment is not simply paid or cancelled. Pending: the
 * M-Pesa prompt may still be on the fan's phone; the dialog says so, checks again a few times on
 * its own (PENDING_POLL_DELAYS_MS) and offers 'Check again', and the receipt e-mail comes if it
 * completes. Unpaid: how it ended, and 'Try again' (a new checkout).
 */
export function FollowUpPanel({
  followUp,
  onClose,
  onCheckAgain,
  onTryAgain,
  busy,
}: {
  followUp: FollowUpPhase;
  onClose: () => void;
  onCheckAgain: (reference: string) => void;
  onTryAgain: () => void;
  busy: boolean;
}) {
  const { t } = useI18n();
  if (followUp.name === 'pending') {
    const polling = nextPollDelay(followUp) !== undefined;
    return (
      <div className="grid gap-5">
        <div className="grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-4 text-sm" data-testid="payment-pending">
          <p role="status" className="flex items-start gap-2 font-medium">
            <SmartphoneIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {t('purchase.pendingTitle')}
          </p>
          <p>{t('purchase.pendingPrompt')}</p>
          <p className="text-muted-foreground">{t('purchase.pendingNote')}</p>
          <p aria-live="polite" className="text-muted-foreground">
            {t(followUp.checking ? 'purchase.checking' : polling ? 'purchase.willCheck' : 'purchase.answered')}
          </p>
        </div>
        <DialogButtons
          type="button"
          label={t('purchase.checkAgain')}
          pending={followUp.checking}
          onClick={() => onCheckAgain(followUp.reference)}
          cancelLabel={t('purchase.close')}
          onCancel={onClose}
        />
      </div>
    );
  }
  return (
    <div className="grid gap-5">
      <div className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm" data-testid="payment-unpaid">
        <p role="alert" className="flex items-start gap-2 font-medium">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          {t(UNPAID_TEXTS[followUp.outcome][0])}
        </p>
        <p>{t(UNPAID_TEXTS[followUp.outcome][1])}</p>
      </div>
      <DialogButtons type="button" label={t('purchase.tryAgain')} pending={busy} onClick={onTryAgain} cancelLabel={t('purchase.close')} onCancel={onClose} cancelDisabled={busy} />
    </div>
  );
}
