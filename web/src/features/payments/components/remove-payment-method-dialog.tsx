import { useState } from 'react';
import { TriangleAlertIcon } from 'lucide-react';
import type { PaymentMethod } from '#common/schemas/payments';
import { Alert, AlertDescription } from '@/components/ui/alert';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { hasErrorCode, messageOf } from '@/lib/api';
import { pendingTransactionsMessage, useRemovePaymentMethod } from '../api/payment-methods-api';
import { maskedAccountNumber } from '../lib/format';
import { PAYMENTS_TEXTS as TEXTS } from './texts';

const TALL = 'h-11 sm:h-10';

/** What goes, in words: "the bank account at Equity Bank (•••• 6789)" or "the M-Pesa number +254712345678". */
function describe(method: PaymentMethod): string {
  if (method.type === 'mobile_money') return `the M-Pesa number ${method.mobileNumber ?? ''}`.trim();
  const masked = maskedAccountNumber(method.accountNumber);
  return `the bank account at ${method.bankName ?? 'your bank'}${masked ? ` (${masked})` : ''}`;
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
  const remove = useRemovePaymentMethod();
  const [pendingMessage, setPendingMessage] = useState<string>();
  const busy = remove.isPending;

  const confirm = async () => {
    const force = pendingMessage !== undefined;
    try {
      await remove.mutateAsync({ id: method.id, force });
      toast({ title: TEXTS.methodRemoved });
      onOpenChange(false);
    } catch (error) {
      const pending = force ? undefined : pendingTransactionsMessage(error);
      if (pending) {
        setPendingMessage(pending);
        return;
      }
      toast({ variant: 'destructive', title: TEXTS.methodRemoveFailed, description: messageOf(error, '', 'Network error') || undefined });
      // Already gone (another tab removed it): nothing left to confirm; the list is read again.
      if (hasErrorCode(error, 'payment-method.not-found')) onOpenChange(false);
    }
  };

  return (
    <AlertDialog open onOpenChange={(open) => !busy && onOpenChange(open)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{TEXTS.removeTitle}</AlertDialogTitle>
          <AlertDialogDescription className="break-words">
            {`Sales will no longer be paid to ${describe(method)}. ${TEXTS.removeWarning}`}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {pendingMessage && (
          <Alert variant="destructive" role="alert" className="text-left">
            <TriangleAlertIcon aria-hidden="true" />
            <AlertDescription>
              <p>{pendingMessage}</p>
            </AlertDescription>
          </Alert>
        )}
        <AlertDialogFooter>
          <AlertDialogCancel className={TALL} disabled={busy}>
            Cancel
          </AlertDialogCancel>
          <Button variant="destructive" className={TALL} disabled={busy} aria-busy={busy || undefined} onClick={() => void confirm()}>
            {busy && <Spinner label={null} />}
            {pendingMessage ? TEXTS.removeAnyway : 'Remove'}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
