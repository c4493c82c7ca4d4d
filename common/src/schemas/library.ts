import { z } from 'zod';
import { purchaseEmail } from './payments';

/** A fan's library (issue 17, docs/decisions/038): the texts the server answers and the page shows. */
export const LIBRARY_MESSAGES = {
  linkSent: 'If this address bought anything on Sauti, a sign-in link is on its way. It works once, for 15 minutes.',
  linkInvalid: 'This sign-in link is not valid any more: links work once, for 15 minutes. Ask for a new one below.',
  signedOut: 'Ask for your library by e-mail to see it on this device.',
} as const;

/** POST /api/library/link */
export const libraryLinkSchema = z.object({ email: purchaseEmail });

/** POST /api/library/session */
export const librarySessionSchema = z.object({
  token: z.string({ message: LIBRARY_MESSAGES.linkInvalid }).trim().min(1, LIBRARY_MESSAGES.linkInvalid).max(200, LIBRARY_MESSAGES.linkInvalid),
});

export const libraryItemSchema = z.object({
  type: z.enum(['track', 'album']),
  id: z.string(),
  name: z.string(),
  artistName: z.string(),
  purchasedAt: z.string(),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

/** GET /api/library: everything paid with the signed-in address, newest first. */
export const libraryResponseSchema = z.object({ email: z.string(), items: z.array(libraryItemSchema) });
export type Library = z.infer<typeof libraryResponseSchema>;
