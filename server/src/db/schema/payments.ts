import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LANGUAGES } from '#common/i18n/language';
import type { PurchaseItem } from '#common/schemas/catalog/responses';
import type { PaymentMethod } from '#common/schemas/payments';
import type { PayoutStatusName } from '#common/schemas/sales';
import { userIdColumn, users } from './accounts';
import { albums, tracks } from './catalog';

/**
 * Selling (issue 10, docs/decisions/031): payout methods, orders, the ledger, download grants,
 * payouts, webhook deduplication, and the simulated provider's own records. Every amount is an
 * integer in minor units (KES x 100).
 */

/** An artist's one payout method (spec: one per artist; the unique index holds it under races). */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    /** 'bank' or 'mobile_money'. */
    type: text('type').$type<PaymentMethod['type']>().notNull(),
    bankName: text('bank_name'),
    bankCode: text('bank_code'),
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    /** +254XXXXXXXXX. */
    mobileNumber: text('mobile_number'),
    /** Paystack subaccount (bank methods): sales split 90/10 through it. */
    subaccountCode: text('subaccount_code'),
    /** Paystack transfer recipient (M-Pesa methods): payouts go to it. */
    recipientCode: text('recipient_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_methods_user_id_key').on(t.userId), check('payment_methods_type_check', sql`${t.type} in ('bank', 'mobile_money')`)],
);

/**
 * A purchase, from initialize to its end. `status`: pending -> paid, or failed/abandoned. The
 * buyer's browser is remembered as the hash of its buyer cookie (downloads without e-mail).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reference: text('reference').notNull(),
    email: text('email').notNull(),
    /** 'track' or 'album'. */
    itemType: text('item_type').$type<PurchaseItem['type']>().notNull(),
    trackId: uuid('track_id').references(() => tracks.id, { onDelete: 'set null' }),
    albumId: uuid('album_id').references(() => albums.id, { onDelete: 'set null' }),
    itemName: text('item_name').notNull(),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    price: integer('price').notNull(),
    fee: integer('fee').notNull(),
    /** price + fee: what the buyer pays, and exactly what the provider must report. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('KES'),
    status: text('status').notNull().default('pending'),
    /** 'subaccount' (bank method: settles through Paystack) or 'balance' (M-Pesa: paid by transfer). */
    settlement: text('settlement').notNull(),
    subaccountCode: text('subaccount_code'),
    accessCode: text('access_code'),
    buyerKeyHash: text('buyer_key_hash'),
    /** Issue 21 (docs/decisions/050): the download or discount code this order used. A download code's order is free (price 0). */
    codeId: uuid('code_id'),
    /** The language the buyer checked out in (decision 056): the receipt is written in it. */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    providerTransactionId: text('provider_transaction_id'),
    channel: text('channel'),
    /** What the provider charged for processing, as it reported (minor units). */
    providerFees: integer('provider_fees'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** When the buying browser was told of the sale (verify's alreadyProcessed). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** Last time the reconcile job asked the provider about a pending order. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_reference_key').on(t.reference),
    index('orders_seller_status_idx').on(t.sellerId, t.status, t.paidAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_track_status_idx').on(t.trackId, t.status),
    index('orders_album_status_idx').on(t.albumId, t.status),
    index('orders_email_idx').on(t.email),
    index('orders_buyer_idx').on(t.buyerKeyHash),
    check('orders_amount_check', sql`${t.price} >= 0 and ${t.fee} >= 0 and ${t.amount} = ${t.price} + ${t.fee}`),
    check('orders_item_check', sql`${t.itemType} in ('track', 'album')`),
  ],
);

/**
 * The ledger: one entry per sale (the unique order id makes fulfilment record it once), with
 * what the buyer paid, the fee, and the split of the price. Total Revenue reads artist_share.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    sellerId: uuid('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountPaid: integer('amount_paid').notNull(),
    fee: integer('fee').notNull(),
    price: integer('price').notNull(),
    platformShare: integer('platform_share').notNull(),
    artistShare: integer('artist_share').notNull(),
    /** As on the order: 'subaccount' or 'balance'. */
    settlement: text('settlement').notNull(),
    /**
     * 'sale' (the order's sale, positive) or 'refund' (issue 16: the refunded part of it, every
     * amount negative). One of each per order at most: an order is refunded once (a processed
     * refund ends the sale), and the unique (order, kind) lets either be recorded exactly once.
     */
    kind: text('kind').notNull().default('sale'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_entries_order_kind_key').on(t.orderId, t.kind),
    check('ledger_entries_kind_check', sql`${t.kind} in ('sale', 'refund')`),
    index('ledger_entries_seller_created_idx').on(t.sellerId, t.createdAt),
    check('ledger_entries_split_check', sql`${t.platformShare} + ${t.artistShare} = ${t.price} and ${t.amountPaid} = ${t.price} + ${t.fee}`),
  ],
);

