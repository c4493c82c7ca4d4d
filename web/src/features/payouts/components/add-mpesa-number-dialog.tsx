import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { isSafaricomNumber, normaliseKenyanMobile } from '#common/payments';
import { mobileMoneyMethodSchema, PAYMENT_MESSAGES, type MobileMoneyMethodInput } from '#common/schemas/payments';
import { FormDialog, useDialogForm, type FormDialogControl } from '@/components/form-dialog';
import { TextField } from '@/components/text-field';
import { useFormField } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { hasErrorCode, messageOf } from '@/lib/api';
import { useAddMobileMoneyMethod } from '../api/payment-methods-api';
import { useAppI18n, useMessageLocalizer } from '@/lib/app-i18n';

type MobileMoneyValues = z.output<typeof mobileMoneyMethodSchema>;

const EMPTY: MobileMoneyMethodInput = { mobileNumber: '' };
const TALL = 'h-11 sm:h-10';

/**
 * The field's error with its spec title above the text, both in the page's language (the
 * shared rule's English is found by its text, decision 063). Said here only, where the eye and
 * the screen reader already are: a toast repeating it (issue 33) said the same thing twice.
 */
function MobileNumberMessage() {
  const { error, formMessageId } = useFormField();
  const localize = useMessageLocalizer();
  const { t } = useAppI18n();
  const message = error?.message ? String(error.message) : '';
  if (!message) return null;
  return (
    <div id={formMessageId} data-slot="form-message" className="text-sm text-destructive">
      {/* The spec's title (section 5): 'Mobile Number Required' for none, 'Invalid Mobile Number' for
          anything M-Pesa cannot pay (our not-Safaricom message included). */}
      <p className="font-medium">{t(message === PAYMENT_MESSAGES.mobileRequired ? 'payments.mobileRequiredTitle' : 'payments.mobileInvalidTitle')}</p>
      <p>{localize(message)}</p>
    </div>
  );
}

/**
 * Add M-Pesa Number (spec sections 2, 5, 8): one field, typed any common way (07..., 7...,
 * 254..., +254..., with spaces or dashes). While typing it shows the number M-Pesa will pay;
 * the shared rule (common/payments.ts) is the server's too.
 */
export function AddMpesaNumberDialog({ open, onOpenChange, onCloseAutoFocus }: FormDialogControl) {
  const { t } = useAppI18n();
  const add = useAddMobileMoneyMethod();
  // Each opening starts empty.
  const form = useDialogForm(mobileMoneyMethodSchema, open, EMPTY);
  const typed = useWatch({ control: form.control, name: 'mobileNumber' });
  const normalised = normaliseKenyanMobile(typed ?? '');
  const payable = normalised && isSafaricomNumber(normalised) ? normalised : undefined;

  const onSubmit = async ({ mobileNumber }: MobileMoneyValues) => {
    try {
      const method = await add.mutateAsync(mobileNumber);
      toast({ title: t('payments.mpesaAdded'), description: method.mobileNumber ?? mobileNumber });
      onOpenChange(false);
    } catch (error) {
      const reason = messageOf(error, '', t('payments.networkError'));
      // A refusal of the number itself (ours or the provider's) goes under the field as well.
      if (hasErrorCode(error, 'form.invalid', 'payment-provider.refused')) {
        const errors = error.data.errors as Record<string, unknown> | undefined;
        const fieldMessage = typeof errors?.mobileNumber === 'string' ? errors.mobileNumber : error.serverMessage;
        if (fieldMessage) form.setError('mobileNumber', { message: fieldMessage });
      }
      toast({ variant: 'destructive', title: t('payments.mpesaAddFailed'), description: reason || undefined });
      if (hasErrorCode(error, 'payment-method.one-only')) onOpenChange(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('payments.addMpesaTitle')}
      description={t('payments.addMpesaDescription')}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('payments.addMpesaButton')}
      cancelLabel={t('payments.cancel')}
      pending={add.isPending}
      buttonClassName={TALL}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <TextField
        name="mobileNumber"
        label={t('payments.mpesaNumberLabel')}
        description={
          payable ? (
            <>
              {t('payments.wePay')} <span className="font-medium text-foreground tabular-nums">{payable}</span>
            </>
          ) : (
            t('payments.typeAnyWay')
          )
        }
        descriptionProps={{ 'aria-live': 'polite' }}
        message={<MobileNumberMessage />}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0712 345 678"
        maxLength={30}
        disabled={add.isPending}
        className={TALL}
      />
    </FormDialog>
  );
}
