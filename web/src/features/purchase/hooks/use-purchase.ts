import { useEffect, useReducer, useRef, type RefObject } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { minorToKesInput } from '#common/money';
import type { PurchaseItem } from '#common/schemas/catalog/responses';
import { PAYMENT_MESSAGES, checkPaidAmount, purchaseFormSchema, type PurchaseFormInput } from '#common/schemas/payments';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import { albumDownloadUrl, phoneFriendlyDownloadUrl, trackDownloadUrl } from '@/lib/download';
import { useI18n } from '@/lib/i18n';
import { refreshOwnedItems } from '@/lib/owned-items';
import { initializePayment, paystackConfigQuery, useResendDownloadLink, verifyPayment } from '../api/purchase-api';
import { loadPaystack, openCheckout } from '../lib/checkout';
import { downloadBought } from '../lib/download-bought';
import { focusDownloadAfterPurchase } from '../lib/focus-after-purchase';
import { checkPayment, runPurchase, type PurchaseResult } from '../lib/purchase-flow';
import { initialPurchaseState, isPaid, nextPollDelay, purchaseReducer, type PurchaseAttempt, type PurchaseEvent } from '../lib/purchase-state';

export { purchaseReducer } from '../lib/purchase-state';

export type PurchaseFormValues = { email: string };

/** Spec section 9: the purchase dialog closes about 100 ms after the checkout opens. */
export const DIALOG_CLOSE_DELAY_MS = 100;

export interface UsePurchaseOptions {
  /** The item at the price to pay (a discount code's price already in it). */
  item: PurchaseItem;
  discount?: { code: string };
  /** The e-mail already typed (on /redeem). */
  email: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  downloadFailure: 'alert' | 'log';
  returnFocusTo?: RefObject<HTMLElement | null>;
}

/**
 * The purchase dialog's behaviour (spec sections 2 and 4, issues 16 and 21): its phases in one
 * reducer (lib/purchase-state.ts), and what each event sets going: the checkout (runPurchase),
 * the dialog's close once it opens, the back-off polls of a pending payment, 'Try again', the
 * resend of a download link, and where focus goes when the dialog closes.
 */
