/**
 * Payouts (issue 10): the artist's payout method (payment-methods.service), the ledger of sales
 * (ledger.service), balances and M-Pesa transfers (transfers.service), their pure rules
 * (payouts.rules); one repo per table group (payment-methods, ledger, payouts).
 * READY for the payments module: recordSale, findPayoutMethod, salesFiguresFromLedger; and
 * `app.payouts.handleTransferEvent(event, dataOrReference)` for the transfer.* webhooks (a method of the
 * service the plugin decorates, not a free function: it needs this app's database and provider).
 */
export { payoutsPlugin } from './payouts.plugin';
export { recordSale, recordRefund, findPayoutMethod, salesFiguresFromLedger, type PayoutRoute, type RefundToRecord, type SaleToRecord, type Settlement } from './ledger.service';
export { MIN_PAYOUT, PAYOUT_JOB, PAYOUT_PERIOD_MS, PAYOUT_SETTLE_HOURS, REVERIFY_AFTER_MINUTES, payoutFor, refundSplit, type PayoutStatus } from './payouts.rules';
export { PayoutsService, payoutReports, type PayoutRunResult, type TransferEventResult } from './transfers.service';
export type { ArtistBalanceRow, PayoutRow } from './payouts.repo';
