import type { RefObject } from 'react';
import { CircleCheckIcon, DownloadIcon, LockIcon } from 'lucide-react';
import { formatPrice } from '#common/money';
import { finalAmount, processingFee } from '#common/payments';
import type { PurchaseItem } from '#common/schemas/catalog/responses';
import { Button } from '@/components/ui/button';
import { DialogButtons, DialogShell } from '@/components/dialog-shell';
import { DialogForm } from '@/components/form-dialog';
import { TextField } from '@/components/text-field';
import { fanFormMessage } from '@/lib/form-messages';
import { Spinner } from '@/components/ui/spinner';
import { useI18n } from '@/lib/i18n';
import { usePurchase } from '../hooks/use-purchase';
import { isFollowUp } from '../lib/purchase-state';
import { AmountField } from './amount-field';
import { FollowUpPanel } from './follow-up-panel';

// Their home moved with the state machine (issue 37); importers of the dialog still find them here.
export { DIALOG_CLOSE_DELAY_MS } from '../hooks/use-purchase';
export { PENDING_POLL_DELAYS_MS } from '../lib/purchase-state';

/** How a phone should take an e-mail address: its keyboard, no capital, no correction, its saved address offered. */
const EMAIL_TYPING = { type: 'email', inputMode: 'email', autoComplete: 'email', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

/**
 * The Purchase dialog (spec sections 2 and 4): the buyer's e-mail, the price, the processing fee
 * and the total before paying, then Pay. The checkout takes over from here (runPurchase); the
 * dialog closes as it opens. A buyer who paid before can have the download link sent again.
 * What it does and when is usePurchase's; this file is what it shows.
 */
export function PurchaseDialog({
  item: listed,
  open,
  onOpenChange,
  downloadFailure,
  returnFocusTo,
  discount,
  email: givenEmail = '',
}: {
  item: PurchaseItem;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  downloadFailure: 'alert' | 'log';
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Issue 21: a discount code redeemed on /redeem (decision 050): its price is the one to pay. */
  discount?: { code: string; percentOff: number; price: number };
  /** The e-mail already typed (on /redeem). */
  email?: string;
}) {
  // A discount code's price stands in for the list price (the minimum, for a pay-more item).
  const item: PurchaseItem = discount ? { ...listed, price: discount.price, suggestedPrice: null } : listed;
  const { t } = useI18n();
  const purchase = usePurchase({ item, discount, email: givenEmail, open, onOpenChange, downloadFailure, returnFocusTo });
  const { form, state, preparing, locked, paying } = purchase;
  const { phase } = state;

  const fee = processingFee(paying);
  const total = finalAmount(paying);
  // 'Name your price' at KES 0: the free download, no checkout.
  const freeDownload = item.payMore === true && paying === 0;
  // A named price of 0 reads as figures, not as 'Free' three times over.
  const money = (minor: number) => (freeDownload ? 'KES 0.00' : formatPrice(minor));
  const kind = item.type === 'album' ? 'album' : 'track';

  // The shared schema's messages are English; the server's own come in the request's language.
  const localize = (message: string) => fanFormMessage(message, t);

  const title = t('purchase.title', { name: item.name });
  const buttons = (
    <DialogButtons
      // 'Name your price' at KES 0: the free download, no checkout (and no e-mail asked).
      {...(freeDownload
        ? { type: 'button' as const, label: t('purchase.downloadFree'), icon: <DownloadIcon aria-hidden="true" />, onClick: purchase.downloadFree }
        : { label: preparing ? t('purchase.preparing') : t('purchase.pay', { total: formatPrice(total) }), icon: <LockIcon aria-hidden="true" />, pending: preparing })}
      disabled={locked}
      cancelLabel={t('purchase.cancel')}
      onCancel={purchase.close}
      cancelDisabled={preparing}
    />
  );
  return (
    <DialogShell
      testId="purchase-dialog"
      open={open}
      onOpenChange={purchase.setOpen}
      pending={preparing}
      title={title}
      titleClassName="pr-8 leading-snug break-words"
      note={
        discount && (
          <p className="text-sm font-medium text-primary" data-testid="purchase-discount">
            {t('purchase.discount', { code: discount.code, percent: discount.percentOff, price: formatPrice(listed.price) })}
          </p>
        )
      }
      description={t('purchase.description')}
      onCloseAutoFocus={purchase.onCloseAutoFocus}
    >
      {isFollowUp(phase) ? (
        <FollowUpPanel followUp={phase} onClose={purchase.close} onCheckAgain={purchase.checkAgain} onTryAgain={purchase.tryAgain} busy={preparing} />
      ) : (
        <>
          <DialogForm form={form} onSubmit={purchase.pay} onInvalid={purchase.onInvalid} label={title} className="gap-5" buttons={buttons}>
            {item.payMore && (
              <AmountField
                item={item}
                value={state.amount.text}
                error={state.amount.error && localize(state.amount.error)}
                inputRef={purchase.amountInput}
                readOnly={preparing}
                onChange={purchase.typeAmount}
              />
            )}
            <TextField name="email" label={t('common.email')} localize={localize} readOnly={preparing} maxLength={254} {...EMAIL_TYPING} placeholder={t('common.emailPlaceholder')} />

            <dl className="grid gap-2 rounded-lg border bg-muted/40 p-4 text-sm">
              <div className="flex items-baseline justify-between gap-4">
                <dt className="text-muted-foreground">{t(item.payMore ? 'purchase.yourPrice' : 'purchase.price', { kind })}</dt>
                <dd className="tabular-nums" data-testid="purchase-price">
                  {money(paying)}
                </dd>
              </div>
              <div className="flex items-baseline justify-between gap-4">
                <dt className="text-muted-foreground">{t('purchase.fee')}</dt>
                <dd className="tabular-nums" data-testid="purchase-fee">
                  {money(fee)}
                </dd>
              </div>
              <div className="flex items-baseline justify-between gap-4 border-t pt-2 text-base font-semibold">
                <dt>{t('purchase.total')}</dt>
                <dd className="tabular-nums" data-testid="purchase-total">
                  {money(total)}
                </dd>
              </div>
            </dl>

            {phase.name === 'already-owned' && (
              <div className="grid gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 text-sm" data-testid="already-owned">
                <p role="status" className="flex items-start gap-2 font-medium">
                  <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  {phase.message}
                </p>
                <p className="text-muted-foreground">{t('purchase.forSomeoneElse')}</p>
                <Button
                  type="button"
                  variant="outline"
                  className="justify-self-start"
                  disabled={locked}
                  onClick={() => purchase.buyAgain(phase.email)}
                >
                  {t('purchase.buyAgain')}
                </Button>
              </div>
            )}
          </DialogForm>

          <div className="border-t pt-3 text-center text-sm sm:text-left">
            <Button
              type="button"
              variant="link"
              className="h-auto min-h-10 px-0 py-1 text-sm font-normal whitespace-normal text-muted-foreground"
              disabled={locked}
              onClick={purchase.resendLink}
            >
              {purchase.resendPending && <Spinner label={null} />}
              {t('purchase.resend')}
            </Button>
            <p role="status" className="text-sm text-foreground empty:hidden">
              {state.resendMessage}
            </p>
          </div>
        </>
      )}
    </DialogShell>
  );
}
