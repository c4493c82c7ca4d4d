import {
  alreadyOwnedErrorSchema,
  PAYMENT_MESSAGES,
  paymentNotCompletedErrorSchema,
  type InitializePaymentResponse,
  type PaystackConfigResponse,
  type UnpaidOutcome,
  type VerifyPaymentResponse,
  type VerifyPendingResponse,
} from '#common/schemas/payments';
import type { Toast } from '@/components/ui/use-toast';
import type { Translator } from '@/lib/i18n';
import { ApiError, hasErrorCode, messageOf } from '@/lib/api';
import type { InitializeInput } from '../api/purchase-api';
import { CheckoutError, type CheckoutHooks, type CheckoutOutcome, type CheckoutSession } from './checkout';

/**
 * The purchase flow of spec section 4, after the e-mail passed the form: configuration,
 * initialization, the checkout, verification, then the download (or the 'already processed'
 * message). It runs on after the purchase dialog has closed (the checkout replaces it), so what
 * it has to say goes to toasts, and each step's failure text is spec section 8's.
 */

export interface PurchaseFlowDependencies {
  getConfig: () => Promise<PaystackConfigResponse>;
  initialize: (input: InitializeInput) => Promise<InitializePaymentResponse>;
  openCheckout: (session: CheckoutSession, hooks: CheckoutHooks) => Promise<CheckoutOutcome>;
  /** 200: paid; 202 `{pending: true}`: still under way (an M-Pesa prompt on the phone, issue 16). */
  verify: (reference: string) => Promise<VerifyPaymentResponse | VerifyPendingResponse>;
  /** Starts the browser download of a bought item; false if it could not (already reported). */
  download: (url: string) => Promise<boolean>;
  toast: (toast: Toast) => void;
  /** The page's language: the toasts speak it (decision 049). */
  t: Translator['t'];
}

export type PurchaseResult =
  /** Nothing was charged: no configuration, initialization refused, or the checkout failed to open. */
  | { status: 'not-started'; fieldErrors?: Record<string, string> }
  /**
   * Nothing was charged: the e-mail already owns the item, and the server has e-mailed its link
   * again (409 alreadyOwned). The dialog says so and offers a deliberate 'Buy again' (a gift).
   */
  | { status: 'already-owned'; message: string }
  | { status: 'cancelled' }
  /**
   * Issue 16: the payment is still under way (the M-Pesa prompt is on the buyer's phone): the
   * order stays pending; the dialog says so, asks again a few times and offers 'Check again'.
   */
  | { status: 'pending'; reference: string }
  /** Not paid, and how it ended (declined, cancelled on the phone, expired): the dialog offers 'Try again'. */
  | { status: 'unpaid'; reference: string; outcome: UnpaidOutcome }
  | { status: 'verification-failed' }
  | { status: 'downloaded'; reference: string }
  | { status: 'download-failed'; reference: string }
  | { status: 'already-processed'; reference: string };

export interface PurchaseRequest extends InitializeInput {
  /** The checkout is on screen: the caller closes its dialog (about 100 ms later, spec section 9). */
  onCheckoutOpen?: () => void;
  returnFocusTo?: HTMLElement | null;
}

/** Spec section 8: 'Payment Failed' with the server's details, else its message, else ours. */
function initializeFailure(error: unknown, t: Translator['t']): string {
  if (error instanceof ApiError) {
    const details = error.data.details;
    if (typeof details === 'string' && details.trim() !== '') return details;
  }
  return messageOf(error, t('payment.initializeFailed'));
}

/** initialize's refusal for an e-mail that already owns the item: its message, else undefined. */
function alreadyOwnedMessage(error: unknown): string | undefined {
  if (!hasErrorCode(error, 'purchase.already-owned')) return undefined;
  const parsed = alreadyOwnedErrorSchema.safeParse(error.data);
  return parsed.success ? parsed.data.message || PAYMENT_MESSAGES.alreadyOwned : undefined;
}

/** The server's field messages (400 {errors: {email: ...}}), to show under the form's fields. */
function fieldErrorsOf(error: unknown): Record<string, string> | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const errors = error.data.errors;
  if (typeof errors !== 'object' || errors === null) return undefined;
  const fields = Object.entries(errors as Record<string, unknown>).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return fields.length > 0 ? Object.fromEntries(fields) : undefined;
}

