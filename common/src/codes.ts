/**
 * Download and discount codes (issue 21, docs/decisions/050): their alphabet, format and the one
 * normalisation the redeem page, the server and the tests share.
 */

/** 32 symbols: digits and capitals without 0/O and 1/I, which read alike. 32 = 2^5: no bias. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 12 symbols of 5 bits: 60 bits, shown as XXXX-XXXX-XXXX. */
export const CODE_LENGTH = 12;
export const MAX_CODES_PER_BATCH = 1_000;

/** What codes say (issue 21, docs/decisions/050). */
export const CODE_MESSAGES = {
  itemTypeInvalid: "Choose a track or an album",
  itemRequired: 'Choose the track or album the codes are for',
  kindInvalid: "Choose 'download' or 'discount'",
  countInvalid: `Make between 1 and ${'1,000'} codes at a time`,
  percentRequired: 'A discount code needs a percentage off (1 to 100)',
  percentInvalid: 'The percentage off must be a whole number from 1 to 100',
  percentOnlyForDiscount: 'Only discount codes take a percentage off',
  expiryInvalid: 'The expiry date must be a date in the future',
  codeRequired: 'Enter your code',
  codeFormat: 'That does not look like a code. Codes look like ABCD-EFGH-JKLM.',
  unknown: 'We do not know that code. Check it and try again.',
  used: 'This code has already been used.',
  expired: 'This code has expired.',
  inUse: 'This code is being used in a checkout right now. Try again in a few minutes.',
  foreign: 'This code is for another song or album.',
  created: 'Codes created',
  downloadReady: 'Your download is ready. We have also e-mailed you the link.',
  discountReady: 'Code accepted. Pay the discounted price to download.',
} as const;

/** A new code (normalised, without dashes) from the platform's cryptographic random source. */
export function generateCode(random: (bytes: Uint8Array) => Uint8Array = (bytes) => globalThis.crypto.getRandomValues(bytes)): string {
  const bytes = random(new Uint8Array(CODE_LENGTH));
  let code = '';
  for (const byte of bytes) code += CODE_ALPHABET[byte & 31];
  return code;
}

/**
 * The code as stored and compared: case, spaces and dashes ignored. Answers undefined for what
 * cannot be a code (another length, a symbol outside the alphabet), so a typo costs no query.
 */
export function normaliseCode(input: string): string | undefined {
  const compact = input.replace(/[\s\-–—_.]/g, '').toUpperCase();
  if (compact.length !== CODE_LENGTH) return undefined;
  for (const symbol of compact) if (!CODE_ALPHABET.includes(symbol)) return undefined;
  return compact;
}

/** XXXX-XXXX-XXXX, as shown to artists and fans. */
export function formatCode(code: string): string {
  return code.match(/.{1,4}/g)?.join('-') ?? code;
}

/**
 * The price to pay with a discount code (minor units): the percentage off, rounded down to the
 * whole shilling in the fan's favour. 100% off is free.
 */
export function discountedPrice(priceMinor: number, percentOff: number): number {
  if (!Number.isSafeInteger(priceMinor) || priceMinor < 0) throw new RangeError(`Not a price: ${priceMinor}`);
  if (!Number.isInteger(percentOff) || percentOff < 1 || percentOff > 100) throw new RangeError(`Not a percentage: ${percentOff}`);
  const exact = Math.floor((priceMinor * (100 - percentOff)) / 100);
  return Math.floor(exact / 100) * 100;
}

/** f***@example.com: enough for the artist to recognise a fan, not to harvest addresses. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
