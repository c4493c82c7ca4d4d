import { z } from 'zod';
import { parseKesToMinor } from '../money';
import { isSafaricomNumber, normaliseKenyanMobile, paidAmountProblem, type PaidAmountProblem } from '../payments';
import { purchaseItemSchema } from './catalog/responses';
import { CODE_MESSAGES, normaliseCode } from '../codes';
import { PAYMENT_MESSAGES, amountBelowPriceMessage } from '../payment-messages';

export { purchaseItemSchema, type PurchaseItem } from './catalog/responses';

export { PAYMENT_MESSAGES } from '../payment-messages';

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

export const purchaseEmail = z
  .string({ message: PAYMENT_MESSAGES.emailRequired })
  .trim()
  .min(1, PAYMENT_MESSAGES.emailRequired)
  .max(254, PAYMENT_MESSAGES.emailInvalid)
  .pipe(z.email({ message: PAYMENT_MESSAGES.emailInvalid }))
  .transform((value) => value.toLowerCase());

const itemId = z.string().trim().max(100).optional();

/** A code as typed: case, spaces and dashes ignored (normaliseCode). */
export const typedCodeSchema = z
  .string({ message: CODE_MESSAGES.codeRequired })
  .max(100, CODE_MESSAGES.codeFormat)
  .refine((value) => value.trim().length > 0, CODE_MESSAGES.codeRequired)
  .transform((value, ctx) => {
    const code = normaliseCode(value);
    if (!code) {
      ctx.addIssue({ code: 'custom', message: CODE_MESSAGES.codeFormat });
      return z.NEVER;
    }
    return code;
  });


/** The item of a purchase: a track or an album, exactly one. */
const oneItem = <T extends { trackId?: string; albumId?: string }>(value: T) => Boolean(value.trackId) !== Boolean(value.albumId);

/**
 * Issue 21: the amount a fan chose to pay, in KES as typed ("750", "1,500.50", "KSh 800"), parsed
 * as prices are (parseKesToMinor) into minor units. Whether it suits the item (at least its price,
 * payMore) is paidAmountProblem's question, once the item is known.
 */
export const paidAmountSchema = z
  .union([z.string().max(40, PAYMENT_MESSAGES.amountFormat), z.number()], { message: PAYMENT_MESSAGES.amountFormat })
  .transform((value, context) => {
    const parsed = parseKesToMinor(value);
    if (parsed.ok) return parsed.minor;
    context.addIssue({
      code: 'custom',
      message: parsed.reason === 'too-high' ? PAYMENT_MESSAGES.amountTooHigh : parsed.reason === 'negative' ? amountBelowPriceMessage(0) : PAYMENT_MESSAGES.amountFormat,
    });
    return z.NEVER;
  });

/** The message for an amount paidAmountProblem refuses (issue 21). */
export function paidAmountMessage(problem: PaidAmountProblem, priceMinor: number): string {
  if (problem === 'too-high') return PAYMENT_MESSAGES.amountTooHigh;
  if (problem === 'fixed-price') return PAYMENT_MESSAGES.fixedPrice;
  return amountBelowPriceMessage(priceMinor);
}

/**
 * The purchase dialog's amount box (issue 21), checked as initialize checks it: the amount in
 * minor units, or the message to show at the field.
 */
export function checkPaidAmount(input: string, item: { price: number; payMore?: boolean }): { ok: true; minor: number } | { ok: false; message: string } {
  const parsed = paidAmountSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? PAYMENT_MESSAGES.amountFormat };
  const problem = paidAmountProblem(parsed.data, item);
  return problem ? { ok: false, message: paidAmountMessage(problem, item.price) } : { ok: true, minor: parsed.data };
}

