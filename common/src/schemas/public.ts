import { z } from 'zod';
import { publicUserSchema } from './auth';
import { albumSchema, trackSchema } from './catalog/responses';
import { CATALOG_MESSAGES } from './catalog/rules';
import { downloadOptionSchema } from './playback';

/**
 * What anyone may read: the public profile, track and album pages and the landing page's lists
 * (spec sections 3 and 7). These are the artist's own shapes minus what is private: the uploader's
 * file name (it can say more than the artist meant to publish) and the rendition state.
 */

/**
 * `purchasable` (issue 16): false only for a priced item whose artist has no payout method yet
 * (the page says 'Not on sale yet' instead of offering a Buy that cannot work); true otherwise,
 * free items included. What a visitor owns is not here: it comes from GET /api/purchases/owned,
 * so these answers stay the same for everyone and can be cached and shared.
 */
export const publicTrackSchema = trackSchema.omit({ originalName: true, streamReady: true }).extend({ purchasable: z.boolean() });
export type PublicTrack = z.infer<typeof publicTrackSchema>;

/** An album without its tracks (the album page answers them beside it). */
export const publicAlbumSummarySchema = albumSchema.omit({ tracks: true }).extend({ purchasable: z.boolean() });
export type PublicAlbumSummary = z.infer<typeof publicAlbumSummarySchema>;

/** An album with its tracks in album order, as the profile's expandable Albums section shows it. */
export const publicAlbumSchema = publicAlbumSummarySchema.extend({ tracks: z.array(publicTrackSchema) });
export type PublicAlbum = z.infer<typeof publicAlbumSchema>;

/** Spec section 3: social link. */
export const socialLinkSchema = z.object({ id: z.string(), title: z.string(), url: z.string() });
export type SocialLink = z.infer<typeof socialLinkSchema>;

/** GET /api/profile/{identifier}. `tracks` is every track of the artist, newest first. */
export const profileResponseSchema = z.object({
  user: publicUserSchema,
  tracks: z.array(publicTrackSchema),
  albums: z.array(publicAlbumSchema),
  socialLinks: z.array(socialLinkSchema),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** The album a track is on, as its page names and links it (issue 17), with its cover's file name. */
export const trackAlbumSchema = z.object({ id: z.string(), albumName: z.string(), coverPhotoFilename: z.string().nullable() });
export type TrackAlbum = z.infer<typeof trackAlbumSchema>;

/** How many of the artist's other tracks a track page shows under "More from {artist}". */
export const MORE_FROM_ARTIST_LIMIT = 4;

/**
 * GET /api/track-detail/{trackId}. `downloads` (issue 16): the formats it offers with their sizes
 * (common/schemas/playback.ts downloadOptionSchema: `approximate` says whether `bytes` is exact).
 * `album` (issue 17): the album it is on, or null; `moreFromArtist`: up to MORE_FROM_ARTIST_LIMIT
 * of the artist's other tracks, newest first.
 */
export const trackDetailSchema = z.object({
  track: publicTrackSchema,
  user: publicUserSchema,
  downloads: z.array(downloadOptionSchema),
  album: trackAlbumSchema.nullable(),
  moreFromArtist: z.array(publicTrackSchema),
});
export type TrackDetail = z.infer<typeof trackDetailSchema>;

/**
 * GET /api/album-detail/{albumId}: the album, its tracks in album order, its artist, and its
 * `downloads` (the ZIP of each format, always `approximate`: the ZIP's headers add a little).
 */
export const albumDetailSchema = z.object({
  album: publicAlbumSummarySchema,
  tracks: z.array(publicTrackSchema),
  user: publicUserSchema,
  downloads: z.array(downloadOptionSchema),
});
export type AlbumDetail = z.infer<typeof albumDetailSchema>;

/** Spec section 3: a featured track entry wraps a track (featured tracks and editor's picks). */
export const featuredTrackEntrySchema = z.object({ track: publicTrackSchema });
export type FeaturedTrackEntry = z.infer<typeof featuredTrackEntrySchema>;

/** Spec section 3: a featured artist entry is id, displayName, profileUrl, hasProfilePhoto. */
export const featuredArtistSchema = publicUserSchema;
export type FeaturedArtist = z.infer<typeof featuredArtistSchema>;

/** Spec section 9: 12 featured tracks, 10 featured artists, 12 editor's picks. */
export const DISCOVERY_DEFAULT_LIMITS = { featuredTracks: 12, featuredArtists: 10, editorsPicks: 12, newReleases: 12 } as const;

/**
 * GET /api/new-releases (issue 17): the newest releases, newest first: albums (with songs) and
 * tracks that are not on an album, so an album of ten songs is one entry, not ten.
 */
export const newReleaseSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('track'), track: publicTrackSchema }),
  z.object({ type: z.literal('album'), album: publicAlbumSummarySchema }),
]);
export type NewRelease = z.infer<typeof newReleaseSchema>;

/** Spec section 8: the public read calls' not-found messages. */
export const PUBLIC_NOT_FOUND_MESSAGES = {
  profile: 'Profile not found',
  track: CATALOG_MESSAGES.trackNotFound,
  album: CATALOG_MESSAGES.albumNotFound,
} as const;
