import { z } from 'zod';
import { MOBILE_NUMBER_EXAMPLE, isSafaricomNumber, normaliseKenyanMobile } from '../payments';
import { purchaseItemSchema } from './catalog/responses';

export { purchaseItemSchema, type PurchaseItem } from './catalog/responses';

/**
 * Selling (issue 10): payout methods, purchases and their messages (spec sections 3, 5, 7, 8).
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
  downloadLinkInvalid: 'This download link is invalid or has been revoked. Enter your email on the page to get a new one.',
} as const;

// --- Payout methods --------------------------------------------------------------------------

/** Bank list item (spec section 3). */
export const bankSchema = z.object({ name: z.string(), code: z.string() });
export type Bank = z.infer<typeof bankSchema>;
export const banksResponseSchema = z.array(bankSchema);

/** Payment method (spec section 3): the one payout method of an artist. */
export const paymentMethodSchema = z.object({
  id: z.string(),
  type: z.enum(['bank', 'mobile_money']),
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNumber: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodsResponseSchema = z.array(paymentMethodSchema);

const requiredText = (message: string, max: number, tooLong = message) =>
  z.string({ message }).trim().min(1, message).max(max, tooLong);

/**
 * POST /api/payment-methods (spec section 5). bankName is the name chosen from the bank list; the
 * client also sends its code (bankCode) so the server need not match names, and the server
 * checks the pair against the list.
 */
export const bankMethodSchema = z.object({
  type: z.literal('bank'),
  bankName: requiredText(PAYMENT_MESSAGES.bankNameRequired, 200),
  bankCode: z.string().trim().max(50).optional(),
  accountName: requiredText(PAYMENT_MESSAGES.accountNameRequired, 100, PAYMENT_MESSAGES.accountNameTooLong),
  accountNumber: z
    .string({ message: PAYMENT_MESSAGES.accountNumberRequired })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().min(1, PAYMENT_MESSAGES.accountNumberRequired).regex(/^\d{5,20}$/, PAYMENT_MESSAGES.accountNumberFormat)),
});
export type BankMethodInput = z.input<typeof bankMethodSchema>;

/**
 * POST /api/payment-methods/mobile-money (spec section 5): normalised to +254[17]XXXXXXXX, and
 * on Safaricom (M-Pesa pays no other network).
 */
export const mobileMoneyMethodSchema = z.object({
  mobileNumber: z
    .string({ message: PAYMENT_MESSAGES.mobileRequired })
    .trim()
    .min(1, PAYMENT_MESSAGES.mobileRequired)
    .max(30, PAYMENT_MESSAGES.mobileInvalid)
    .transform((value, context) => {
      const normalised = normaliseKenyanMobile(value);
      if (!normalised) {
        context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.mobileInvalid });
        return z.NEVER;
      }
      if (!isSafaricomNumber(normalised)) {
        context.addIssue({ code: 'custom', message: PAYMENT_MESSAGES.mobileNotMpesa });
        return z.NEVER;
      }
      return normalised;
    }),
});
export type MobileMoneyMethodInput = z.input<typeof mobileMoneyMethodSchema>;

export const paymentMethodParamsSchema = z.object({ id: z.string().max(100) });
export const removePaymentMethodQuerySchema = z.object({ force: z.enum(['true', 'false']).optional() });

/** DELETE refused while money is owed or in flight: the client offers 'Remove Anyway' (spec section 4). */
export const pendingTransactionsErrorSchema = z.object({ message: z.string(), hasPendingTransactions: z.literal(true) });

// --- Purchases -------------------------------------------------------------------------------

const purchaseEmail = z
  .string({ message: PAYMENT_MESSAGES.emailRequired })
  .trim()
  .min(1, PAYMENT_MESSAGES.emailRequired)
  .max(254, PAYMENT_MESSAGES.emailInvalid)
  .pipe(z.email({ message: PAYMENT_MESSAGES.emailInvalid }))
  .transform((value) => value.toLowerCase());

const itemId = z.string().trim().max(100).optional();

/** The item of a purchase: a track or an album, exactly one. */
const oneItem = <T extends { trackId?: string; albumId?: string }>(value: T) => Boolean(value.trackId) !== Boolean(value.albumId);