/** POST /api/payments/initialize (spec section 7). */
export const initializePaymentSchema = z
  .object({
    email: purchaseEmail,
    trackId: itemId,
    albumId: itemId,
    callbackUrl: z.string().max(2048).optional(),
    /** A deliberate second purchase by an e-mail that already owns the item (a gift). */
    buyAgain: z.boolean().optional(),
    /** Issue 21: what the fan chose to pay (a pay-more item); without it the price is charged. */
    amount: paidAmountSchema.optional(),
    /** Issue 21: a discount code (docs/decisions/050): the discounted price is charged. */
    code: typedCodeSchema.optional(),
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

/**
 * verify's 202 (issue 16): the provider has not answered yet (an M-Pesa prompt still open on the
 * buyer's phone, Paystack's `pending`/`ongoing`/`pay_offline`/`send_otp`/`processing`). The order
 * stays pending; ask again later. If it completes, the receipt e-mail is sent without asking.
 */
export const verifyPendingResponseSchema = z.object({ message: z.string(), pending: z.literal(true), reference: z.string() });
export type VerifyPendingResponse = z.infer<typeof verifyPendingResponseSchema>;

/** How an unpaid payment ended, on verify's 402 (`outcome`): each has its own message and a Try again. */
export const unpaidOutcomeSchema = z.enum(['declined', 'cancelled', 'expired']);
export type UnpaidOutcome = z.infer<typeof unpaidOutcomeSchema>;
export const UNPAID_MESSAGES: Record<UnpaidOutcome, string> = {
  declined: PAYMENT_MESSAGES.paymentDeclined,
  cancelled: PAYMENT_MESSAGES.paymentCancelled,
  expired: PAYMENT_MESSAGES.paymentExpired,
};
export const paymentNotCompletedErrorSchema = z.object({ message: z.string(), outcome: unpaidOutcomeSchema.optional() });

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

// --- The receipt page (issue 16) ---------------------------------------------------------------

export const RECEIPT_MESSAGES = {
  /** Unknown reference, wrong token, revoked link: one answer, so nobody learns which. */
  notFound: 'This purchase link is not valid. Open the newest receipt e-mail, or ask for a new link on the track or album page.',
} as const;

/** GET /api/receipts/{reference}?token=...: the order's reference is a provider reference, short and plain. */
export const receiptParamsSchema = z.object({ reference: z.string().max(100) });
export const receiptQuerySchema = z.object({ token: z.string().optional() });

/**
 * One download of a receipt: a format, its size (as the details' `downloads`: `approximate` says
 * whether `bytes` is exact) and the URL that downloads it with the receipt's token.
 */
export const receiptDownloadSchema = z.object({
  format: z.enum(['original', 'mp3', 'flac']),
  bytes: z.number().int().nonnegative().nullable(),
  approximate: z.boolean(),
  url: z.string(),
});
export type ReceiptDownload = z.infer<typeof receiptDownloadSchema>;

/**
 * GET /api/receipts/{reference}?token=...: what the e-mailed link bought. `item.name` and
 * `item.artist` are as they are now (as at the sale if the item is gone); `songs` lists an
 * album's songs in album order (empty for a track); `mimeType` is the original's (a track's, or
 * an album's when all its songs share one), for the Original button's label. A refunded order
 * answers `status: 'refunded'` with `message` (REFUND_MESSAGES.refunded) and no downloads. Per buyer: never cached.
 */
export const receiptResponseSchema = z.object({
  reference: z.string(),
  paidAt: z.string().nullable(),
  status: z.enum(['paid', 'refunded']),
  message: z.string().optional(),
  item: z.object({
    type: z.enum(['track', 'album']),
    id: z.string().nullable(),
    name: z.string(),
    artist: z.string(),
    mimeType: z.string().nullable(),
  }),
  songs: z.array(z.object({ id: z.string(), name: z.string(), duration: z.number() })),
  downloads: z.array(receiptDownloadSchema),
});
export type ReceiptResponse = z.infer<typeof receiptResponseSchema>;

/**
 * Refunds (issue 16): what the operator's command and a refunded buyer are told. The buyer's
 * e-mailed link of a refunded purchase answers 403 with `refunded`.
 */
export const REFUND_MESSAGES = {
  orderNotFound: 'No order has that reference.',
  notPaid: 'Only a paid order can be refunded.',
  alreadyRefunded: 'This order has already been refunded.',
  inProgress: 'A refund of this order is already under way.',
  amountInvalid: 'The refund must be more than KES 0 and at most what the buyer paid.',
  refused: 'The payment provider refused the refund.',
  refunded: 'This purchase was refunded, so it can no longer be downloaded.',
} as const;
