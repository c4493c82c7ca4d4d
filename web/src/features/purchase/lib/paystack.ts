/**
 * @paystack/inline-js, re-exported from a module of its own so that its lazy chunk is named for
 * what it is (assets/paystack-*.js). Only checkout.ts imports this, dynamically, on Pay.
 */
export { default } from '@paystack/inline-js';
