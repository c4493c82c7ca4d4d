import { z } from 'zod';
import { purchaseEmail } from './payments';

/** Following an artist by e-mail (issue 17, docs/decisions/038): the texts the server answers and the pages show. */
export const FOLLOW_MESSAGES = {
  requested: 'Check your e-mail: confirm there and you will hear from this artist when they release something new.',
  confirmed: 'You are following this artist: one short e-mail when they release something, at most one a day.',
  linkInvalid: 'This link is not valid any more. Follow the artist again from their page to get a new one.',
  unsubscribed: 'You are unsubscribed: no more e-mails from this artist.',
  artistNotFound: 'Artist not found',
} as const;

const followToken = z
  .string({ message: FOLLOW_MESSAGES.linkInvalid })
  .trim()
  .min(1, FOLLOW_MESSAGES.linkInvalid)
  .max(200, FOLLOW_MESSAGES.linkInvalid);

/** POST /api/follows */
export const followSchema = z.object({
  artistId: z.string({ message: FOLLOW_MESSAGES.artistNotFound }).trim().max(100, FOLLOW_MESSAGES.artistNotFound),
  email: purchaseEmail,
});
export type FollowInput = z.input<typeof followSchema>;

/** POST /api/follows/confirm */
export const followTokenSchema = z.object({ token: followToken });

/** POST /api/follows/confirm: who is now followed. */
export const followConfirmedSchema = z.object({ message: z.string(), artistName: z.string() });
export type FollowConfirmed = z.infer<typeof followConfirmedSchema>;
