import { useState } from 'react';
import { RotateCwIcon } from 'lucide-react';
import { formatPrice } from '#common/money';
import type { ConsolePayout } from '#common/schemas/console';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/page-spinner';
import { useAppI18n } from '@/lib/app-i18n';
import type { AppMessageKey } from '@/lib/i18n';
import { usePayouts, useRetryPayout } from '../api/console';
import { useStaleSecondFactor, useUtcTime } from './console-common';
import { statusWord } from './audit-details';
import { ActionError, LoadError } from './console-parts';

const ATTENTION: Record<ConsolePayout['attention'], AppMessageKey> = {
  failed: 'admin.attention.failed',
  otp: 'admin.attention.otp',
  stuck: 'admin.attention.stuck',
};

/**
 * M-Pesa payouts that need an operator (decision 059): failed, waiting for an OTP, or stuck.
 * Retry asks Paystack again about one in flight, or pays a failed one's balance again now.
 */
export function PayoutsPanel() {
  const { t } = useAppI18n();
  const utcTime = useUtcTime();
  const payouts = usePayouts();
  const retry = useRetryPayout();
  const onError = useStaleSecondFactor();
  const [done, setDone] = useState<string | null>(null);
  if (payouts.isPending) return <PageSpinner className="py-8" />;
  if (payouts.isError) return <LoadError error={payouts.error} />;
  const list = payouts.data.payouts;
  return (
    <div className="grid gap-3">
      {retry.isError && <ActionError error={retry.error} />}
      {done && (
        <p role="status" className="text-sm">
          {done}
        </p>
      )}
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('admin.noPayouts')}</p>
      ) : (
        <ul aria-label={t('admin.payoutsNeedingAttention')} className="grid gap-3">
          {list.map((payout) => (
            <li key={payout.reference} aria-label={t('admin.payoutOf', { name: payout.artistName })} className="grid gap-1.5 rounded-md border p-3 text-sm">
              <span className="font-medium">
                {t('admin.payoutAmount', { amount: formatPrice(payout.amount), name: payout.artistName })}
              </span>
              <span className="text-muted-foreground break-all">
                {payout.mobileNumber} · {payout.reference}
              </span>
              <span>
                {t(ATTENTION[payout.attention])}
                {payout.status === 'reversed' && <> {t('admin.reversed')}</>} · {utcTime(payout.createdAt)}
              </span>
              {payout.failureReason && <span className="text-muted-foreground">{payout.failureReason}</span>}
              <div>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={retry.isPending}
                  aria-label={t('admin.retryNamed', { name: payout.artistName })}
                  onClick={() =>
                    retry.mutate(
                      { reference: payout.reference },
                      {
                        onError,
                        onSuccess: (result) =>
                          setDone(result.newReference ? t('admin.sentAgain', { reference: result.newReference }) : t('admin.askedAgain', { status: statusWord(result.status, t) })),
                      },
                    )
                  }
                >
                  <RotateCwIcon aria-hidden="true" />
                  {t('admin.retry')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
