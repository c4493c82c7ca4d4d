/**
 * Payouts (issue 10): the artist's payout method, the ledger of sales, balances and M-Pesa payouts.
 * READY for the payments module: recordSale, findPayoutMethod, salesFiguresFromLedger; and
 * `app.payouts.handleTransferEvent(event, dataOrReference)` for the transfer.* webhooks (a method of the
 * service the plugin decorates, not a free function: it needs this app's database and provider).
 */
export { payoutsPlugin } from './payouts.plugin';
export { recordSale, recordRefund, refundSplit, findPayoutMethod, salesFiguresFromLedger, type PayoutRoute, type RefundToRecord, type SaleToRecord, type Settlement } from './ledger';
export {
  MIN_PAYOUT,
  PAYOUT_JOB,
  PAYOUT_PERIOD_MS,
  PAYOUT_SETTLE_HOURS,
  REVERIFY_AFTER_MINUTES,
  PayoutsService,
  payoutFor,
  payoutReports,
  type PayoutRunResult,
  type TransferEventResult,
} from './payouts.service';
export type { ArtistBalanceRow, PayoutRow, PayoutStatus } from './payouts.repo';
