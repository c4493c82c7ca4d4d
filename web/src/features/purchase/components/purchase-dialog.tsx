import { useEffect, useRef, useState, type RefObject } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CircleAlertIcon, CircleCheckIcon, DownloadIcon, LockIcon, SmartphoneIcon } from 'lucide-react';
import { formatPrice, minorToKesInput } from '#common/money';
import { finalAmount, processingFee } from '#common/payments';
import type { PurchaseItem } from '#common/schemas/catalog/responses';
import { PAYMENT_MESSAGES, checkPaidAmount, purchaseFormSchema, type PurchaseFormInput, type UnpaidOutcome } from '#common/schemas/payments';
import { Button } from '@/components/ui/button';
import { DialogButtons, DialogShell } from '@/components/dialog-shell';
import { DialogForm } from '@/components/form-dialog';
import { TextField } from '@/components/text-field';
import { fanFormMessage } from '@/lib/form-messages';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import { refreshOwnedItems } from '@/lib/owned-items';
import { useI18n, type MessageKey } from '@/lib/i18n';
import { initializePayment, paystackConfigQuery, useResendDownloadLink, verifyPayment } from '../api/purchase-api';
import { loadPaystack, openCheckout } from '../lib/checkout';
import { albumDownloadUrl, phoneFriendlyDownloadUrl, trackDownloadUrl } from '@/lib/download';
import { downloadBought } from '../lib/download-bought';
import { focusDownloadAfterPurchase } from '../lib/focus-after-purchase';
import { checkPayment, runPurchase, type PurchaseResult } from '../lib/purchase-flow';

type PurchaseFormValues = { email: string };

/** How a phone should take an e-mail address: its keyboard, no capital, no correction, its saved address offered. */
const EMAIL_TYPING = { type: 'email', inputMode: 'email', autoComplete: 'email', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false } as const;

/** Spec section 9: the purchase dialog closes about 100 ms after the checkout opens. */
export const DIALOG_CLOSE_DELAY_MS = 100;

/**
 * Issue 16: a payment still under way is asked about again after these waits (back-off), then the
 * dialog stops and offers 'Check again': no spinner that never ends.
 */
export const PENDING_POLL_DELAYS_MS = [3000, 6000, 12000] as const;

/** The short title of each unpaid ending, and the text under it (UNPAID_MESSAGES' in English). */
const UNPAID_TEXTS: Record<UnpaidOutcome, [title: MessageKey, text: MessageKey]> = {
  declined: ['purchase.declinedTitle', 'purchase.declined'],
  cancelled: ['purchase.cancelledTitle', 'purchase.cancelled'],
  expired: ['purchase.expiredTitle', 'purchase.expired'],
};

/** After the checkout closed: a payment still under way, or one that ended unpaid. */
type FollowUp =
  | { kind: 'pending'; reference: string; checking: boolean; polls: number }
  | { kind: 'unpaid'; outcome: UnpaidOutcome };

const isPaid = (result: PurchaseResult) => result.status === 'downloaded' || result.status === 'download-failed' || result.status === 'already-processed';


