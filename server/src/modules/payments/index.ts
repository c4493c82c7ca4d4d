/** Purchases: checkout through the payments provider, fulfilment, proof of purchase, webhooks. */
export { paymentsPlugin } from './payments.plugin';
export { revokeLinksOf } from './orders.repo';
export { RefundsService, REFUND_EVENT_JOB, type RefundOutcome } from './refunds.service';
export type { RefundListRow } from './refunds.repo';
