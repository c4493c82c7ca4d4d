import { useEffect, useRef, type ComponentProps, type Ref } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { bankMethodSchema, PAYMENT_MESSAGES, type BankMethodInput } from '#common/schemas/payments';
import { FormDialog, useDialogForm, type FormDialogControl } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { FieldItem, TextField } from '@/components/text-field';
import { FormControl } from '@/components/ui/form';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { hasErrorCode, messageOf } from '@/lib/api';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { useAddBankMethod, useBanks, type BankMethodValues } from '../api/payment-methods-api';
import { maskedAccountNumber } from '../lib/format';
import { BankCombobox } from './bank-combobox';
import { useAppI18n } from '@/lib/app-i18n';

const FIELDS = ['bankName', 'accountName', 'accountNumber'] as const;

const EMPTY: BankMethodInput = { type: 'bank', bankName: '', bankCode: '', accountName: '', accountNumber: '' };

/** Phones get 44 px tall fields and buttons; from sm up the dashboard's usual 40 px. */
const TALL = 'h-11 sm:h-10';

/**
 * Add Payment Method (spec sections 2, 5, 8): a Kenyan bank chosen from Paystack's list, the
 * account name and number ('Bank name is required', 'Account name is required', 'Account number
 * is required'). The server checks the account with Paystack and creates the subaccount that
 * keeps 10% of each sale for the platform.
 */
export function AddBankMethodDialog({ open, onOpenChange, onCloseAutoFocus }: FormDialogControl) {
  const { t } = useAppI18n();
  const add = useAddBankMethod();
  // Each opening starts empty.
  const form = useDialogForm(bankMethodSchema, open, EMPTY);
  // The bank box's text: a typed name that is no bank on the list gets 'choose from the list', not 'required'.
  const bankText = useRef('');
  const bankListOpen = useRef(false);
  useEffect(() => {
    if (open) bankText.current = '';
  }, [open]);

  const onInvalid = (errors: FieldErrors<BankMethodInput>) => {
    if (errors.bankName && bankText.current.trim()) form.setError('bankName', { message: PAYMENT_MESSAGES.bankUnknown });
  };

  const onValid = async (values: BankMethodValues) => {
    try {
      const method = await add.mutateAsync({ ...values, bankCode: values.bankCode || undefined });
      toast({ title: t('payments.methodAdded'), description: t('payments.bankAdded', { bank: method.bankName ?? values.bankName, masked: maskedAccountNumber(method.accountNumber ?? values.accountNumber) }) });
      onOpenChange(false);
    } catch (error) {
      const reason = messageOf(error, '', t('payments.networkError'));
      // The server's field errors (the same rules as the form's) go under their fields.
      for (const [field, message] of serverFieldErrors(error, FIELDS, { bankCode: 'bankName' })) form.setError(field, { message });
      toast({ variant: 'destructive', title: t('payments.methodAddFailed'), description: reason || undefined });
      // Another tab added a method meanwhile: this one cannot be added, and the section shows that one.
      if (hasErrorCode(error, 'payment-method.one-only')) onOpenChange(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('payments.addBankTitle')}
      description={t('payments.addBankDescription')}
      form={form}
      onSubmit={onValid}
      onInvalid={onInvalid}
      submitLabel={t('payments.addBankButton')}
      cancelLabel={t('payments.cancel')}
      pending={add.isPending}
      buttonClassName={TALL}
      onCloseAutoFocus={onCloseAutoFocus}
      onEscapeKeyDown={(event) => {
        // Escape first closes the bank list, and only then the dialog.
        if (bankListOpen.current) event.preventDefault();
      }}
    >
      <FieldItem
        name="bankName"
        label={t('payments.bank')}
        ownControl
        render={(field) => (
          <BankField
            value={field.value}
            name={field.name}
            inputRef={field.ref}
            disabled={add.isPending}
            className={TALL}
            onChoose={(bank) => {
              field.onChange(bank?.name ?? '');
              form.setValue('bankCode', bank?.code ?? '');
            }}
            onBlur={field.onBlur}
            onOpenChange={(listOpen) => {
              bankListOpen.current = listOpen;
            }}
            onTextChange={(text) => {
              bankText.current = text;
            }}
          />
        )}
      />
      <TextField
        name="accountName"
        label={t('payments.accountName')}
        description={t('payments.accountNameHint')}
        autoComplete="name"
        autoCapitalize="words"
        maxLength={200}
        disabled={add.isPending}
        className={TALL}
      />
      <TextField
        name="accountNumber"
        label={t('payments.accountNumber')}
        inputMode="numeric"
        autoComplete="off"
        spellCheck={false}
        maxLength={40}
        disabled={add.isPending}
        className={TALL}
      />
    </FormDialog>
  );
}

/** The bank list as it loads: a placeholder, the combobox, or why it is missing with a way to try again. */
function BankField({ inputRef, ...props }: Omit<ComponentProps<typeof BankCombobox>, 'banks' | 'ref'> & { inputRef: Ref<HTMLInputElement> }) {
  const { t } = useAppI18n();
  const banks = useBanks();
  if (banks.isPending) {
    return <Skeleton className="h-11 w-full sm:h-10" aria-label={t('payments.loadingBanks')} role="status" />;
  }
  if (banks.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 rounded-lg border border-dashed p-3 text-sm" role="alert">
        <p className="text-muted-foreground">{messageOf(banks.error, PAYMENT_MESSAGES.banksUnavailable, PAYMENT_MESSAGES.banksUnavailable)}</p>
        <Button type="button" variant="outline" size="sm" className="h-11 sm:h-8" onClick={() => void banks.refetch()}>
          {t('payments.tryAgain')}
        </Button>
      </div>
    );
  }
  return (
    <FormControl>
      <BankCombobox ref={inputRef} banks={banks.data} placeholder={t('payments.searchBank')} {...props} />
    </FormControl>
  );
}
