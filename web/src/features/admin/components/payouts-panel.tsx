import { useState } from 'react';
import { RotateCwIcon } from 'lucide-react';
import { formatPrice } from '#common/money';
import type { ConsolePayout } from '#common/schemas/console';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/page-spinner';
import { messageOf } from '@/lib/api';
import { usePayouts, useRetryPayout } from '../api/console';
import { FAILED, OFFLINE, useStaleSecondFactor, utcTime } from './console-common';

const ATTENTION: Record<ConsolePayout['attention'], string> = {
  failed: 'Failed',
  otp: 'Waiting for the OTP (finalize it in Paystack, or turn transfer OTPs off there)',
  stuck: 'No word from Paystack for 30 minutes',
};

/**
 * M-Pesa payouts that need an operator (decision 059): failed, waiting for an OTP, or stuck.
 * Retry asks Paystack again about one in flight, or pays a failed one's balance again now.
 */
export function PayoutsPanel() {
  const payouts = usePayouts();
  const retry = useRetryPayout();
  const onError = useStaleSecondFactor();
  const [done, setDone] = useState<string | null>(null);
  if (payouts.isPending) return <PageSpinner className="py-8" />;
  if (payouts.isError) return <p className="text-sm text-destructive">{messageOf(payouts.error, FAILED, OFFLINE)}</p>;
  const list = payouts.data.payouts;
  return (
    <div className="grid gap-3">
      {retry.isError && (
        <Alert variant="destructive">
          <AlertDescription>{messageOf(retry.error, FAILED, OFFLINE)}</AlertDescription>
        </Alert>
      )}
      {done && (
        <p role="status" className="text-sm">
          {done}
        </p>
      )}
      {list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No payout needs you: none failed, waits for an OTP or is stuck.</p>
      ) : (
        <ul aria-label="Payouts needing attention" className="grid gap-3">
          {list.map((payout) => (
            <li key={payout.reference} aria-label={`Payout to ${payout.artistName}`} className="grid gap-1.5 rounded-md border p-3 text-sm">
              <span className="font-medium">
                {formatPrice(payout.amount)} to {payout.artistName}
              </span>
              <span className="text-muted-foreground break-all">
                {payout.mobileNumber} · {payout.reference}
              </span>
              <span>
                {ATTENTION[payout.attention]}
                {payout.status === 'reversed' && ' (reversed)'} · {utcTime(payout.createdAt)}
              </span>
              {payout.failureReason && <span className="text-muted-foreground">{payout.failureReason}</span>}
              <div>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={retry.isPending}
                  aria-label={`Retry the payout to ${payout.artistName}`}
                  onClick={() =>
                    retry.mutate(
                      { reference: payout.reference },
                      {
                        onError,
                        onSuccess: (result) =>
                          setDone(result.newReference ? `Sent again as ${result.newReference}.` : `Asked Paystack again: the payout is ${result.status}.`),
                      },
                    )
                  }
                >
                  <RotateCwIcon aria-hidden="true" />
                  Retry
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
