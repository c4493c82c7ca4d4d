import { useId } from 'react';
import { formatPrice } from '#common/money';
import type { PayoutStatusName, PayoutsResponse, PayoutView } from '#common/schemas/sales';
import type { PaymentMethod } from '#common/schemas/payments';
import { Badge } from '@/components/ui/badge';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { toast } from '@/components/ui/use-toast';
import { LoadFailed } from '@/components/list-states';
import { SectionCard } from '@/components/section-card';
import { usePayouts, usePreferences, useUpdatePreferences } from '../api/payouts-api';
import { useAppI18n } from '@/lib/app-i18n';
import type { AppMessageKey } from '@/lib/i18n';
import type { Language } from '#common/i18n/language';

/** A sum of money with the project's formatPrice ('KES 430.00'); zero is 'KES 0.00', never 'Free'. */
const money = (minor: number) => (minor ? formatPrice(minor) : 'KES 0.00');

/** A day and time in Kenyan time (EAT): "27 Nov 2026, 09:15". */
function when(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'sw' ? 'sw-KE' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'Africa/Nairobi' }).format(date);
}

const STATUS: Record<PayoutStatusName, { label: AppMessageKey; variant: 'default' | 'secondary' | 'destructive' | 'outline' }> = {
  pending: { label: 'payouts.status.onItsWay', variant: 'secondary' },
  otp: { label: 'payouts.status.onItsWay', variant: 'secondary' },
  success: { label: 'payouts.status.paid', variant: 'default' },
  failed: { label: 'payouts.status.failed', variant: 'destructive' },
  reversed: { label: 'payouts.status.reversed', variant: 'destructive' },
};

/** The balance's two tiles: settled and ready to pay, and still settling. */
const BALANCES = [
  { part: 'owed', label: 'payouts.owed', hint: 'payouts.owedHint', testId: 'payouts-owed' },
  { part: 'pending', label: 'payouts.settling', hint: 'payouts.settlingHint', testId: 'payouts-pending' },
] as const satisfies readonly { part: string; label: AppMessageKey; hint: AppMessageKey; testId: string }[];

function PayoutRow({ payout }: { payout: PayoutView }) {
  const { t, language } = useAppI18n();
  const status = STATUS[payout.status];
  return (
    <li className="grid gap-1 border-b py-3 last:border-0" data-testid="payout-row">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium tabular-nums">{money(payout.amount)}</span>
        <Badge variant={status.variant}>{t(status.label)}</Badge>
      </div>
      <p className="text-xs text-muted-foreground">
        {t('payouts.rowFee', { at: when(payout.createdAt, language), fee: money(payout.fee) })}
      </p>
      {payout.reason && <p className="text-sm text-destructive">{payout.reason}</p>}
    </li>
  );
}

/** The switch for the sale e-mail (PATCH /api/user/preferences {saleEmails}). */
export function SaleEmailsSwitch() {
  const { t } = useAppI18n();
  const id = useId();
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  if (!preferences.isSuccess) return null;
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>{t('payouts.saleEmails')}</Label>
        <p className="text-xs text-muted-foreground">{t('payouts.saleEmailsHint')}</p>
      </div>
      <Switch
        id={id}
        className="mt-0.5"
        checked={preferences.data.saleEmails}
        onCheckedChange={(saleEmails) =>
          update.mutate(
            { saleEmails },
            {
              onSuccess: (saved) => toast({ title: saved.saleEmails ? t('payouts.saleEmailsOn') : t('payouts.saleEmailsOff') }),
              onError: () => toast({ variant: 'destructive', title: t('payouts.preferencesFailed') }),
            },
          )
        }
      />
    </div>
  );
}

/**
 * The next M-Pesa payout: its amount and date, which sales it holds, and when the sales made
 * since (the 'Settling' figure's) are paid (issue 33: the two figures side by side said neither).
 */
function NextPayout({ next }: { next: NonNullable<PayoutsResponse['nextPayout']> }) {
  const { t, language } = useAppI18n();
  return (
    <div className="grid gap-1">
      <p>
        <span className="font-medium">{t('payouts.nextPayout')}:</span> {t('payouts.nextPayoutDetail', { amount: money(next.amount), at: when(next.at, language) })}
      </p>
      <p data-testid="next-payout-holds">{t('payouts.nextPayoutHolds', { upTo: when(next.salesUpTo, language) })}</p>
      {next.rest && (
        <p data-testid="next-payout-rest">
          {next.rest.paidAt
            ? t('payouts.restPaidAt', { amount: money(next.rest.amount), at: when(next.rest.paidAt, language) })
            : t('payouts.restWaits', { amount: money(next.rest.amount) })}
        </p>
      )}
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
  const { t } = useAppI18n();
  const payouts = usePayouts();
  return (
    <SectionCard title={t('payouts.title')} description={t('payouts.description')} contentClassName="grid gap-4" data-testid="payouts-card">
      {payouts.isPending ? (
        <Skeleton className="h-24 w-full" role="status" aria-label={t('payouts.loading')} />
      ) : payouts.isError ? (
        <LoadFailed what={t('payouts.loadFailed')} retry={t('payments.tryAgain')} onRetry={() => void payouts.refetch()} />
      ) : (
        <>
          <dl className="grid grid-cols-2 gap-3">
            {BALANCES.map(({ part, label, hint, testId }) => (
              <div key={part} className="rounded-lg border p-3">
                <dt className="text-sm text-muted-foreground">{t(label)}</dt>
                <dd className="text-xl font-semibold tabular-nums" data-testid={testId}>
                  {money(payouts.data.balance[part])}
                </dd>
                <dd className="text-xs text-muted-foreground">{t(hint)}</dd>
              </div>
            ))}
          </dl>
          <div className="rounded-lg bg-muted/50 p-3 text-sm" data-testid="next-payout">
            {method?.type === 'bank' ? (
              <p>{t('payouts.bankNote')}</p>
            ) : !method ? (
              <p>{t('payouts.noMethod')}</p>
            ) : payouts.data.nextPayout ? (
              <NextPayout next={payouts.data.nextPayout} />
            ) : (
              <p>{t('payouts.noPayoutYet')}</p>
            )}
          </div>
          <div className="grid gap-1">
            <h3 className="text-sm font-medium">{t('payouts.history')}</h3>
            {payouts.data.payouts.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t('payouts.noPayouts')}</p>
            ) : (
              <ul className="grid text-sm" aria-label={t('payouts.history')}>
                {payouts.data.payouts.map((payout) => (
                  <PayoutRow key={payout.id} payout={payout} />
                ))}
              </ul>
            )}
          </div>
        </>
      )}
      <SaleEmailsSwitch />
    </SectionCard>
  );
}
