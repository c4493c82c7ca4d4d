/** Purchases: checkout through the payments provider, fulfilment, proof of purchase, webhooks. */
export { paymentsPlugin } from './payments.plugin';
export { revokeLinksOf } from './orders.repo';
