/**
 * Playback constants and URLs, free of zod: the player imports these on public pages, where the
 * schema library would cost fans ~24 KB of download for nothing.
 */

export const PREVIEW_SECONDS = 25;
/** A play is recorded once per selection when playback first reaches this many seconds. */
export const PLAY_COUNT_AFTER_SECONDS = 5;
/** Derived cover sizes served by the cover routes (?size=). */
export const COVER_SIZES = [96, 300, 640] as const;
export type CoverSize = (typeof COVER_SIZES)[number];
/** Derived square sizes served by GET /api/user/{id}/profile-photo?size= (WebP, or JPEG). */
export const PROFILE_PHOTO_SIZES = [96, 300, 400] as const;
export type ProfilePhotoSize = (typeof PROFILE_PHOTO_SIZES)[number];

/**
 * The URL of a user's profile photo, or null without one. With the version (profilePhotoFilename)
 * in the URL the image is cached for a year; the server sends WebP to browsers that accept it.
 */
export function profilePhotoUrl(userId: string, profilePhotoFilename: string | null, size: ProfilePhotoSize = 300): string | null {
  if (!profilePhotoFilename) return null;
  return `/api/user/${encodeURIComponent(userId)}/profile-photo?size=${size}&v=${encodeURIComponent(profilePhotoFilename)}`;
}

/**
 * The URL of a cover thumbnail. With the version (coverPhotoFilename) in the URL the image is
 * cached for a year; the server sends WebP to browsers that accept it, else JPEG.
 */
export function coverUrl(kind: 'track' | 'album', id: string, coverPhotoFilename: string | null, size: CoverSize = 300): string | null {
  if (!coverPhotoFilename) return null;
  return `/api/${kind === 'track' ? 'tracks' : 'albums'}/${id}/cover?size=${size}&v=${encodeURIComponent(coverPhotoFilename)}`;
}

/** The stream URL; quality 'low' is the data-saver rendition the listener may choose. */
export function streamUrl(trackId: string, quality: 'standard' | 'low' = 'standard'): string {
  return quality === 'low' ? `/api/tracks/${trackId}/stream?quality=low` : `/api/tracks/${trackId}/stream`;
}