/** POST /api/payments/initialize (spec section 7). */
export const initializePaymentSchema = z
  .object({
    email: purchaseEmail,
    trackId: itemId,
    albumId: itemId,
    callbackUrl: z.string().max(2048).optional(),
    /** A deliberate second purchase by an e-mail that already owns the item (a gift). */
    buyAgain: z.boolean().optional(),
  })
  .refine(oneItem, { message: PAYMENT_MESSAGES.itemOrTrack, path: ['trackId'] });
export type InitializePaymentInput = z.input<typeof initializePaymentSchema>;

/** The purchase dialog's form: the e-mail only. */
export const purchaseFormSchema = z.object({ email: purchaseEmail });
export type PurchaseFormInput = z.input<typeof purchaseFormSchema>;

/**
 * Answer of initialize: data.finalAmount and data.reference (spec section 3), plus what the
 * popup needs. Amounts are minor units (finalAmount = price + fee).
 */
export const initializePaymentResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    reference: z.string(),
    accessCode: z.string(),
    authorizationUrl: z.string(),
    finalAmount: z.number().int(),
    price: z.number().int(),
    fee: z.number().int(),
    currency: z.literal('KES'),
    email: z.string(),
    item: purchaseItemSchema,
  }),
});
export type InitializePaymentResponse = z.infer<typeof initializePaymentResponseSchema>;

/**
 * initialize's 409 when the e-mail already bought the item (and buyAgain was not set): the link
 * has been e-mailed again; the dialog offers 'Buy again'.
 */
export const alreadyOwnedErrorSchema = z.object({ message: z.string(), alreadyOwned: z.literal(true) });
export type AlreadyOwnedError = z.infer<typeof alreadyOwnedErrorSchema>;

/**
 * GET /api/purchases/owned: what this browser bought (its buyer cookie), tracks owned through an
 * album included. Per visitor, never cached (no-store); the public pages merge it after loading.
 */
export const ownedItemsResponseSchema = z.object({ trackIds: z.array(z.string()), albumIds: z.array(z.string()) });
export type OwnedItems = z.infer<typeof ownedItemsResponseSchema>;

/** POST /api/payments/verify (spec section 7). */
export const verifyPaymentSchema = z.object({
  reference: z
    .string({ message: PAYMENT_MESSAGES.paymentNotFound })
    .trim()
    .min(1, PAYMENT_MESSAGES.paymentNotFound)
    .max(100, PAYMENT_MESSAGES.paymentNotFound)
    .regex(/^[A-Za-z0-9.=-]+$/, PAYMENT_MESSAGES.paymentNotFound),
});

/**
 * Answer of verify: message and data.alreadyProcessed (spec section 3). alreadyProcessed is true
 * when this browser is not the one that paid, or was already told: then the receipt e-mail's link
 * is the way to the file. Otherwise downloadUrl is where the buying browser fetches it now.
 */
export const verifyPaymentResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    alreadyProcessed: z.boolean(),
    reference: z.string(),
    item: purchaseItemSchema,
    downloadUrl: z.string().nullable(),
  }),
});
export type VerifyPaymentResponse = z.infer<typeof verifyPaymentResponseSchema>;

/** GET /api/config/paystack: the public key only, or that payments are simulated (no keys set). */
export const paystackConfigResponseSchema = z.object({
  publicKey: z.string().nullable(),
  simulated: z.boolean(),
});
export type PaystackConfigResponse = z.infer<typeof paystackConfigResponseSchema>;

/** POST /api/purchases/resend: a new download link to the e-mail that bought the item. */
export const resendReceiptSchema = z
  .object({ email: purchaseEmail, trackId: itemId, albumId: itemId })
  .refine(oneItem, { message: PAYMENT_MESSAGES.itemOrTrack, path: ['trackId'] });

/** One sale of the owner's track (GET /api/purchases/track/{id}); non-empty means sold. */
export const saleSchema = z.object({
  id: z.string(),
  reference: z.string(),
  type: z.enum(['track', 'album']),
  itemId: z.string(),
  name: z.string(),
  email: z.string(),
  price: z.number().int(),
  fee: z.number().int(),
  amountPaid: z.number().int(),
  artistShare: z.number().int(),
  paidAt: z.string(),
});
export type Sale = z.infer<typeof saleSchema>;
export const salesResponseSchema = z.array(saleSchema);

/** The grant an e-mailed link carries: GET /api/tracks/{id}/download?token=... */
export const downloadQuerySchema = z.object({ token: z.string().max(200).optional(), email: z.string().max(254).optional() });
