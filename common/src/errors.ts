/**
 * Every code an error answer of ours carries beside its `message` (docs/decisions/046). The server's
 * ERRORS table (server/src/lib/errors.ts) gives each its status and message; the web decides what
 * an error means by its code, never by its status. A code, once sent, keeps its meaning.
 */
export const ERROR_CODES = [
  // A request that is not what the call takes, or that the server could not answer now.
  'request.invalid',
  'request.malformed',
  'request.too-large',
  'request.unsupported-type',
  'request.timeout',
  'request.headers-too-large',
  'request.range-unsatisfiable',
  'request.not-multipart',
  'request.cross-site',
  'request.too-many',
  'not-found',
  'internal',
  'server.busy',
  'database.unavailable',
  'storage.unavailable',

  // Accounts.
  'auth.required',
  'auth.invalid-credentials',
  'auth.unverified',
  'auth.display-name-taken',
  'auth.verification-link-invalid',
  'auth.reset-link-invalid',

  // Forms and uploaded files.
  'form.invalid',
  'upload.incomplete',
  'upload.invalid',
  'upload.too-large',
  'upload.unsupported-format',
  'upload.too-many',
  'upload.too-many-unfinished',
  'upload.not-found',
  'quota.exceeded',

  // The catalogue and playback.
  'track.not-found',
  'album.not-found',
  'cover.not-found',
  'track.sold',
  'album.sold',
  'album.sold-songs',
  'stream.not-ready',
  'preview.not-ready',

  // What fans read and download.
  'profile.not-found',
  'genre.not-found',
  'list.cursor-invalid',
  'download.purchase-required',
  'download.format-unknown',
  'download.format-unavailable',
  'download.format-failed',

  // The artist's profile and social links.
  'profile-photo.not-found',
  'social-link.not-found',
  'social-link.too-many',

  // Payout methods and the payment provider.
  'payment-method.not-found',
  'payment-method.one-only',
  'payment-method.pending-transactions',
  'payment-method.bank-unknown',
  'payment-provider.banks-unavailable',
  'payment-provider.unavailable',
  'payment-provider.refused',

  // Purchases, receipts, refunds and the provider's webhooks.
  'purchase.not-for-sale',
  'purchase.seller-not-ready',
  'purchase.already-owned',
  'payment.initialize-failed',
  'payment.verification-failed',
  'payment.not-found',
  'payment.not-completed',
  'payment.mismatch',
  'receipt.not-found',
  'refund.order-not-found',
  'refund.not-paid',
  'refund.already-refunded',
  'refund.in-progress',
  'refund.amount-invalid',
  'refund.amount-too-large',
  'refund.refused',
  'purchase.refunded',
  'webhook.invalid-signature',
  'webhook.invalid',

  // A fan's library and follows.
  'library.link-invalid',
  'library.signed-out',
  'follow.artist-not-found',
  'follow.link-invalid',

  // Fans' reports (issue 21, decision 059).
  'report.item-not-found',
  'report.not-found',
  'report.closed',

  // Download and discount codes (issue 21, docs/decisions/050).
  'code.not-found',
  'code.used',
  'code.expired',
  'code.in-use',
  'code.foreign',

  // The artist's sales and payouts.
  'sales.cursor-invalid',
  'sales.one-filter',
  // Payouts in the console (decision 059).
  'payout.not-found',
  'payout.not-retryable',
  'payout.nothing-to-pay',

  // The operator's console (issue 21, decision 051).
  'admin.forbidden',
  'admin.second-factor-required',
  'admin.not-enrolled',
  'admin.already-enrolled',
  'admin.enrolment-not-started',
  'admin.code-invalid',
  'admin.pick-refused',
  'admin.item-not-found',
  'admin.already-taken-down',
  'admin.not-taken-down',

  // Embeds: oEmbed answers JSON only (oEmbed 1.0 says 501 for another format).
  'oembed.format-unsupported',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

const KNOWN = new Set<string>(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN.has(value);
}
