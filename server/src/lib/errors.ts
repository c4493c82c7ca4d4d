import { AUTH_SERVER_MESSAGES } from '#common/schemas/auth';
import { CATALOG_MESSAGES } from '#common/schemas/catalog/rules';
import { PUBLIC_NOT_FOUND_MESSAGES } from '#common/schemas/public';
import { PROFILE_MESSAGES } from '#common/schemas/profile';
import { PAYMENT_MESSAGES, RECEIPT_MESSAGES, REFUND_MESSAGES } from '#common/schemas/payments';
import { SALES_MESSAGES } from '#common/schemas/sales';
import { SEARCH_MESSAGES } from '#common/schemas/search';
import { DOWNLOAD_FORMAT_MESSAGES } from '#common/schemas/playback';
import { LIBRARY_MESSAGES } from '#common/schemas/library';
import { FOLLOW_MESSAGES } from '#common/schemas/follows';
import { REPORT_MESSAGES } from '#common/schemas/reports';
import { CONSOLE_MESSAGES } from '#common/schemas/console';
import { ADMIN_MESSAGES } from '#common/schemas/admin';
import { TAKEDOWN_MESSAGES } from '#common/schemas/takedowns';
import type { ErrorCode } from '#common/errors';
import { CODE_MESSAGES } from '#common/codes';

export type { ErrorCode };

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * The one vocabulary of what can go wrong (docs/decisions/025). Services throw an AppError with a
 * code; this table alone says how the code is answered: its HTTP status and, unless the thrower
 * gives a more precise one (which field, which limit), its message. Services choose no status.
 * Every error answer carries its code beside the message (decision 046); the codes are listed in
 * common/src/errors.ts, which the web reads them by, and this table must name each of them.
 */
