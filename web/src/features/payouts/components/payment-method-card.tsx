import type { MouseEvent } from 'react';
import { LandmarkIcon, SmartphoneIcon, Trash2Icon } from 'lucide-react';
import type { PaymentMethod } from '#common/schemas/payments';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { maskedAccountNumber, spokenAccountNumber } from '../lib/format';
import { useAppI18n } from '@/lib/app-i18n';

/**
 * The artist's one payment method (spec sections 2, 3): a bank account (bank, account name, the
 * account number's last four digits) or an M-Pesa number (+254...), with Remove.
 */
export function PaymentMethodCard({ method, onRemove }: { method: PaymentMethod; onRemove: (event: MouseEvent<HTMLButtonElement>) => void }) {
  const { t } = useAppI18n();
  const bank = method.type === 'bank';
  const Icon = bank ? LandmarkIcon : SmartphoneIcon;
  const title = bank ? (method.bankName ?? t('payments.bankAccount')) : 'M-Pesa';
  const masked = maskedAccountNumber(method.accountNumber);
  return (
    <li
      className="flex flex-col gap-4 rounded-lg border bg-background p-4 sm:flex-row sm:items-center"
      aria-label={bank ? t('payments.bankAccountAt', { bank: title }) : t('payments.mpesaNumber', { number: method.mobileNumber ?? '' }).trim()}
      data-testid="payment-method"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-accent text-primary">
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 gap-0.5">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium break-words">{title}</p>
            <Badge variant="secondary">{bank ? t('payments.bankAccount') : t('payments.mobileMoney')}</Badge>
          </div>
          {bank ? (
            <>
              {method.accountName && <p className="text-sm break-words">{method.accountName}</p>}
              {masked && (
                <p className="text-sm text-muted-foreground tabular-nums">
                  <span aria-hidden="true">{masked}</span>
                  <span className="sr-only">{spokenAccountNumber(t, method.accountNumber)}</span>
                </p>
              )}
            </>
          ) : (
            <p className="text-sm tabular-nums" data-testid="mpesa-number">
              {method.mobileNumber}
            </p>
          )}
          <p className="text-xs text-muted-foreground">{bank ? t('payments.bankPayoutNote') : t('payments.mpesaPayoutNote')}</p>
        </div>
      </div>
      <Button
        type="button"
        variant="outline"
        className="h-11 w-full text-destructive hover:text-destructive sm:h-9 sm:w-auto"
        onClick={onRemove}
      >
        <Trash2Icon aria-hidden="true" />
        {t('payments.remove')}
      </Button>
    </li>
  );
}
