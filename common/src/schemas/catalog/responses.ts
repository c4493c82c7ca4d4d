import { z } from 'zod';

// ---------------------------------------------------------------------------------------------
// Responses (spec section 3)
// ---------------------------------------------------------------------------------------------

export const trackSchema = z.object({
  id: z.string(),
  userId: z.string(),
  trackName: z.string(),
  artistName: z.string(),
  /** The uploaded file's name, as the artist's computer called it (display only). */
  originalName: z.string(),
  /** Bytes of the uploaded original. */
  fileSize: z.number(),
  /** The original's type as found from its content, e.g. audio/mpeg, audio/wav. */
  mimeType: z.string(),
  /** Seconds, as decoded. */
  duration: z.number(),
  downloadCount: z.number(),
  /** ISO 8601, UTC. */
  uploadedAt: z.string(),
  /**
   * Names the current cover, or null without one. It changes whenever the cover does: use it as
   * the version in the cover URL (see coverUrl), which is then cached for a year.
   */
  coverPhotoFilename: z.string().nullable(),
  albumId: z.string().nullable(),
  /** Minor units (KES x 100); 0 means free. */
  price: z.number(),
  /** Issue 21: fans may pay more than the price (a free one is 'Name your price'). */
  payMore: z.boolean(),
  /** Issue 21: the amount the purchase dialog suggests (minor units, >= price), or null. */
  suggestedPrice: z.number().nullable(),
  allowFullPlayback: z.boolean(),
  /** Issue 17: a slug of common/genres.ts (GET /api/genres names them), or null. */
  genre: z.string().nullable(),
  /** Issue 17: up to 5, lowercased. */
  tags: z.array(z.string()),
  streamCount: z.number(),
  /** False until the compressed streaming renditions exist (the original streams meanwhile). */
  streamReady: z.boolean(),
});
export type Track = z.infer<typeof trackSchema>;

export const albumSchema = z.object({
  id: z.string(),
  userId: z.string(),
  albumName: z.string(),
  /** The artist's display name. */
  artistName: z.string(),
  coverPhotoFilename: z.string().nullable(),
  price: z.number(),
  payMore: z.boolean(),
  suggestedPrice: z.number().nullable(),
  genre: z.string().nullable(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  /** In album order. */
  tracks: z.array(trackSchema),
  /**
   * The artist's own list only (GET /api/albums): the album itself was sold, so it cannot be
   * deleted (issue 16) and its Delete says so at once (issue 33). Absent elsewhere.
   */
  sold: z.boolean().optional(),
});
export type Album = z.infer<typeof albumSchema>;

/** Purchase item (spec section 3). */
export const purchaseItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  type: z.enum(['track', 'album']),
  /** Issue 21: the fan may pay more than the price (the dialog asks how much); missing means no. */
  payMore: z.boolean().optional(),
  suggestedPrice: z.number().nullable().optional(),
});
export type PurchaseItem = z.infer<typeof purchaseItemSchema>;

/** GET /api/storage: bytes stored (audio and cover originals) against the quota (spec section 9). */
export const storageUseSchema = z.object({ used: z.number().int(), quota: z.number().int() });
export type StorageUse = z.infer<typeof storageUseSchema>;