export const ERRORS = {
  // A request that is not what the call takes.
  'request.invalid': { status: 400, message: 'Invalid request' },
  // Fastify's and Node's own refusals (plugins/errors.ts, plugins/client-errors.ts); the thrower's
  // status and more precise message stand, the code groups them.
  'request.malformed': { status: 400, message: 'The request is malformed.' },
  'request.too-large': { status: 413, message: 'The request body is too large.' },
  'request.unsupported-type': { status: 415, message: 'Unsupported content type. Send JSON or multipart form data.' },
  'request.timeout': { status: 408, message: 'The request took too long to arrive.' },
  'request.headers-too-large': { status: 431, message: 'The request headers are too large.' },
  'request.range-unsatisfiable': { status: 416, message: 'The requested range is not available.' },
  'request.not-multipart': { status: 415, message: 'Expected a multipart form upload.' },
  'request.cross-site': { status: 403, message: 'Cross-site requests are not allowed.' },
  'request.too-many': { status: 429, message: 'Too many attempts. Please wait a few minutes and try again.' },
  'not-found': { status: 404, message: 'Not found' },
  'internal': { status: 500, message: INTERNAL_ERROR_MESSAGE },
  'server.busy': { status: 503, message: 'The server is busy. Please try again in a moment.' },
  // Outages (issue 22): nothing the caller did; answered with Retry-After, and nothing was half-done.
  'database.unavailable': {
    status: 503,
    message: 'Sauti cannot reach its database just now. Please try again in a few seconds.',
    retryAfterSeconds: 5,
  },
  'storage.unavailable': {
    status: 503,
    message: 'Sauti cannot reach its file storage just now. Please try again in a minute.',
    retryAfterSeconds: 30,
  },

  // Accounts.
  'auth.required': { status: 401, message: 'Please sign in to continue.' },
  'auth.invalid-credentials': { status: 401, message: AUTH_SERVER_MESSAGES.invalidCredentials },
  'auth.unverified': { status: 403, message: AUTH_SERVER_MESSAGES.unverified },
  'auth.display-name-taken': { status: 409, message: AUTH_SERVER_MESSAGES.displayNameTaken },
  'auth.verification-link-invalid': { status: 400, message: AUTH_SERVER_MESSAGES.verificationLinkInvalid },
  'auth.reset-link-invalid': { status: 400, message: AUTH_SERVER_MESSAGES.resetLinkInvalid },

  // Forms and uploaded files.
  'form.invalid': { status: 400, message: 'Invalid form' },
  'upload.incomplete': { status: 400, message: CATALOG_MESSAGES.uploadIncomplete },
  'upload.invalid': { status: 400, message: CATALOG_MESSAGES.audioDamaged },
  'upload.too-large': { status: 413, message: CATALOG_MESSAGES.audioTooLarge },
  'upload.unsupported-format': { status: 415, message: CATALOG_MESSAGES.audioFormat },
  'upload.too-many': { status: 429, message: CATALOG_MESSAGES.tooManyUploads },
  'upload.too-many-unfinished': { status: 429, message: CATALOG_MESSAGES.tooManyUnfinishedUploads },
  'upload.not-found': { status: 404, message: CATALOG_MESSAGES.uploadNotFound },
  'quota.exceeded': { status: 413, message: CATALOG_MESSAGES.storageFull },

  // The catalogue and playback.
  'track.not-found': { status: 404, message: CATALOG_MESSAGES.trackNotFound },
  'album.not-found': { status: 404, message: CATALOG_MESSAGES.albumNotFound },
  'cover.not-found': { status: 404, message: 'Cover not found' },
  'track.sold': { status: 409, message: CATALOG_MESSAGES.trackSold },
  'album.sold': { status: 409, message: CATALOG_MESSAGES.albumSold },
  'album.sold-songs': { status: 409, message: PAYMENT_MESSAGES.albumSoldSongsStay },
  'stream.not-ready': { status: 503, message: CATALOG_MESSAGES.streamNotReady },
  'preview.not-ready': { status: 503, message: CATALOG_MESSAGES.previewNotReady },

  // What fans read and download.
  'profile.not-found': { status: 404, message: PUBLIC_NOT_FOUND_MESSAGES.profile },
  // oEmbed 1.0, section 2.3.4: only JSON is offered (issue 17).
  'oembed.format-unsupported': { status: 501, message: 'Only format=json is offered.' },
  'genre.not-found': { status: 404, message: SEARCH_MESSAGES.genreNotFound },
  'list.cursor-invalid': { status: 400, message: SEARCH_MESSAGES.cursorInvalid },
  'download.purchase-required': { status: 402, message: 'This is for sale: buy it to download it.' },
  'download.format-unknown': { status: 400, message: DOWNLOAD_FORMAT_MESSAGES.unknown },
  'download.format-unavailable': { status: 400, message: DOWNLOAD_FORMAT_MESSAGES.flacNotAvailable },
  'download.format-failed': { status: 503, message: 'This format could not be made just now. Please try again in a minute, or download the original.' },

  // The artist's profile and social links.
  'profile-photo.not-found': { status: 404, message: PROFILE_MESSAGES.photoNotFound },
  'social-link.not-found': { status: 404, message: PROFILE_MESSAGES.socialLinkNotFound },
  'social-link.too-many': { status: 409, message: PROFILE_MESSAGES.tooManySocialLinks },

  // Selling (issue 10): payout methods and the payment provider.
  'payment-method.not-found': { status: 404, message: PAYMENT_MESSAGES.methodNotFound },
  'payment-method.one-only': { status: 409, message: PAYMENT_MESSAGES.oneMethodOnly },
  'payment-method.pending-transactions': { status: 409, message: PAYMENT_MESSAGES.pendingTransactions },
  'payment-method.bank-unknown': { status: 400, message: PAYMENT_MESSAGES.bankUnknown },
  'payment-provider.banks-unavailable': { status: 502, message: PAYMENT_MESSAGES.banksUnavailable },
  'payment-provider.unavailable': { status: 502, message: PAYMENT_MESSAGES.providerUnavailable },
  'payment-provider.refused': { status: 400, message: PAYMENT_MESSAGES.providerRefused },

  // Selling (issue 10): purchases and the provider's webhooks.
  'purchase.not-for-sale': { status: 409, message: PAYMENT_MESSAGES.notForSale },
  'purchase.seller-not-ready': { status: 409, message: PAYMENT_MESSAGES.sellerNotReady },
  // Issue 16: the e-mail already bought it; thrown with { alreadyOwned: true } (alreadyOwnedErrorSchema).
  'purchase.already-owned': { status: 409, message: PAYMENT_MESSAGES.alreadyOwned },
  // Issue 16: the provider refused a call of a checkout. Its own text is logged, never shown.
  'payment.initialize-failed': { status: 502, message: PAYMENT_MESSAGES.initializeFailed },
  'payment.verification-failed': { status: 502, message: PAYMENT_MESSAGES.verificationFailed },
  'payment.not-found': { status: 404, message: PAYMENT_MESSAGES.paymentNotFound },
  'payment.not-completed': { status: 402, message: PAYMENT_MESSAGES.paymentNotCompleted },
  'payment.mismatch': { status: 402, message: PAYMENT_MESSAGES.paymentMismatch },
  // Issue 16: the receipt page's link (an unknown reference, a wrong or revoked token alike).
  'receipt.not-found': { status: 404, message: RECEIPT_MESSAGES.notFound },

  // Refunds (issue 16): the operator's command, and a refunded buyer's e-mailed link.
  'refund.order-not-found': { status: 404, message: REFUND_MESSAGES.orderNotFound },
  'refund.not-paid': { status: 409, message: REFUND_MESSAGES.notPaid },
  'refund.already-refunded': { status: 409, message: REFUND_MESSAGES.alreadyRefunded },
  'refund.in-progress': { status: 409, message: REFUND_MESSAGES.inProgress },
  'refund.amount-invalid': { status: 400, message: REFUND_MESSAGES.amountInvalid },
  'refund.amount-too-large': { status: 400, message: CONSOLE_MESSAGES.refundAmountTooLarge },
  'refund.refused': { status: 502, message: REFUND_MESSAGES.refused },
  'purchase.refunded': { status: 403, message: REFUND_MESSAGES.refunded },
  'webhook.invalid-signature': { status: 401, message: 'Invalid signature' },
  'webhook.invalid': { status: 400, message: 'Invalid webhook payload' },

  // A fan's library (issue 17): a sign-in link used, expired or never issued; no library cookie.
  'library.link-invalid': { status: 400, message: LIBRARY_MESSAGES.linkInvalid },
  'library.signed-out': { status: 401, message: LIBRARY_MESSAGES.signedOut },

  // Following an artist by e-mail (issue 17).
  'follow.artist-not-found': { status: 404, message: FOLLOW_MESSAGES.artistNotFound },
  'follow.link-invalid': { status: 400, message: FOLLOW_MESSAGES.linkInvalid },

  // Fans' reports and the console's queue (issue 21, decision 059).
  'report.item-not-found': { status: 404, message: REPORT_MESSAGES.itemNotFound },
  'report.not-found': { status: 404, message: REPORT_MESSAGES.reportNotFound },
  'report.closed': { status: 409, message: REPORT_MESSAGES.closed },

  // Download and discount codes (issue 21, docs/decisions/050).
  'code.not-found': { status: 404, message: CODE_MESSAGES.unknown },
  'code.used': { status: 409, message: CODE_MESSAGES.used },
  'code.expired': { status: 409, message: CODE_MESSAGES.expired },
  'code.in-use': { status: 409, message: CODE_MESSAGES.inUse },
  'code.foreign': { status: 409, message: CODE_MESSAGES.foreign },

  // The artist's sales and payouts (issue 16).
  'sales.cursor-invalid': { status: 400, message: SALES_MESSAGES.cursorInvalid },
  'sales.one-filter': { status: 400, message: SALES_MESSAGES.oneFilter },
  // Payouts in the console (decision 059).
  'payout.not-found': { status: 404, message: CONSOLE_MESSAGES.payoutNotFound },
  'payout.not-retryable': { status: 409, message: CONSOLE_MESSAGES.payoutNotRetryable },
  'payout.nothing-to-pay': { status: 409, message: CONSOLE_MESSAGES.payoutNothingToPay },

  // The operator's console (issue 21, decision 051): no data to anyone but an operator.
  'admin.forbidden': { status: 403, message: ADMIN_MESSAGES.forbidden },
  'admin.second-factor-required': { status: 403, message: ADMIN_MESSAGES.secondFactorRequired },
  'admin.not-enrolled': { status: 409, message: ADMIN_MESSAGES.notEnrolled },
  'admin.already-enrolled': { status: 409, message: ADMIN_MESSAGES.alreadyEnrolled },
  'admin.enrolment-not-started': { status: 409, message: ADMIN_MESSAGES.enrolmentNotStarted },
  'admin.code-invalid': { status: 400, message: ADMIN_MESSAGES.codeInvalid },
  'admin.pick-refused': { status: 409, message: ADMIN_MESSAGES.pickRefused },
  // Takedowns (decision 058).
  'admin.item-not-found': { status: 404, message: TAKEDOWN_MESSAGES.itemNotFound },
  'admin.already-taken-down': { status: 409, message: TAKEDOWN_MESSAGES.alreadyTakenDown },
  'admin.not-taken-down': { status: 404, message: TAKEDOWN_MESSAGES.notTakenDown },
} as const satisfies Record<ErrorCode, { status: number; message: string; retryAfterSeconds?: number }>;

/** A broken rule, by its code; the error handler answers `{ ...details, code, message }` with the code's status. */
export class AppError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message ?? ERRORS[code].message);
    this.name = 'AppError';
    this.statusCode = ERRORS[code].status;
  }

  /** Seconds a client should wait before trying again (the Retry-After header), for the codes of an outage. */
  get retryAfterSeconds(): number | undefined {
    const entry = ERRORS[this.code];
    return 'retryAfterSeconds' in entry ? entry.retryAfterSeconds : undefined;
  }
}

/** The error of one form field: the message, and the same message under `errors` for that field. */
export function fieldError(code: ErrorCode, field: string, message: string = ERRORS[code].message): AppError {
  return new AppError(code, message, { errors: { [field]: message } });
}
