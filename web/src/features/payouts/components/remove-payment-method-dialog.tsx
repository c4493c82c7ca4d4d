import { useState } from 'react';
import { TriangleAlertIcon } from 'lucide-react';
import type { PaymentMethod } from '#common/schemas/payments';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { hasErrorCode, messageOf } from '@/lib/api';
import { pendingTransactionsMessage, useRemovePaymentMethod } from '../api/payment-methods-api';
import { maskedAccountNumber } from '../lib/format';
import { useAppI18n } from '@/lib/app-i18n';
import type { AppTranslator } from '@/lib/i18n';

const TALL = 'h-11 sm:h-10';

/** What goes, in words: "the bank account at Equity Bank (•••• 6789)" or "the M-Pesa number +254712345678". */
function describe(t: AppTranslator['t'], method: PaymentMethod): string {
  if (method.type === 'mobile_money') return t('payments.removeMpesa', { number: method.mobileNumber ?? '' }).trim();
  const masked = maskedAccountNumber(method.accountNumber);
  const bank = method.bankName ?? t('payments.yourBank');
  return masked ? t('payments.removeBankMasked', { bank, masked }) : t('payments.removeBank', { bank });
}

/**
 * Remove/Delete Payment Method confirmation (spec sections 2, 4, 8). A normal delete first; when
 * the server answers that money is still owed to or in flight for this method, the dialog shows
 * the server's message and offers 'Remove Anyway', which retries with force=true (what is owed
 * stays on record on the server).
 */
export function RemovePaymentMethodDialog({
  method,
  onOpenChange,
  onCloseAutoFocus,
}: {
  method: PaymentMethod;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes once the dialog has closed (the Remove button is gone after a removal). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { t } = useAppI18n();
  const remove = useRemovePaymentMethod();
  const [pendingMessage, setPendingMessage] = useState<string>();
  const busy = remove.isPending;

  const confirm = async () => {
    const force = pendingMessage !== undefined;
    try {
      await remove.mutateAsync({ id: method.id, force });
      toast({ title: t('payments.methodRemoved') });
      onOpenChange(false);
    } catch (error) {
      const pending = force ? undefined : pendingTransactionsMessage(error);
      if (pending) {
        setPendingMessage(pending);
        return;
      }
      toast({ variant: 'destructive', title: t('payments.methodRemoveFailed'), description: messageOf(error, '', t('payments.networkError')) || undefined });
      // Already gone (another tab removed it): nothing left to confirm; the list is read again.
      if (hasErrorCode(error, 'payment-method.not-found')) onOpenChange(false);
    }
  };

  return (
    <ConfirmDialog
      title={t('payments.removeTitle')}
      description={t('payments.removeText', { what: describe(t, method) })}
      cancelLabel={t('payments.cancel')}
      confirmLabel={pendingMessage ? t('payments.removeAnyway') : t('payments.remove')}
      pending={busy}
      onConfirm={() => void confirm()}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      buttonClassName={TALL}
    >
      {pendingMessage && (
        <Alert variant="destructive" role="alert" className="text-left">
          <TriangleAlertIcon aria-hidden="true" />
          <AlertDescription>
            <p>{pendingMessage}</p>
          </AlertDescription>
        </Alert>
      )}
    </ConfirmDialog>
  );
}