export async function runPurchase(request: PurchaseRequest, deps: PurchaseFlowDependencies): Promise<PurchaseResult> {
  const failed = (description: string) => deps.toast({ variant: 'destructive', title: deps.t('payment.failed'), description });

  let config: PaystackConfigResponse;
  try {
    config = await deps.getConfig();
  } catch (error) {
    console.error('Paystack configuration could not be read', error);
    failed(deps.t('payment.configMissing'));
    return { status: 'not-started' };
  }
  if (!config.simulated && !config.publicKey) {
    failed(deps.t('payment.configMissing'));
    return { status: 'not-started' };
  }

  let initialized: InitializePaymentResponse;
  try {
    initialized = await deps.initialize({
      email: request.email,
      item: request.item,
      callbackUrl: request.callbackUrl,
      ...(request.buyAgain ? { buyAgain: true } : {}),
      ...(request.amount !== undefined ? { amount: request.amount } : {}),
      ...(request.code ? { code: request.code } : {}),
    });
  } catch (error) {
    const ownedMessage = alreadyOwnedMessage(error);
    if (ownedMessage !== undefined) return { status: 'already-owned', message: ownedMessage };
    failed(initializeFailure(error, deps.t));
    return { status: 'not-started', fieldErrors: fieldErrorsOf(error) };
  }
  const { accessCode, reference } = initialized.data;

  let outcome: CheckoutOutcome;
  try {
    outcome = await deps.openCheckout(
      { accessCode, reference, simulated: config.simulated },
      { onOpen: request.onCheckoutOpen, returnFocusTo: request.returnFocusTo },
    );
  } catch (error) {
    console.error('The checkout failed', error);
    // The error's own message is English; the fan reads the catalogue's words for its kind.
    failed(error instanceof CheckoutError && error.kind === 'library' ? deps.t('payment.libraryNotLoaded') : deps.t('payment.systemUnavailable'));
    return { status: 'not-started' };
  }
  if (outcome.status === 'cancelled') {
    // A closed checkout may still have a payment under way (the fan closed the popup while the
    // M-Pesa prompt was on their phone), or one that ended on the phone: ask once.
    const after = await checkPayment(reference, deps, { afterCancel: true });
    if (after.status !== 'cancelled') return after;
    deps.toast({ title: deps.t('purchase.cancelledTitle'), description: deps.t('purchase.cancelledToast') });
    return { status: 'cancelled' };
  }

  // 'ended' (an M-Pesa prompt expired or cancelled on the phone) is asked like a finished
  // checkout: the server says how it ended ('unpaid'), and the dialog offers 'Try again'.
  // The order's own reference is verified: the checkout's answer only says when to ask.
  return checkPayment(reference, deps);
}

/** verify's refusal of an unpaid payment, with how it ended, if it says. */
function unpaidOutcomeOf(error: unknown): UnpaidOutcome | undefined {
  if (!hasErrorCode(error, 'payment.not-completed')) return undefined;
  const parsed = paymentNotCompletedErrorSchema.safeParse(error.data);
  return parsed.success ? parsed.data.outcome : undefined;
}

/**
 * Asks the server about an order (POST /api/payments/verify) and acts on the answer: paid starts
 * the download (or says the e-mail has the link), still under way is 'pending', an unpaid ending
 * is 'unpaid' with its outcome. After a cancelled checkout (`afterCancel`) a plain cancel or a
 * failed call is 'cancelled', without a toast (the caller says so); otherwise a failed call is
 * 'Payment Verification Failed' (spec section 8). The dialog's polls and 'Check again' use it too.
 */
export async function checkPayment(
  reference: string,
  deps: Pick<PurchaseFlowDependencies, 'verify' | 'download' | 'toast' | 't'>,
  options: { afterCancel?: boolean } = {},
): Promise<PurchaseResult> {
  let answer: VerifyPaymentResponse | VerifyPendingResponse;
  try {
    answer = await deps.verify(reference);
  } catch (error) {
    const ended = unpaidOutcomeOf(error);
    if (options.afterCancel) return ended && ended !== 'cancelled' ? { status: 'unpaid', reference, outcome: ended } : { status: 'cancelled' };
    if (ended) return { status: 'unpaid', reference, outcome: ended };
    deps.toast({
      variant: 'destructive',
      title: deps.t('payment.verificationFailedTitle'),
      description: messageOf(error, deps.t('payment.verificationFailed')),
    });
    return { status: 'verification-failed' };
  }
  if ('pending' in answer) return { status: 'pending', reference };
  const verified = answer;

  const { alreadyProcessed, downloadUrl } = verified.data;
  if (alreadyProcessed || !downloadUrl) {
    deps.toast({ title: verified.message || deps.t('payment.alreadyProcessed') });
    return { status: 'already-processed', reference };
  }
  if (!(await deps.download(downloadUrl))) return { status: 'download-failed', reference };
  deps.toast({ title: deps.t('download.started'), description: verified.message || undefined });
  return { status: 'downloaded', reference };
}
