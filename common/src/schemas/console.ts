import { z } from 'zod';
import { formatPrice, parseKesToMinor } from '../money';
import { fillTemplate } from '../i18n/templates';

/**
 * The console's refunds and payouts (issue 21, docs/decisions/059): an operator finds a sale and
 * refunds it through the refunds service, and retries a payout that failed, waits for an OTP or is
 * stuck, through the payouts service. Amounts in minor units, times UTC ISO 8601.
 */
export const CONSOLE_MESSAGES = {
  searchRequired: 'Search by reference, e-mail or artist.',
  searchTooLong: 'Search with fewer than 100 characters.',
  reasonRequired: 'Give the reason (kept in the audit log).',
  reasonTooLong: 'Keep the reason under 500 characters.',
  referenceInvalid: 'That is not a sale reference.',
  payoutNotFound: 'That payout does not exist.',
  payoutNotRetryable: 'That payout went through: there is nothing to retry.',
  payoutNothingToPay: 'Nothing to pay now: the artist’s balance is under the minimum payout, or they have no M-Pesa number.',
  refundAmountFormat: 'Type the amount to refund in KES, such as 250 or 99.50.',
  refundAmountZero: 'The amount to refund must be more than KES 0.',
  refundAmountTooLarge: 'The refund is more than what is left to refund of this sale.',
} as const;

/** Messages with a value, as templates (decision 072); the catalogues' key prefix is `consoleRefund`. */
export const CONSOLE_REFUND_MESSAGES = {
  atMost: 'The refund can be at most {left}, what is left to refund of this sale.',
} as const;

/** Decision 066: the refund asked for is over what is left of the sale (its English names the amount left). */
export function refundAmountAtMostMessage(leftMinor: number): string {
  return fillTemplate(CONSOLE_REFUND_MESSAGES.atMost, { left: formatPrice(leftMinor) });
}

/** GET /api/admin/sales?q= : a reference, a buyer's e-mail or an artist (name or e-mail). */
export const saleSearchQuerySchema = z.object({
  q: z.string({ message: CONSOLE_MESSAGES.searchRequired }).trim().min(1, CONSOLE_MESSAGES.searchRequired).max(100, CONSOLE_MESSAGES.searchTooLong),
});
export const consoleSaleSchema = z.object({
  reference: z.string(),
  itemType: z.string(),
  itemName: z.string(),
  artistName: z.string(),
  email: z.string(),
  amount: z.number().int(),
  /** paid or refunded (a pending checkout is not a sale). */
  status: z.string(),
  /** The refund under way or done, if any: pending, processing, processed, failed, needs-attention. */
  refundStatus: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type ConsoleSale = z.infer<typeof consoleSaleSchema>;
export const consoleSalesSchema = z.object({ sales: z.array(consoleSaleSchema) });

export const saleParamsSchema = z.object({ reference: z.string().trim().min(1, CONSOLE_MESSAGES.referenceInvalid).max(100, CONSOLE_MESSAGES.referenceInvalid) });
/**
 * The part of a sale to refund (decision 066): KES as typed ("250", "99.50", "1,000"), parsed as
 * prices are, into minor units; empty or absent means all that is left. Whether it is at most what
 * is left is the service's question, once the sale is read.
 */
export const refundAmountSchema = z
  .union([z.string().max(40, CONSOLE_MESSAGES.refundAmountFormat), z.number()], { message: CONSOLE_MESSAGES.refundAmountFormat })
  .optional()
  .transform((value, context) => {
    if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
    const parsed = parseKesToMinor(value);
    if (parsed.ok && parsed.minor > 0) return parsed.minor;
    context.addIssue({
      code: 'custom',
      message: parsed.ok || parsed.reason === 'negative' ? CONSOLE_MESSAGES.refundAmountZero : parsed.reason === 'too-high' ? CONSOLE_MESSAGES.refundAmountTooLarge : CONSOLE_MESSAGES.refundAmountFormat,
    });
    return z.NEVER;
  });

/** POST /api/admin/sales/{reference}/refund: all that is left of the sale, or `amount` of it. */
export const consoleRefundSchema = z.object({
  reason: z.string({ message: CONSOLE_MESSAGES.reasonRequired }).trim().min(1, CONSOLE_MESSAGES.reasonRequired).max(500, CONSOLE_MESSAGES.reasonTooLong),
  amount: refundAmountSchema,
});
export const consoleRefundResultSchema = z.object({ reference: z.string(), amount: z.number().int(), status: z.string(), providerMessage: z.string().nullable() });

/** GET /api/admin/payouts: the payouts that need an operator. */
export const consolePayoutSchema = z.object({
  reference: z.string(),
  artistName: z.string(),
  mobileNumber: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  status: z.string(),
  /** Why it is listed: failed (or reversed), otp (Paystack waits for the one-time password), stuck (no word for 30 minutes). */
  attention: z.enum(['failed', 'otp', 'stuck']),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ConsolePayout = z.infer<typeof consolePayoutSchema>;
export const consolePayoutsSchema = z.object({ payouts: z.array(consolePayoutSchema) });
export const payoutParamsSchema = z.object({ reference: z.string().trim().min(1, CONSOLE_MESSAGES.payoutNotFound).max(100, CONSOLE_MESSAGES.payoutNotFound) });
export const payoutRetrySchema = z.object({ reason: z.string().trim().max(500, CONSOLE_MESSAGES.reasonTooLong).optional() });
/** What the retry did: asked the provider again about the same transfer, or sent the artist's balance anew. */
export const payoutRetryResultSchema = z.object({ reference: z.string(), status: z.string(), newReference: z.string().nullable() });
