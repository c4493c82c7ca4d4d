import { MPESA_WITHDRAWAL_BANDS, PLATFORM_PERCENT } from '#common/payments';
import { PAYMENT_MESSAGES } from '#common/schemas/payments';

// A no-break space keeps "KES" and its amount on one line.
const kes = (amount: number) => `KES\u00a0${amount.toLocaleString('en-KE')}`;

/** "KES 20 up to KES 1,500, KES 40 up to KES 20,000 and KES 60 up to KES 150,000" (spec section 9's bands). */
function bandsSentence(): string {
  const parts = MPESA_WITHDRAWAL_BANDS.map(([, to, fee]) => `${kes(fee)} up to ${kes(to)}`);
  return `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** The Payments section's fixed texts: the spec's (sections 2, 5, 8, 9, through common/) and ours, marked. */
export const PAYMENTS_TEXTS = {
  // Dialog titles of spec section 2.
  addBankTitle: 'Add Payment Method',
  addMpesaTitle: 'Add M-Pesa Number',
  removeTitle: 'Remove payment method?',
  addBankButton: 'Add Bank Account',
  addMpesaButton: 'Add M-Pesa Number',
  removeAnyway: 'Remove Anyway',

  // Toasts of spec section 8.
  methodAdded: PAYMENT_MESSAGES.methodAdded,
  methodAddFailed: PAYMENT_MESSAGES.methodAddFailed,
  methodRemoved: PAYMENT_MESSAGES.methodRemoved,
  methodRemoveFailed: PAYMENT_MESSAGES.methodRemoveFailed,
  mpesaAdded: PAYMENT_MESSAGES.mpesaAdded,
  mpesaAddFailed: PAYMENT_MESSAGES.mpesaAddFailed,

  // Ours.
  split: `You receive ${100 - PLATFORM_PERCENT}% of every sale`,
  splitDetail: `Sauti keeps ${PLATFORM_PERCENT}%. Buyers pay the processing fee on top of your price, so it never comes out of your share.`,
  oneMethodOnly: PAYMENT_MESSAGES.oneMethodOnly,
  noMethod: 'No payment method yet. Add a bank account or an M-Pesa number so fans can buy your priced music.',
  loadFailed: 'Your payment method could not be loaded.',
  bannerTitle: 'Expecting larger earnings? Consider a bank account',
  bannerText: `M-Pesa withdrawals carry a fee each time: ${bandsSentence()}. Bank payouts have no extra fee, so a bank account keeps more of larger earnings.`,
  bannerDismiss: 'Dismiss recommendation',
  bankPayoutNote: 'Your share of each sale settles to this account through Paystack, with no withdrawal fee.',
  mpesaPayoutNote: 'Your share of each sale is sent to this number by M-Pesa, less the M-Pesa withdrawal fee.',
  removeWarning: 'Until you add another payment method, fans cannot buy your priced tracks and albums.',
} as const;
