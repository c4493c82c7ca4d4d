import { z } from 'zod';

/**
 * The artist's money, visible (issue 16): their sales, the statement, their payouts and the
 * sale e-mail preference. Every amount is in minor units (KES x 100), every time UTC ISO 8601.
 * (`saleSchema` in ./payments is the older GET /api/purchases/track/{id} answer: not this.)
 */
export const SALES_MESSAGES = {
  cursorInvalid: 'This page of sales cannot be found: please reload the list.',
  limitInvalid: 'limit must be a whole number from 1 to 100',
  oneFilter: 'Filter by a track or an album, not both',
  saleEmailsOn: 'Sale e-mails turned on',
  saleEmailsOff: 'Sale e-mails turned off',
  preferencesFailed: 'Failed to update your preferences. Please try again.',
} as const;

export const SALES_DEFAULT_LIMIT = 25;
export const SALES_MAX_LIMIT = 100;

/**
 * How the buyer paid: the provider's channel, card or M-Pesa (anything else, or not reported:
 * 'other'); 'code' is a download code redeemed (issue 21, decision 050: a sale at KES 0).
 */
export const saleChannelSchema = z.enum(['card', 'mobile_money', 'code', 'other']);
export type SaleChannel = z.infer<typeof saleChannelSchema>;

export const artistSaleSchema = z.object({
  /** The order's reference (sauti-<uuid>), as on the buyer's receipt. */
  reference: z.string(),
  /** When the sale was recorded in the ledger (the instant Analytics and the 24-hour settling count from). */
  soldAt: z.string(),
  /** The item as it was named when sold; `id` is null once the item was deleted. */
  item: z.object({ type: z.enum(['track', 'album']), id: z.string().nullable(), name: z.string() }),
  buyerEmail: z.string(),
  channel: saleChannelSchema,
  /** The item's price. */
  price: z.number().int(),
  /** The processing fee the buyer paid on top of the price. */
  fee: z.number().int(),
  /** The platform's 10% of the price. */
  platformShare: z.number().int(),
  /** The artist's 90% of the price (odd cents to the artist). */
  artistShare: z.number().int(),
  status: z.enum(['paid', 'refunded']),
  /** What refunds took back from `artistShare` (0 when none; all of it for a full refund). */
  refundedShare: z.number().int(),
});
export type ArtistSale = z.infer<typeof artistSaleSchema>;

export const salesTotalsSchema = z.object({ count: z.number().int(), price: z.number().int(), artistShare: z.number().int() });
export type SalesTotals = z.infer<typeof salesTotalsSchema>;

/** GET /api/sales: newest first; totals are over every sale (of the filtered item), not the page. */
export const artistSalesResponseSchema = z.object({
  sales: z.array(artistSaleSchema),
  totals: salesTotalsSchema,
  nextCursor: z.string().nullable(),
});
export type ArtistSalesResponse = z.infer<typeof artistSalesResponseSchema>;

/** Query of GET /api/sales (and the filters of GET /api/sales.csv and /api/sales/summary). */
export const salesFilterSchema = z.object({
  trackId: z.string().max(100).optional(),
  albumId: z.string().max(100).optional(),
});
export const salesQuerySchema = salesFilterSchema.extend({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number({ message: SALES_MESSAGES.limitInvalid })
    .int(SALES_MESSAGES.limitInvalid)
    .min(1, SALES_MESSAGES.limitInvalid)
    .max(SALES_MAX_LIMIT, SALES_MESSAGES.limitInvalid)
    .default(SALES_DEFAULT_LIMIT),
});

/**
 * GET /api/sales/summary: the totals per item (most earned first) and per UTC month (newest
 * first), over every sale; the sums of either list are the totals of GET /api/sales.
 */
export const salesSummarySchema = z.object({
  items: z.array(
    salesTotalsSchema.extend({ type: z.enum(['track', 'album']), id: z.string().nullable(), name: z.string() }),
  ),
  months: z.array(salesTotalsSchema.extend({ month: z.string() })),
  totals: salesTotalsSchema,
});
export type SalesSummary = z.infer<typeof salesSummarySchema>;

/** A payout's status: pending (sent), otp (awaiting the platform's OTP), success, failed, reversed. */
export const payoutStatusSchema = z.enum(['pending', 'otp', 'success', 'failed', 'reversed']);
export type PayoutStatusName = z.infer<typeof payoutStatusSchema>;

/**
 * GET /api/payouts (docs in the issue 16 report):
 * - balance.owed: the artist's share of M-Pesa-settled sales settled for 24 hours, less every
 *   payout not failed or reversed (amount + fee): what the next payout run would pay from;
 * - balance.pending: the share of M-Pesa-settled sales still settling (younger than 24 hours), plus
 *   payouts sent and not yet confirmed (amount + fee);
 * - nextPayout: the payout run that will next pay this artist and what it sends (less the spec's
 *   M-Pesa withdrawal fee); null for bank methods (Paystack settles them), without an M-Pesa
 *   method, or when nothing will be owed;
 * - payouts: newest first; `reason` for failed and reversed ones.
 */
export const payoutViewSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  amount: z.number().int(),
  fee: z.number().int(),
  status: payoutStatusSchema,
  reason: z.string().optional(),
});
export type PayoutView = z.infer<typeof payoutViewSchema>;

export const payoutsResponseSchema = z.object({
  balance: z.object({ owed: z.number().int(), pending: z.number().int() }),
  /**
   * `salesUpTo`: the payout holds the artist's share of the sales made up to then (issue 33);
   * `rest`: their share of the sales made since (still settling) and `paidAt`, the payout run that
   * pays it, null while it is not yet enough for a payout; `rest` null: no such sales.
   */
  nextPayout: z
    .object({
      at: z.string(),
      amount: z.number().int(),
      salesUpTo: z.string(),
      rest: z.object({ amount: z.number().int(), paidAt: z.string().nullable() }).nullable(),
    })
    .nullable(),
  payouts: z.array(payoutViewSchema),
});
export type PayoutsResponse = z.infer<typeof payoutsResponseSchema>;

export const PAYOUT_MESSAGES = {
  failed: 'The transfer to your M-Pesa number did not go through.',
  reversed: 'M-Pesa reversed the transfer.',
  nextStep: 'The money is back in your balance: the next payout run sends it again.',
  bankNote: 'Your bank account is paid by Paystack: your 90% of each sale is settled to it the next business day. No withdrawal fee.',
} as const;

/** GET and PATCH /api/user/preferences. */
export const userPreferencesSchema = z.object({ saleEmails: z.boolean() });
export type UserPreferences = z.infer<typeof userPreferencesSchema>;
export const updatePreferencesSchema = z.object({ saleEmails: z.boolean().optional() }).strict();