/** A refund's states (TypeScript only: the SQL column is text, held to these by refunds_status_check). */
export const REFUND_STATES = ['pending', 'processing', 'processed', 'failed', 'needs-attention'] as const;

/**
 * Refunds (issue 16): an operator's refund of a paid order through the provider. `status` follows
 * Paystack's refund: pending -> processing -> processed, failed or needs-attention. At most one
 * refund per order is open or processed (the partial unique index): a second `refund` command,
 * on any process, is refused; a failed one may be tried again. On 'processed' the order becomes
 * 'refunded' and the ledger gets its negative entry, in one transaction under the order's lock.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** Minor units refunded to the buyer: 0 < amount <= the order's amount. */
    amount: integer('amount').notNull(),
    status: text('status', { enum: REFUND_STATES }).notNull().default('pending'),
    /** Paystack's refund id (64-bit: text); null until the provider answered the create call. */
    providerRefundId: text('provider_refund_id'),
    /** The provider's last word on a refusal or failure (for the operator, never shown to buyers). */
    providerMessage: text('provider_message'),
    /** The operator's note, sent as Paystack's merchant_note. */
    note: text('note'),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_one_open_per_order_key').on(t.orderId).where(sql`${t.status} in ('pending', 'processing', 'processed', 'needs-attention')`),
    index('refunds_created_idx').on(t.createdAt),
    check('refunds_amount_check', sql`${t.amount} > 0`),
    check('refunds_status_check', sql`${t.status} in ('pending', 'processing', 'processed', 'failed', 'needs-attention')`),
  ],
);

/** The e-mailed download links: a random token, stored only as its hash, revocable. */
export const downloadGrants = pgTable(
  'download_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('download_grants_token_key').on(t.tokenHash), index('download_grants_order_idx').on(t.orderId)],
);

/**
 * M-Pesa payouts: transfers of an artist's settled balance. `amount` is what the artist receives,
 * `fee` the withdrawal fee; both leave the balance unless the transfer failed or was reversed.
 */
export const payouts = pgTable(
  'payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    /** Paystack transfer reference: 16-50 of a-z, 0-9, _ and -. */
    reference: text('reference').notNull(),
    amount: integer('amount').notNull(),
    fee: integer('fee').notNull(),
    recipientCode: text('recipient_code').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    transferCode: text('transfer_code'),
    /** pending, otp, success, failed, reversed. */
    status: text('status').$type<PayoutStatusName>().notNull().default('pending'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payouts_reference_key').on(t.reference), index('payouts_user_status_idx').on(t.userId, t.status)],
);

/** Webhooks seen, by event and the provider's id or reference (Paystack sends no event id). */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    event: text('event').notNull(),
    key: text('key').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.event, t.key] }), index('webhook_events_received_idx').on(t.receivedAt)],
);

/**
 * The simulated provider's transactions and transfers (no Paystack keys set): kept in the
 * database so every process of a deployment sees the same checkout.
 */
export const simulatedTransactions = pgTable(
  'simulated_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull(),
    accessCode: text('access_code').notNull(),
    email: text('email').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull().default('pending'),
    channel: text('channel'),
    subaccount: text('subaccount'),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('simulated_transactions_reference_key').on(t.reference), uniqueIndex('simulated_transactions_access_code_key').on(t.accessCode)],
);

export const simulatedTransfers = pgTable(
  'simulated_transfers',
  {
    reference: text('reference').primaryKey(),
    transferCode: text('transfer_code').notNull(),
    recipient: text('recipient').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').notNull().default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
);

/** The simulated provider's refunds (issue 16), as Paystack keeps them: by id, with the transaction's reference. */
export const simulatedRefunds = pgTable('simulated_refunds', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  transactionReference: text('transaction_reference').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull().default('KES'),
  status: text('status').notNull().default('pending'),
  merchantNote: text('merchant_note'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
