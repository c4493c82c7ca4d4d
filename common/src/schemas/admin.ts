import { z } from 'zod';

/** The operator's console (issue 21, docs/decisions/051): the texts the server answers and the console shows. */
export const ADMIN_MESSAGES = {
  forbidden: 'This is for Sauti’s operators only.',
  secondFactorRequired: 'Confirm it is you: enter the code from your authenticator app.',
  notEnrolled: 'Set up your authenticator app first.',
  alreadyEnrolled: 'Your authenticator app is already set up.',
  enrolmentNotStarted: 'Start the set-up again: scan the new code.',
  codeInvalid: 'That code is not right. Enter the 6-digit code your app shows now, or a recovery code.',
  codeFormat: 'Enter the 6-digit code from your authenticator app.',
  recoveryCodeFormat: 'Enter one of your recovery codes, like abcde-12345.',
  reasonTooLong: 'Keep the reason under 500 characters.',
  trackIdInvalid: 'That is not a track id.',
  pickRefused: 'That change to the editor’s picks could not be made.',
  positionInvalid: 'The position must be a whole number from 1.',
  searchTooLong: 'Search with fewer than 100 characters.',
  cursorInvalid: 'That page of the audit log does not exist.',
} as const;

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** How long a second-factor verification lets an operator act, per session. */
export const ADMIN_FRESHNESS_HOURS = 12;
export const RECOVERY_CODE_COUNT = 10;

const reason = z.string().trim().max(500, ADMIN_MESSAGES.reasonTooLong).optional();

export const totpCodeSchema = z
  .string({ message: ADMIN_MESSAGES.codeFormat })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, ADMIN_MESSAGES.codeFormat));

export const recoveryCodeSchema = z
  .string({ message: ADMIN_MESSAGES.recoveryCodeFormat })
  .transform((value) => value.trim().toLowerCase().replace(/\s+/g, ''))
  .pipe(z.string().regex(/^[a-z0-9]{5}-?[a-z0-9]{5}$/, ADMIN_MESSAGES.recoveryCodeFormat));

/** POST /api/admin/enrolment/confirm */
export const enrolConfirmSchema = z.object({ code: totpCodeSchema });

/** POST /api/admin/verify: a code from the app, or one recovery code. */
export const verifySchema = z.union([z.object({ code: totpCodeSchema }).strict(), z.object({ recoveryCode: recoveryCodeSchema }).strict()], {
  message: ADMIN_MESSAGES.codeFormat,
});

/** GET /api/admin/me */
export const adminStatusSchema = z.object({
  email: z.string(),
  enrolled: z.boolean(),
  /** Until when this session may act (ISO), or null: verify first. */
  verifiedUntil: z.string().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type AdminStatus = z.infer<typeof adminStatusSchema>;

/** POST /api/admin/enrolment: the secret, shown this once. */
export const enrolmentStartSchema = z.object({
  secret: z.string(),
  otpauthUrl: z.string(),
  /** An SVG image of otpauthUrl as a data: URL. */
  qrCode: z.string(),
});
export type EnrolmentStart = z.infer<typeof enrolmentStartSchema>;

/** POST /api/admin/enrolment/confirm: the recovery codes, shown this once. */
export const enrolmentDoneSchema = z.object({ recoveryCodes: z.array(z.string()), verifiedUntil: z.string() });
export type EnrolmentDone = z.infer<typeof enrolmentDoneSchema>;

export const verifiedSchema = z.object({ verifiedUntil: z.string(), recoveryCodesLeft: z.number().int() });

const trackId = z.string({ message: ADMIN_MESSAGES.trackIdInvalid }).uuid(ADMIN_MESSAGES.trackIdInvalid);

export const pickSchema = z.object({
  trackId: z.string(),
  position: z.number().int(),
  trackName: z.string(),
  artistName: z.string(),
});
export type AdminPick = z.infer<typeof pickSchema>;
export const picksSchema = z.object({ picks: z.array(pickSchema) });

/** POST /api/admin/picks */
export const addPickSchema = z.object({
  trackId,
  position: z.number({ message: ADMIN_MESSAGES.positionInvalid }).int(ADMIN_MESSAGES.positionInvalid).min(1, ADMIN_MESSAGES.positionInvalid).max(1000, ADMIN_MESSAGES.positionInvalid).optional(),
  reason,
});
/** PUT /api/admin/picks/{trackId}: moves a pick. */
export const movePickSchema = z.object({
  position: z.number({ message: ADMIN_MESSAGES.positionInvalid }).int(ADMIN_MESSAGES.positionInvalid).min(1, ADMIN_MESSAGES.positionInvalid).max(1000, ADMIN_MESSAGES.positionInvalid),
  reason,
});
export const trackParamsSchema = z.object({ trackId });
/** DELETE /api/admin/picks/{trackId}?reason= */
export const removePickQuerySchema = z.object({ reason });

/** GET /api/admin/tracks?q= */
export const trackSearchQuerySchema = z.object({ q: z.string().trim().max(100, ADMIN_MESSAGES.searchTooLong).default('') });
export const trackHitSchema = z.object({ id: z.string(), name: z.string(), artistName: z.string(), isPick: z.boolean() });
export type AdminTrackHit = z.infer<typeof trackHitSchema>;
export const trackSearchSchema = z.object({ tracks: z.array(trackHitSchema) });

/** GET /api/admin/audit?before= */
export const auditQuerySchema = z.object({
  before: z.string().regex(/^\d+$/, ADMIN_MESSAGES.cursorInvalid).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextBefore: z.string().nullable() });
export type AuditPage = z.infer<typeof auditPageSchema>;
