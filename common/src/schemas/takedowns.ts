import { z } from 'zod';

/** Takedowns in the operator's console (issue 21, docs/decisions/058): what the server answers and the console shows. */
export const TAKEDOWN_MESSAGES = {
  itemNotFound: 'There is no such track, album or artist.',
  alreadyTakenDown: 'This is taken down already.',
  notTakenDown: 'This is not taken down.',
  reasonRequired: 'Say why: the artist sees the reason.',
  reasonTooLong: 'Keep the reason under 500 characters.',
  itemTypeInvalid: 'Choose a track, an album or an artist.',
  itemIdInvalid: 'That is not an id of a track, an album or an artist.',
} as const;

export const takedownItemTypeSchema = z.enum(['track', 'album', 'artist'], { message: TAKEDOWN_MESSAGES.itemTypeInvalid });
export type TakedownItemType = z.infer<typeof takedownItemTypeSchema>;

const itemId = z.string({ message: TAKEDOWN_MESSAGES.itemIdInvalid }).uuid(TAKEDOWN_MESSAGES.itemIdInvalid);
const reason = z
  .string({ message: TAKEDOWN_MESSAGES.reasonRequired })
  .trim()
  .min(1, TAKEDOWN_MESSAGES.reasonRequired)
  .max(500, TAKEDOWN_MESSAGES.reasonTooLong);

/** POST /api/admin/takedowns */
export const takedownBodySchema = z.object({ itemType: takedownItemTypeSchema, itemId, reason });

/** DELETE /api/admin/takedowns/:itemType/:itemId?reason= (restore; the reason is optional) */
export const takedownParamsSchema = z.object({ itemType: takedownItemTypeSchema, itemId });
export const restoreQuerySchema = z.object({ reason: z.string().trim().max(500, TAKEDOWN_MESSAGES.reasonTooLong).optional() });

/** GET /api/admin/takedowns/find?q=: a search, or a pasted address or id. */
export const takedownFindQuerySchema = z.object({ q: z.string().trim().max(300) });

export const takedownSchema = z.object({
  itemType: takedownItemTypeSchema,
  itemId: z.string(),
  /** The item's name (an artist's display name), or null when it was deleted since. */
  name: z.string().nullable(),
  artistName: z.string().nullable(),
  reason: z.string(),
  takenDownAt: z.string(),
  actorEmail: z.string().nullable(),
});
export type Takedown = z.infer<typeof takedownSchema>;
export const takedownListSchema = z.object({ takedowns: z.array(takedownSchema) });

/** An item the console found, with whether it is down now (itself, or through its album or artist). */
export const takedownCandidateSchema = z.object({
  itemType: takedownItemTypeSchema,
  itemId: z.string(),
  name: z.string(),
  artistName: z.string(),
  takenDown: z.boolean(),
});
export type TakedownCandidate = z.infer<typeof takedownCandidateSchema>;
export const takedownCandidatesSchema = z.object({ items: z.array(takedownCandidateSchema) });

/** The artist's own view (GET /api/takedowns/mine): what an operator took down of theirs, and why. */
export const myTakedownSchema = z.object({
  itemType: takedownItemTypeSchema,
  itemId: z.string(),
  name: z.string().nullable(),
  reason: z.string(),
  takenDownAt: z.string(),
});
export type MyTakedown = z.infer<typeof myTakedownSchema>;
export const myTakedownsSchema = z.object({ takedowns: z.array(myTakedownSchema) });
