/**
 * The money rules of selling (spec sections 1 and 9), in integer minor units (KES x 100) with no
 * float ever touching a shilling. The purchase dialog shows these figures and the server charges
 * them: one function each, shared.
 */

/** Spec section 9: round(price x 0.015) + 100, capped at 2000, in whole shillings. */
export const FEE_RATE_PER_100K = 1_500; // 0.015 as an exact ratio of 100,000
export const FEE_FLAT_KES = 100;
export const FEE_CAP_KES = 2_000;

/**
 * The processing fee the buyer pays on top of a price (both minor units). The spec computes it in
 * KES: round(priceKes x 0.015) + 100, capped at 2000. priceKes x 0.015 = price x 15 / 100,000, so
 * rounding half up is floor((price x 15 + 50,000) / 100,000), all in integers.
 */
export function processingFee(priceMinor: number): number {
  assertMinor(priceMinor);
  if (priceMinor === 0) return 0;
  const percentKes = Math.floor((priceMinor * 15 + 50_000) / 100_000);
  return Math.min(percentKes + FEE_FLAT_KES, FEE_CAP_KES) * 100;
}

/** What the buyer pays: the price plus the processing fee (minor units). */
export function finalAmount(priceMinor: number): number {
  return priceMinor + processingFee(priceMinor);
}

/**
 * One rule for every page and the server's downloads (issue 16): an album downloads free only
 * when its price is 0 and every song on it is free. A free album holding priced songs is not
 * free as a whole (it would hand out a priced song for nothing): its page offers no 'Free' and
 * no Download Album, and each song shows its own price.
 */
export function albumIsFree(albumPriceMinor: number | null | undefined, trackPricesMinor: readonly (number | null | undefined)[]): boolean {
  return !((albumPriceMinor ?? 0) > 0) && trackPricesMinor.every((price) => !((price ?? 0) > 0));
}

/**
 * Issue 21: the most a fan may pay for one item, however generous (KES): past it a typed amount is
 * a slip of the finger, not a gift. The price parser stops at the same figure.
 */
export const MAX_PAID_KES = 1_000_000;

/** Why an amount a fan typed cannot be charged for an item (issue 21). */
export type PaidAmountProblem = 'below-price' | 'fixed-price' | 'too-high';

/**
 * Checks the amount a fan chose (minor units) against the item: an item without `payMore` is
 * paid exactly its price; a pay-more item at least its price, at most MAX_PAID_KES. The purchase
 * dialog and initialize both ask here.
 */
export function paidAmountProblem(amountMinor: number, item: { price: number; payMore?: boolean }): PaidAmountProblem | undefined {
  assertMinor(amountMinor);
  if (amountMinor > MAX_PAID_KES * 100) return 'too-high';
  if (!item.payMore) return amountMinor === item.price ? undefined : 'fixed-price';
  return amountMinor < item.price ? 'below-price' : undefined;
}

/** The platform keeps 10% of each sale's price. */
export const PLATFORM_PERCENT = 10;

/**
 * The split of a price (minor units): the platform's 10% and the artist's 90%. A price that is not
 * a multiple of 10 minor units cannot split exactly; the odd cents go to the artist.
 */
export function splitPrice(priceMinor: number): { platformShare: number; artistShare: number } {
  assertMinor(priceMinor);
  const platformShare = Math.floor((priceMinor * PLATFORM_PERCENT) / 100);
  return { platformShare, artistShare: priceMinor - platformShare };
}

/** The M-Pesa withdrawal fee bands of spec section 9, in KES: [from, to, fee]. */
export const MPESA_WITHDRAWAL_BANDS = [
  [1, 1_500, 20],
  [1_501, 20_000, 40],
  [20_001, 150_000, 60],
] as const;

/** The largest single M-Pesa withdrawal (the top of the last band), in minor units. */
export const MAX_MPESA_WITHDRAWAL = 150_000 * 100;

/**
 * The M-Pesa withdrawal fee (minor units) for withdrawing `amountMinor`, by the band its whole
 * shillings fall in (a part shilling counts as the next one: KES 1,500.50 is in the 1,501 band).
 * Undefined outside the bands (nothing, or more than KES 150,000 at once).
 */
export function mpesaWithdrawalFee(amountMinor: number): number | undefined {
  assertMinor(amountMinor);
  const kes = Math.ceil(amountMinor / 100);
  const band = MPESA_WITHDRAWAL_BANDS.find(([from, to]) => kes >= from && kes <= to);
  return band ? band[2] * 100 : undefined;
}

function assertMinor(value: number) {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not an amount in minor units: ${value}`);
}

// ---------------------------------------------------------------------------------------------
// Kenyan mobile numbers (spec section 5).

/** The example the spec's 'Invalid Mobile Number' text shows. */
export const MOBILE_NUMBER_EXAMPLE = '0712345678';

/**
 * Normalises a Kenyan mobile number typed any common way to +254XXXXXXXXX (spec section 5):
 * 07XXXXXXXX (10 digits), 7XXXXXXXX (9 digits), 254XXXXXXXXX (12 digits) and +254XXXXXXXXX, with
 * spaces, dashes, dots or brackets anywhere. 01... numbers are normalised the same way. Answers
 * undefined when the result is not +254, then 1 or 7, then 8 digits.
 */
export function normaliseKenyanMobile(input: string): string | undefined {
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  if (!/^\+?\d+$/.test(compact)) return undefined;
  const digits = compact.replace(/^\+/, '');
  let national: string | undefined;
  if (compact.startsWith('+')) national = digits.startsWith('254') ? digits.slice(3) : undefined;
  else if (digits.length === 10 && digits.startsWith('0')) national = digits.slice(1);
  else if (digits.length === 9) national = digits;
  else if (digits.length === 12 && digits.startsWith('254')) national = digits.slice(3);
  const normalised = national === undefined ? undefined : `+254${national}`;
  return normalised && /^\+254[17]\d{8}$/.test(normalised) ? normalised : undefined;
}

/**
 * Safaricom's prefixes (the network M-Pesa runs on), as allocated by the Communications Authority
 * of Kenya: 070x-072x, 0740-0743, 0745, 0746, 0748, 0757-0759, 0768, 0769, 079x, 0110-0115.
 * Airtel (073x, 075[0-6], 078x, 010x) and Telkom (077x) numbers cannot receive M-Pesa.
 */
const SAFARICOM = /^\+254(7[0-2]\d|74[0-35-68]|75[7-9]|76[89]|79\d|11[0-5])\d{6}$/;

/** Whether a normalised (+254...) number is on Safaricom, so M-Pesa can pay it. */
export function isSafaricomNumber(normalised: string): boolean {
  return SAFARICOM.test(normalised);
}

/** +254712345678 -> 0712345678: the local form Paystack's M-Pesa recipients use (PAYSTACK.md). */
export function toLocalMobile(normalised: string): string {
  return `0${normalised.slice(4)}`;
}
