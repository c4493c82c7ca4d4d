import { useId } from 'react';
import { formatPrice } from '#common/money';
import { PAYOUT_MESSAGES, SALES_MESSAGES, type PayoutStatusName, type PayoutView } from '#common/schemas/sales';
import type { PaymentMethod } from '#common/schemas/payments';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { usePayouts, usePreferences, useUpdatePreferences } from '../api/payouts-api';

/** A sum of money with the project's formatPrice ('KES 430.00'); zero is 'KES 0.00', never 'Free'. */
const money = (minor: number) => (minor ? formatPrice(minor) : 'KES 0.00');

/** A day and time in Kenyan time (EAT): "27 Nov 2026, 09:15". */
function when(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Nairobi' }).format(date);
}

const STATUS: Record<PayoutStatusName, { label: string; variant: 'default' | 'secondary' | 'destructive' | 'outline' }> = {
  pending: { label: 'On its way', variant: 'secondary' },
  otp: { label: 'On its way', variant: 'secondary' },
  success: { label: 'Paid', variant: 'default' },
  failed: { label: 'Failed', variant: 'destructive' },
  reversed: { label: 'Reversed', variant: 'destructive' },
};

export const PAYOUTS_TEXTS = {
  title: 'Payouts',
  description: 'What you are owed from your sales, and every payout to your M-Pesa number.',
  owed: 'Owed to you',
  owedHint: 'Settled and ready for your next payout.',
  settling: 'Settling',
  settlingHint: 'Sales of the last 24 hours, and payouts on their way.',
  nextPayout: 'Next M-Pesa payout',
  nextPayoutDetail: (amount: string, at: string) => `${amount} on ${at} (after the M-Pesa withdrawal fee).`,
  noPayoutYet: 'Nothing to pay out yet: a payout goes once your settled sales reach KES 120 (KES 100 after the fee).',
  noMethod: 'Add an M-Pesa number or a bank account above to be paid.',
  bankNote: PAYOUT_MESSAGES.bankNote,
  history: 'Your payouts',
  noPayouts: 'No payouts yet.',
  loading: 'Loading your payouts',
  loadFailed: 'Your payouts could not be loaded.',
  saleEmails: 'E-mail me when I make a sale',
  saleEmailsHint: 'A short e-mail naming what sold and your share.',
} as const;

function PayoutRow({ payout }: { payout: PayoutView }) {
  const status = STATUS[payout.status];
  return (
    <li className="grid gap-1 border-b py-3 last:border-0" data-testid="payout-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium tabular-nums">{money(payout.amount)}</span>
        <Badge variant={status.variant}>{status.label}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {when(payout.createdAt)} · fee {money(payout.fee)}
      </p>
      {payout.reason && <p className="text-sm text-destructive">{payout.reason}</p>}
    </li>
  );
}

/** The switch for the sale e-mail (PATCH /api/user/preferences {saleEmails}). */
export function SaleEmailsSwitch() {
  const id = useId();
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  if (!preferences.isSuccess) return null;
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>{PAYOUTS_TEXTS.saleEmails}</Label>
        <p className="text-xs text-muted-foreground">{PAYOUTS_TEXTS.saleEmailsHint}</p>
      </div>
      <Switch
        id={id}
        className="mt-0.5"
        checked={preferences.data.saleEmails}
        onCheckedChange={(saleEmails) =>
          update.mutate(
            { saleEmails },
            {
              onSuccess: (saved) => toast({ title: saved.saleEmails ? SALES_MESSAGES.saleEmailsOn : SALES_MESSAGES.saleEmailsOff }),
              onError: () => toast({ variant: 'destructive', title: SALES_MESSAGES.preferencesFailed }),
            },
          )
        }
      />
    </div>
  );
}

/**
 * The Payouts card (issue 16): what the artist is owed (settled, ready to pay), what is still
 * settling, the next M-Pesa payout (date and amount after the withdrawal fee) or, for a bank
 * method, Paystack's settlement note; and every payout with its status and, for a failure, the
 * reason and what happens next.
 */
export function PayoutsCard({ method }: { method: PaymentMethod | undefined }) {
  const payouts = usePayouts();
  return (
    <Card className="gap-4" data-testid="payouts-card">
      <CardHeader>
        <CardTitle as="h2" className="text-lg">
          {PAYOUTS_TEXTS.title}
        </CardTitle>
        <CardDescription>{PAYOUTS_TEXTS.description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {payouts.isPending ? (
          <Skeleton className="h-24 w-full" role="status" aria-label={PAYOUTS_TEXTS.loading} />
        ) : payouts.isError ? (
          <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed p-4 text-sm" role="alert">
            <p className="text-muted-foreground">{PAYOUTS_TEXTS.loadFailed}</p>
            <Button type="button" variant="outline" className="h-11 sm:h-9" onClick={() => void payouts.refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <>
            <dl className="grid grid-cols-2 gap-3">
              <div className="rounded-lg border p-3">
                <dt className="text-sm text-muted-foreground">{PAYOUTS_TEXTS.owed}</dt>
                <dd className="text-xl font-semibold tabular-nums" data-testid="payouts-owed">
                  {money(payouts.data.balance.owed)}
                </dd>
                <dd className="text-xs text-muted-foreground">{PAYOUTS_TEXTS.owedHint}</dd>
              </div>
              <div className="rounded-lg border p-3">
                <dt className="text-sm text-muted-foreground">{PAYOUTS_TEXTS.settling}</dt>
                <dd className="text-xl font-semibold tabular-nums" data-testid="payouts-pending">
                  {money(payouts.data.balance.pending)}
                </dd>
                <dd className="text-xs text-muted-foreground">{PAYOUTS_TEXTS.settlingHint}</dd>
              </div>
            </dl>
            <div className="rounded-lg bg-muted/50 p-3 text-sm" data-testid="next-payout">
              {method?.type === 'bank' ? (
                <p>{PAYOUTS_TEXTS.bankNote}</p>
              ) : !method ? (
                <p>{PAYOUTS_TEXTS.noMethod}</p>
              ) : payouts.data.nextPayout ? (
                <p>
                  <span className="font-medium">{PAYOUTS_TEXTS.nextPayout}:</span>{' '}
                  {PAYOUTS_TEXTS.nextPayoutDetail(money(payouts.data.nextPayout.amount), when(payouts.data.nextPayout.at))}
                </p>
              ) : (
                <p>{PAYOUTS_TEXTS.noPayoutYet}</p>
              )}
            </div>
            <div className="grid gap-1">
              <h3 className="text-sm font-medium">{PAYOUTS_TEXTS.history}</h3>
              {payouts.data.payouts.length === 0 ? (
                <p className="text-sm text-muted-foreground">{PAYOUTS_TEXTS.noPayouts}</p>
              ) : (
                <ul className="grid text-sm" aria-label={PAYOUTS_TEXTS.history}>
                  {payouts.data.payouts.map((payout) => (
                    <PayoutRow key={payout.id} payout={payout} />
                  ))}
                </ul>
              )}
            </div>
          </>
        )}
        <SaleEmailsSwitch />
      </CardContent>
    </Card>
  );
}