export function usePurchase({ item, discount, email: givenEmail, open, onOpenChange, downloadFailure, returnFocusTo }: UsePurchaseOptions) {
  const queryClient = useQueryClient();
  const { t } = useI18n();
  const form = useForm<PurchaseFormInput, unknown, PurchaseFormValues>({
    resolver: zodResolver(purchaseFormSchema),
    defaultValues: { email: givenEmail },
  });
  // Issue 21: a pay-more item asks how much, prefilled with the suggestion (or the price).
  const [state, dispatch] = useReducer(purchaseReducer, minorToKesInput(item.suggestedPrice ?? item.price), initialPurchaseState);
  const { phase } = state;
  const resend = useResendDownloadLink();
  const amountInput = useRef<HTMLInputElement>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  // One purchase at a time, even between a click and the render that locks the buttons.
  const busy = useRef(false);
  // Read as the dialog finishes closing, after the phase has been reset: hence a ref.
  const checkoutOpened = useRef(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
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

  // Asked as the dialog opens, so Pay does not wait for it; with real keys the Paystack library's
  // chunk is fetched now too (it is only constructed on Pay: construction contacts Paystack).
  const config = useQuery({ ...paystackConfigQuery, enabled: open });
  const realCheckout = config.data ? !config.data.simulated && !!config.data.publicKey : false;
  useEffect(() => {
    if (realCheckout) void loadPaystack().catch(() => undefined);
  }, [realCheckout]);

  const setOpen = (next: boolean) => {
    if (!next) dispatch({ type: 'closed' });
    onOpenChange(next);
  };
  const close = () => setOpen(false);

  const paid = () => {
    // Paid: this browser owns it now, and the page says 'Purchased' at once.
    focusDownloadAfterPurchase(item, returnFocusTo?.current);
    void refreshOwnedItems(queryClient);
  };

  const flowDeps = {
    verify: verifyPayment,
    // The automatic download after paying: MP3 on phones (data by the megabyte), else the original.
    download: (url: string) => downloadBought(phoneFriendlyDownloadUrl(url), downloadFailure, t('download.failed')),
    toast,
    t,
  };

  /** Asks about a pending payment again ('Check again', or one of the back-off polls). */
  const check = async (reference: string, start: Extract<PurchaseEvent, { type: 'poll-tick' | 'check-again' }>) => {
    dispatch(start);
    const result = await checkPayment(reference, flowDeps);
    if (!alive.current) return;
    dispatch({ type: 'check-answered', result });
    if (isPaid(result)) {
      // Focus goes to the Download that replaces Buy (focusDownloadAfterPurchase), not back to Buy.
      checkoutOpened.current = true;
      onOpenChange(false);
      paid();
    }
  };

  const pendingReference = phase.name === 'pending' ? phase.reference : null;
  const pollDelay = open ? nextPollDelay(phase) : undefined;
  useEffect(() => {
    if (!pendingReference || pollDelay === undefined) return;
    const timer = setTimeout(() => void check(pendingReference, { type: 'poll-tick' }), pollDelay);
    return () => clearTimeout(timer);
    // check is recreated each render; the poll depends only on where the wait stands (each check
    // makes pollDelay undefined while it runs, so the next one is scheduled afresh).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pendingReference, pollDelay]);

  const chosen = item.payMore ? checkPaidAmount(state.amount.text, item) : ({ ok: true, minor: item.price } as const);

  /** The amount to send, or undefined after showing why the box cannot be paid (issue 21). */
  const amountToPay = (): { amount?: string } | undefined => {
    if (!item.payMore) return {};
    if (!chosen.ok) {
      dispatch({ type: 'amount-refused', message: chosen.message });
      amountInput.current?.focus();
      return undefined;
    }
    return { amount: minorToKesInput(chosen.minor) || '0' };
  };

  const purchase = async (attempt: PurchaseAttempt, start: PurchaseEvent = { type: 'pay-requested', attempt }) => {
    if (busy.current) return;
    const amount = amountToPay();
    if (!amount) return;
    busy.current = true;
    dismissEmailRequired();
    checkoutOpened.current = false;
    dispatch(start);
    let result: PurchaseResult | undefined;
    try {
      result = await runPurchase(
        {
          email: attempt.email,
          item,
          callbackUrl: window.location.href,
          buyAgain: attempt.buyAgain,
          ...amount,
          ...(discount ? { code: discount.code } : {}),
          returnFocusTo: returnFocusTo?.current,
          onCheckoutOpen: () => {
            checkoutOpened.current = true;
            dispatch({ type: 'checkout-opened' });
            clearTimeout(closeTimer.current);
            closeTimer.current = setTimeout(close, DIALOG_CLOSE_DELAY_MS);
          },
        },
        {
          getConfig: () => queryClient.fetchQuery(paystackConfigQuery),
          initialize: initializePayment,
          openCheckout,
          ...flowDeps,
        },
      );
    } finally {
      busy.current = false;
      // Even a purchase that threw ends: Pay comes back.
      dispatch({ type: 'result-arrived', result: result ?? { status: 'not-started' }, email: attempt.email });
    }
    if (!alive.current) return;
    if (result.status === 'not-started' && result.fieldErrors?.email) {
      form.setError('email', { message: result.fieldErrors.email }, { shouldFocus: true });
    }
    if (isPaid(result)) paid();
    if (result.status === 'pending' || result.status === 'unpaid') {
      clearTimeout(closeTimer.current);
      // The dialog is back: closing it now returns focus to Buy, as before the checkout.
      checkoutOpened.current = false;
      onOpenChange(true);
    }
  };

  const onResend = async () => {
    dispatch({ type: 'resend-requested' });
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
      dispatch({ type: 'resend-answered', message: answer.message || t('purchase.receiptResent') });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: t('purchase.resendFailed'),
        description: messageOf(error, t('common.tryAgainSoon'), t('common.networkError')),
      });
    }
  };

  const downloadFree = async () => {
    const url = item.type === 'album' ? albumDownloadUrl(item.id) : trackDownloadUrl(item.id);
    close();
    await downloadBought(phoneFriendlyDownloadUrl(url), downloadFailure, t('download.failed'));
  };

  const preparing = phase.name === 'preparing';
  return {
    form,
    state,
    preparing,
    /** Nothing else may start while a purchase is being prepared or a link is being sent. */
    locked: preparing || resend.isPending,
    resendPending: resend.isPending,
    /** What the figures show: while the box holds something unpayable, the least that can be paid. */
    paying: chosen.ok ? chosen.minor : item.price,
    amountInput,
    setOpen,
    close,
    typeAmount: (text: string) => dispatch({ type: 'amount-typed', text }),
    onInvalid: (errors: FieldErrors<PurchaseFormInput>) => {
      if (errors.email?.message === PAYMENT_MESSAGES.emailRequired) showEmailRequired();
    },
    pay: ({ email }: PurchaseFormValues) => purchase({ email, buyAgain: false }),
    buyAgain: (email: string) => void purchase({ email, buyAgain: true }),
    checkAgain: (reference: string) => void check(reference, { type: 'check-again' }),
    tryAgain: () => {
      const attempt = state.lastAttempt;
      if (attempt) void purchase(attempt, { type: 'try-again' });
      else dispatch({ type: 'try-again' });
    },
    resendLink: () => void onResend(),
    downloadFree: () => void downloadFree(),
    // Once the checkout is open, focus belongs to it, not back on the Buy button. Otherwise it
    // goes back to the Buy button itself: the dialog arrives lazily, and what Radix saw focused
    // as it mounted may not be the button (decision 057).
    onCloseAutoFocus: (event: Event) => {
      if (checkoutOpened.current) return event.preventDefault();
      const opener = returnFocusTo?.current;
      if (opener?.isConnected) {
        event.preventDefault();
        opener.focus();
      }
    },
  };
}