/**
 * The Purchase dialog (spec sections 2 and 4): the buyer's e-mail, the price, the processing fee
 * and the total before paying, then Pay. The checkout takes over from here (runPurchase); the
 * dialog closes as it opens. A buyer who paid before can have the download link sent again.
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
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const form = useForm<PurchaseFormInput, unknown, PurchaseFormValues>({
    resolver: zodResolver(purchaseFormSchema),
    defaultValues: { email: givenEmail },
  });
  const [preparing, setPreparing] = useState(false);
  const [resendMessage, setResendMessage] = useState<string | null>(null);
  // Issue 16: the e-mail already owns the item (its link has been e-mailed again); 'Buy again' is
  // a deliberate second purchase for that e-mail (a gift).
  const [alreadyOwned, setAlreadyOwned] = useState<{ email: string; message: string } | null>(null);
  // Issue 16: what happened after the checkout closed, when it was not a plain paid or cancelled.
  const [followUp, setFollowUp] = useState<FollowUp | null>(null);
  const lastAttempt = useRef<{ email: string; buyAgain: boolean } | null>(null);
  // Issue 21: a pay-more item asks how much, prefilled with the suggestion (or the price).
  const [amountText, setAmountText] = useState(() => minorToKesInput(item.suggestedPrice ?? item.price));
  const [amountError, setAmountError] = useState<string | null>(null);
  const amountInput = useRef<HTMLInputElement>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const resend = useResendDownloadLink();
  const busy = useRef(false);
  const checkoutOpened = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Spec section 5: an empty e-mail is 'Email Required' (a toast, and the message at the field).
  // Once the e-mail is fine the toast goes, rather than stay over the checkout.
  const emailToast = useRef<{ dismiss: () => void } | null>(null);
  const showEmailRequired = () => {
    emailToast.current = toast({ variant: 'destructive', title: t('purchase.emailRequiredTitle'), description: t('purchase.emailRequired') });
  };
  const dismissEmailRequired = () => {
    emailToast.current?.dismiss();
    emailToast.current = null;
  };
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  // Asked as the dialog opens, so Pay does not wait for it; with real keys the Paystack library's
  // chunk is fetched now too (it is only constructed on Pay: construction contacts Paystack).
  const config = useQuery({ ...paystackConfigQuery, enabled: open });
  const realCheckout = config.data ? !config.data.simulated && !!config.data.publicKey : false;
  useEffect(() => {
    if (realCheckout) void loadPaystack().catch(() => undefined);
  }, [realCheckout]);

  const setOpen = (next: boolean) => {
    if (!next) {
      setResendMessage(null);
      setAlreadyOwned(null);
      setFollowUp(null);
    }
    onOpenChange(next);
  };

  const paid = () => {
    // Paid: this browser owns it now, and the page says 'Purchased' at once.
    focusDownloadAfterPurchase(item, returnFocusTo?.current);
    void refreshOwnedItems(queryClient);
  };

  /** The checkout closed with the payment under way or unpaid: the dialog comes back to say so. */
  const followUpOn = (result: PurchaseResult) => {
    if (result.status === 'pending') setFollowUp({ kind: 'pending', reference: result.reference, checking: false, polls: 0 });
    else if (result.status === 'unpaid') setFollowUp({ kind: 'unpaid', outcome: result.outcome });
    else return;
    clearTimeout(closeTimer.current);
    // The dialog is back: closing it now returns focus to Buy, as before the checkout.
    checkoutOpened.current = false;
    onOpenChange(true);
  };

  const flowDeps = {
    verify: verifyPayment,
    // The automatic download after paying: MP3 on phones (data by the megabyte), else the original.
    download: (url: string) => downloadBought(phoneFriendlyDownloadUrl(url), downloadFailure, t('download.failed')),
    toast,
    t,
  };

  /** Asks about a pending payment again ('Check again', or one of the back-off polls). */
  const checkAgain = async (reference: string, automatic: boolean) => {
    setFollowUp((now) => (now?.kind === 'pending' ? { ...now, checking: true } : now));
    const result = await checkPayment(reference, flowDeps);
    if (!alive.current) return;
    if (isPaid(result)) {
      // Focus goes to the Download that replaces Buy (focusDownloadAfterPurchase), not back to Buy.
      checkoutOpened.current = true;
      setOpen(false);
      paid();
      return;
    }
    if (result.status === 'unpaid') {
      setFollowUp({ kind: 'unpaid', outcome: result.outcome });
      return;
    }
    // Still under way (or the check itself failed, already said): keep waiting.
    setFollowUp((now) => (now?.kind === 'pending' ? { ...now, checking: false, polls: automatic ? now.polls + 1 : now.polls } : now));
  };

  const pendingReference = followUp?.kind === 'pending' ? followUp.reference : null;
  const pendingPolls = followUp?.kind === 'pending' ? followUp.polls : 0;
  const pendingChecking = followUp?.kind === 'pending' && followUp.checking;
  useEffect(() => {
    if (!open || !pendingReference || pendingChecking || pendingPolls >= PENDING_POLL_DELAYS_MS.length) return;
    const timer = setTimeout(() => void checkAgain(pendingReference, true), PENDING_POLL_DELAYS_MS[pendingPolls]);
    return () => clearTimeout(timer);
    // checkAgain is recreated each render; the poll depends only on where the wait stands.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, pendingReference, pendingPolls, pendingChecking]);

  const chosen = item.payMore ? checkPaidAmount(amountText, item) : ({ ok: true, minor: item.price } as const);
  // While the box holds something unpayable the figures show the least that can be paid.
  const paying = chosen.ok ? chosen.minor : item.price;
  const fee = processingFee(paying);
  const total = finalAmount(paying);
  // 'Name your price' at KES 0: the free download, no checkout.
  const freeDownload = item.payMore === true && paying === 0;
  // A named price of 0 reads as figures, not as 'Free' three times over.
  const money = (minor: number) => (freeDownload ? 'KES 0.00' : formatPrice(minor));
  const kind = item.type === 'album' ? 'album' : 'track';

  // The shared schema's messages are English; the server's own come in the request's language.
  const localize = (message: string) => fanFormMessage(message, t);

  const onInvalid = (errors: FieldErrors<PurchaseFormInput>) => {
    if (errors.email?.message === PAYMENT_MESSAGES.emailRequired) showEmailRequired();
  };

  /** The amount to send, or undefined after showing why the box cannot be paid (issue 21). */
  const amountToPay = (): { amount?: string } | undefined => {
    if (!item.payMore) return {};
    if (!chosen.ok) {
      setAmountError(chosen.message);
      amountInput.current?.focus();
      return undefined;
    }
    setAmountError(null);
    return { amount: minorToKesInput(chosen.minor) || '0' };
  };

  const downloadFree = async () => {
    const url = item.type === 'album' ? albumDownloadUrl(item.id) : trackDownloadUrl(item.id);
    setOpen(false);
    await downloadBought(phoneFriendlyDownloadUrl(url), downloadFailure, t('download.failed'));
  };

  const purchase = async ({ email, buyAgain = false }: { email: string; buyAgain?: boolean }) => {
    if (busy.current) return;
    const amount = amountToPay();
    if (!amount) return;
    busy.current = true;
    dismissEmailRequired();
    checkoutOpened.current = false;
    setAlreadyOwned(null);
    setFollowUp(null);
    lastAttempt.current = { email, buyAgain };
    setPreparing(true);
    try {
      const result = await runPurchase(
        {
          email,
          item,
          callbackUrl: window.location.href,
          buyAgain,
          ...amount,
          ...(discount ? { code: discount.code } : {}),
          returnFocusTo: returnFocusTo?.current,
          onCheckoutOpen: () => {
            checkoutOpened.current = true;
            setPreparing(false);
            clearTimeout(closeTimer.current);
            closeTimer.current = setTimeout(() => setOpen(false), DIALOG_CLOSE_DELAY_MS);
          },
        },
        {
          getConfig: () => queryClient.fetchQuery(paystackConfigQuery),
          initialize: initializePayment,
          openCheckout,
          ...flowDeps,
        },
      );
      if (!alive.current) return;
      if (result.status === 'not-started' && result.fieldErrors?.email) {
        form.setError('email', { message: result.fieldErrors.email }, { shouldFocus: true });
      }
      if (result.status === 'not-started' && result.fieldErrors?.amount) setAmountError(result.fieldErrors.amount);
      if (result.status === 'already-owned') setAlreadyOwned({ email, message: result.message });
      if (isPaid(result)) paid();
      followUpOn(result);
    } finally {
      busy.current = false;
      setPreparing(false);
    }
  };

  const pay = ({ email }: PurchaseFormValues) => purchase({ email });

  const onResend = async () => {
    setResendMessage(null);
    const parsed = purchaseFormSchema.safeParse({ email: form.getValues('email') });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? PAYMENT_MESSAGES.emailInvalid;
      form.setError('email', { message }, { shouldFocus: true });
      if (message === PAYMENT_MESSAGES.emailRequired) showEmailRequired();
      return;
    }
    form.clearErrors('email');
    dismissEmailRequired();
    try {
      const answer = await resend.mutateAsync({ email: parsed.data.email, item });
      setResendMessage(answer.message || t('purchase.receiptResent'));
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('purchase.resendFailed'),
        description: messageOf(error, t('common.tryAgainSoon'), t('common.networkError')),
      });
    }
  };

  const locked = preparing || resend.isPending;

  const title = t('purchase.title', { name: item.name });
  const buttons = (
    <DialogButtons
      // 'Name your price' at KES 0: the free download, no checkout (and no e-mail asked).
      {...(freeDownload
        ? { type: 'button' as const, label: t('purchase.downloadFree'), icon: <DownloadIcon aria-hidden="true" />, onClick: () => void downloadFree() }
        : { label: preparing ? t('purchase.preparing') : t('purchase.pay', { total: formatPrice(total) }), icon: <LockIcon aria-hidden="true" />, pending: preparing })}
      disabled={locked}
      cancelLabel={t('purchase.cancel')}
      onCancel={() => setOpen(false)}
      cancelDisabled={preparing}
    />
  );
  return (
    <DialogShell
      testId="purchase-dialog"
      open={open}
      onOpenChange={setOpen}
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
      // Once the checkout is open, focus belongs to it, not back on the Buy button. Otherwise it
      // goes back to the Buy button itself: the dialog arrives lazily, and what Radix saw focused
      // as it mounted may not be the button (decision 057).
      onCloseAutoFocus={(event) => {
        if (checkoutOpened.current) return event.preventDefault();
        const opener = returnFocusTo?.current;
        if (opener?.isConnected) {
          event.preventDefault();
          opener.focus();
        }
      }}
    >
      {followUp ? (
        <FollowUpPanel
          followUp={followUp}
          onClose={() => setOpen(false)}
          onCheckAgain={(reference) => void checkAgain(reference, false)}
          onTryAgain={() => {
            const attempt = lastAttempt.current;
            setFollowUp(null);
            if (attempt) void purchase(attempt);
          }}
          busy={preparing}
        />
      ) : (
        <>
          <DialogForm form={form} onSubmit={pay} onInvalid={onInvalid} label={title} className="gap-5" buttons={buttons}>
            {item.payMore && (
              <AmountField
                item={item}
                value={amountText}
                error={amountError && localize(amountError)}
                inputRef={amountInput}
                readOnly={preparing}
                onChange={(text) => {
                  setAmountText(text);
                  setAmountError(null);
                }}
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

            {alreadyOwned && (
              <div className="grid gap-3 rounded-lg border border-primary/40 bg-primary/5 p-4 text-sm" data-testid="already-owned">
                <p role="status" className="flex items-start gap-2 font-medium">
                  <CircleCheckIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                  {alreadyOwned.message}
                </p>
                <p className="text-muted-foreground">{t('purchase.forSomeoneElse')}</p>
                <Button
                  type="button"
                  variant="outline"
                  className="justify-self-start"
                  disabled={locked}
                  onClick={() => void purchase({ email: alreadyOwned.email, buyAgain: true })}
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
              onClick={() => void onResend()}
            >
              {resend.isPending && <Spinner label={null} />}
              {t('purchase.resend')}
            </Button>
            <p role="status" className="text-sm text-foreground empty:hidden">
              {resendMessage}
            </p>
          </div>
        </>
      )}
    </DialogShell>
  );
}

/**
 * Issue 16: the checkout closed and the payment is not simply paid or cancelled. Pending: the
 * M-Pesa prompt may still be on the fan's phone; the dialog says so, checks again a few times on
 * its own (PENDING_POLL_DELAYS_MS) and offers 'Check again', and the receipt e-mail comes if it
 * completes. Unpaid: how it ended, and 'Try again' (a new checkout).
 */
function FollowUpPanel({
  followUp,
  onClose,
  onCheckAgain,
  onTryAgain,
  busy,
}: {
  followUp: FollowUp;
  onClose: () => void;
  onCheckAgain: (reference: string) => void;
  onTryAgain: () => void;
  busy: boolean;
}) {
  const { t } = useI18n();
  if (followUp.kind === 'pending') {
    const polling = followUp.polls < PENDING_POLL_DELAYS_MS.length;
    return (
      <div className="grid gap-5">
        <div className="grid gap-2 rounded-lg border border-primary/40 bg-primary/5 p-4 text-sm" data-testid="payment-pending">
          <p role="status" className="flex items-start gap-2 font-medium">
            <SmartphoneIcon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {t('purchase.pendingTitle')}
          </p>
          <p>{t('purchase.pendingPrompt')}</p>
          <p className="text-muted-foreground">{t('purchase.pendingNote')}</p>
          <p aria-live="polite" className="text-muted-foreground">
            {t(followUp.checking ? 'purchase.checking' : polling ? 'purchase.willCheck' : 'purchase.answered')}
          </p>
        </div>
        <DialogButtons
          type="button"
          label={t('purchase.checkAgain')}
          pending={followUp.checking}
          onClick={() => onCheckAgain(followUp.reference)}
          cancelLabel={t('purchase.close')}
          onCancel={onClose}
        />
      </div>
    );
  }
  return (
    <div className="grid gap-5">
      <div className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm" data-testid="payment-unpaid">
        <p role="alert" className="flex items-start gap-2 font-medium">
          <CircleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden="true" />
          {t(UNPAID_TEXTS[followUp.outcome][0])}
        </p>
        <p>{t(UNPAID_TEXTS[followUp.outcome][1])}</p>
      </div>
      <DialogButtons type="button" label={t('purchase.tryAgain')} pending={busy} onClick={onTryAgain} cancelLabel={t('purchase.close')} onCancel={onClose} cancelDisabled={busy} />
    </div>
  );
}

/**
 * Issue 21: how much the fan pays for a pay-more item, in KES as they type it; the price is the
 * minimum (none for 'Name your price') and the artist's suggestion is shown beside it.
 */
function AmountField({
  item,
  value,
  error,
  inputRef,
  readOnly,
  onChange,
}: {
  item: PurchaseItem;
  value: string;
  error: string | null;
  inputRef: RefObject<HTMLInputElement | null>;
  readOnly: boolean;
  onChange: (text: string) => void;
}) {
  const { t } = useI18n();
  const hint = [
    item.price > 0 ? t('purchase.minimum', { price: formatPrice(item.price) }) : t('purchase.payWhatYouLike'),
    item.suggestedPrice ? t('purchase.suggested', { price: formatPrice(item.suggestedPrice) }) : undefined,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <div className="grid gap-2">
      <label htmlFor="purchase-amount" className="text-sm leading-none font-medium">
        {t('purchase.amount')}
      </label>
      <Input
        id="purchase-amount"
        ref={inputRef}
        inputMode="decimal"
        autoComplete="off"
        maxLength={40}
        value={value}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'purchase-amount-hint purchase-amount-error' : 'purchase-amount-hint'}
        data-testid="purchase-amount"
        onChange={(event) => onChange(event.target.value)}
      />
      <p id="purchase-amount-hint" className="text-sm text-muted-foreground" data-testid="purchase-amount-hint">
        {hint}
      </p>
      {error && (
        <p id="purchase-amount-error" role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
