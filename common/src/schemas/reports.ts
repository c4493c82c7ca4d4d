import { z } from 'zod';
import { purchaseEmail } from './payments';

/** Fans' reports and the console's reports queue (issue 21, docs/decisions/059): the server's texts. */
export const REPORT_MESSAGES = {
  itemTypeInvalid: 'Report a track, an album or a profile.',
  itemNotFound: 'That item does not exist (any more).',
  reasonRequired: 'Tell us what is wrong.',
  reasonTooLong: 'Keep it under 1,000 characters.',
  received: 'Thank you: the Sauti team will look at it.',
  reportNotFound: 'That report does not exist.',
  closed: 'That report is already closed.',
  noteRequired: 'Say what was done (kept in the audit log).',
  noteTooLong: 'Keep the note under 500 characters.',
} as const;

export const REPORT_REASON_MAX = 1000;
export const REPORT_ITEM_TYPES = ['track', 'album', 'profile'] as const;
export type ReportItemType = (typeof REPORT_ITEM_TYPES)[number];

/** POST /api/reports: public, no account; the e-mail is optional (to be answered). */
export const reportSchema = z.object({
  itemType: z.enum(REPORT_ITEM_TYPES, { message: REPORT_MESSAGES.itemTypeInvalid }),
  itemId: z.string({ message: REPORT_MESSAGES.itemNotFound }).trim().max(100, REPORT_MESSAGES.itemNotFound),
  reason: z.string({ message: REPORT_MESSAGES.reasonRequired }).trim().min(1, REPORT_MESSAGES.reasonRequired).max(REPORT_REASON_MAX, REPORT_MESSAGES.reasonTooLong),
  email: z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), purchaseEmail.optional()),
});
export type ReportInput = z.input<typeof reportSchema>;
export const reportReceivedSchema = z.object({ message: z.string() });

/** GET /api/admin/reports?status= */
export const reportStatusSchema = z.enum(['open', 'actioned', 'dismissed']);
export const reportsQuerySchema = z.object({ status: reportStatusSchema.default('open') });
export const adminReportSchema = z.object({
  id: z.string(),
  itemType: z.enum(REPORT_ITEM_TYPES),
  itemId: z.string(),
  /** The item's name (track, album or artist), or null when it is gone. */
  itemName: z.string().nullable(),
  /** The artist's name, or null when the item is gone. */
  artistName: z.string().nullable(),
  /** The public page of the item, or null when it is gone. */
  url: z.string().nullable(),
  reason: z.string(),
  email: z.string().nullable(),
  status: reportStatusSchema,
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  closedByEmail: z.string().nullable(),
  closeNote: z.string().nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;
export const adminReportsSchema = z.object({ reports: z.array(adminReportSchema) });

export const reportParamsSchema = z.object({ reportId: z.string().uuid(REPORT_MESSAGES.reportNotFound) });
/** POST /api/admin/reports/{id}/action: the note says what was done. */
export const actOnReportSchema = z.object({
  note: z.string({ message: REPORT_MESSAGES.noteRequired }).trim().min(1, REPORT_MESSAGES.noteRequired).max(500, REPORT_MESSAGES.noteTooLong),
});
/** POST /api/admin/reports/{id}/dismiss */
export const dismissReportSchema = z.object({ note: z.string().trim().max(500, REPORT_MESSAGES.noteTooLong).optional() });
