import { formatPrice } from './money';
import { fillTemplate } from './i18n/templates';
import { MAX_PAID_KES, MOBILE_NUMBER_EXAMPLE } from './payments';

/**
 * Selling (issue 10): payout methods, purchases and their messages. Kept apart from the zod
 * schemas (schemas/payments.ts re-exports them): the public pages' Buy button needs these texts,
 * and importing a schema module would put zod into their scripts (120 KB budget).
 * (spec sections 3, 5, 7, 8).
 * Texts quoted from the spec are marked; the others are ours, for rules the spec leaves to the
 * server (docs/decisions/031).
 */
export const PAYMENT_MESSAGES = {
  // Payout methods.
  bankNameRequired: 'Bank name is required', // spec
  accountNameRequired: 'Account name is required', // spec
  accountNumberRequired: 'Account number is required', // spec
  accountNumberFormat: 'Account number must be 5 to 20 digits',
  accountNameTooLong: 'Account name must be at most 100 characters',
  bankUnknown: 'Please choose your bank from the list',
  mobileRequiredTitle: 'Mobile Number Required', // spec
  mobileRequired: 'Please enter your M-Pesa mobile number', // spec
  mobileInvalidTitle: 'Invalid Mobile Number', // spec
  mobileInvalid: `Please enter a valid Kenyan mobile number (e.g., ${MOBILE_NUMBER_EXAMPLE})`, // spec, with its example
  mobileNotMpesa: 'This number is not on Safaricom, so M-Pesa cannot pay it. Please enter a Safaricom M-Pesa number.',
  methodAdded: 'Payment method added', // spec (toast)
  methodRemoved: 'Payment method removed', // spec (toast)
  methodAddFailed: 'Failed to add payment method.', // spec (toast)
  methodRemoveFailed: 'Failed to remove payment method.', // spec (toast)
  mpesaAdded: 'M-Pesa Number Added Successfully', // spec (toast)
  mpesaAddFailed: 'Failed to Add M-Pesa Number', // spec (toast title)
  oneMethodOnly: 'You already have a payment method. Remove it to add another.',
  methodNotFound: 'Payment method not found',
  pendingTransactions:
    'Money is still on its way to this payment method (a sale not yet settled, or a payout in progress). If you remove it, what you are owed stays on record and is paid to your next payment method.',
  providerUnavailable: 'The payment provider could not be reached. Please try again in a moment.',
  providerRefused: 'The payment provider did not accept these details. Please check them and try again.',
  banksUnavailable: 'The bank list could not be loaded. Please try again in a moment.',

  // Purchases.
  emailRequiredTitle: 'Email Required', // spec
  emailRequired: 'Please enter your email address to proceed', // spec
  emailInvalid: 'Please enter a valid email address',
  paymentFailed: 'Payment Failed', // spec (toast title)
  initializeFailed: 'Failed to initialize payment', // spec
  libraryNotLoaded: 'Paystack library not loaded', // spec
  configMissing: 'Paystack configuration not available. Please contact support.', // spec
  systemUnavailable: 'Payment system not available', // spec
  verificationFailedTitle: 'Payment Verification Failed', // spec
  verificationFailed: 'Payment verification failed', // spec
  downloadStarted: 'Download started', // spec (toast)
  itemOrTrack: 'Choose a track or an album to buy',
  notForSale: 'This is free: download it without paying.',
  // Pay more (issue 21).
  nameYourPrice: 'Name your price',
  amountLabel: 'Amount (KES)',
  amountFormat: 'Enter the amount in KES, like 750 or 1,500.50',
  amountTooHigh: `The amount must be at most KES ${MAX_PAID_KES.toLocaleString('en-US')}`,
  /** A template (decision 072): amountBelowPriceMessage fills in the price. */
  amountBelowPrice: 'Please pay at least {price}, the price.',
  fixedPrice: 'This is sold at its price: it cannot be paid more or less.',
  sellerNotReady: 'This artist cannot take payments yet. Please try again later.',
  paymentSucceeded: 'Payment successful. Your download is starting, and a receipt with a download link is on its way to your email.',
  alreadyProcessed: 'This payment was already processed. We have sent an email with a download link.',
  paymentNotFound: 'Payment not found',
  paymentNotCompleted: 'The payment has not been completed. If you were charged, please wait a minute and try again.',
  paymentMismatch: 'This payment does not match the order. Nothing was charged to your order; please contact support.',
  receiptResent: 'If that email address bought this, we have sent it a new download link.',
  alreadyOwned: "You already own this: we've e-mailed your link", // issue 16
  buyAgain: 'Buy again', // issue 16: a deliberate second purchase (a gift)
  purchased: 'Purchased', // issue 16
  notOnSaleYet: 'Not on sale yet', // issue 16: priced, but the artist has no payout method
  albumSoldSongsStay: 'This album has been sold: its songs stay on it to preserve purchase records. You can still add songs.', // issue 16
  // Issue 16, M-Pesa as it really behaves: a payment still under way, and how an unpaid one ended.
  paymentPending:
    "We're waiting for M-Pesa to confirm your payment. Answer the prompt on your phone; your receipt e-mail with the download link will arrive when it completes.",
  paymentPendingTitle: "We're waiting for M-Pesa to confirm…",
  paymentPendingNote: 'The receipt e-mail with your download link will arrive as soon as the payment completes, even if you close this page.',
  checkAgain: 'Check again',
  tryAgain: 'Try again',
  paymentDeclined: 'The payment was declined (a wrong PIN or not enough funds). Nothing was charged.',
  paymentCancelled: 'The payment was cancelled. Nothing was charged.',
  paymentExpired: 'The M-Pesa prompt expired before it was answered. Nothing was charged.',
  downloadLinkInvalid: 'This download link is invalid or has been revoked. Enter your email on the page to get a new one.',
} as const;

/** Issue 21: an amount below the price of a pay-more item. */
export function amountBelowPriceMessage(priceMinor: number): string {
  return fillTemplate(PAYMENT_MESSAGES.amountBelowPrice, { price: formatPrice(priceMinor) });
}
