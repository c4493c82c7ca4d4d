/** The payments provider: Paystack's REST API, or the simulated provider when no keys are set. */
export { paymentProviderPlugin } from './payment-provider.plugin';
export * from './provider';
export { PaystackProvider, type PaystackProviderOptions } from './paystack';
export { SimulatedProvider, SIMULATED_SECRET_KEY, TEST_CARD_DECLINED, TEST_CARD_SUCCESS, TEST_MPESA_NUMBER, type MpesaAnswer } from './simulated';
export { signWebhook, verifyWebhookSignature } from './signature';
export { parseRefund, parseTransaction, parseTransfer, transactionPhase } from './paystack-shapes';
