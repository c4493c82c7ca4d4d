import type { PublicUser } from '#common/schemas/auth';
import type { PublicAlbumSummary, PublicTrack, TrackAlbum } from '#common/schemas/public';
import { toPublicUser } from '../auth';
import { coverFileName } from '../media';
import { trackFields } from '../../lib/track-fields';
import type { ArtistRow, PublicAlbumRow, PublicTrackRow, TrackAlbumRow } from './public-pages.repo';

/**
 * Rows as anyone may see them (spec section 3, common/schemas/public.ts). The routes also answer
 * through those schemas, which drop any field they do not name.
 */

/**
 * Issue 16: a priced item is on sale only when its artist can be paid (a payout method), as
 * payments' initialize requires; a free item is always `purchasable` (nothing to refuse).
 */
const purchasable = (price: number, sellerCanBePaid: boolean) => !(price > 0) || sellerCanBePaid;

/** The artist as everyone sees them: the auth module's one mapping. */
export const toPublicArtist = (artist: ArtistRow): PublicUser => toPublicUser(artist);

export function toPublicTrack(row: Omit<PublicTrackRow, 'albumPosition'>): PublicTrack {
  return {
    ...trackFields(row, coverFileName(row.coverId, row.coverMimeType)),
    // Issue 21: paying more needs an artist who can be paid; else the item sells (or is free) as priced.
    payMore: row.payMore && row.sellerCanBePaid,
    suggestedPrice: row.suggestedPrice,
    allowFullPlayback: row.allowFullPlayback,
    genre: row.genre,
    tags: row.tags,
    streamCount: row.streamCount,
    purchasable: purchasable(row.price, row.sellerCanBePaid),
  };
}

/** An album's artist name is its artist's display name (as the dashboard shows it). */
export function toPublicAlbumSummary(row: PublicAlbumRow, artist: ArtistRow): PublicAlbumSummary {
  return {
    id: row.id,
    userId: row.userId,
    albumName: row.albumName,
    artistName: artist.displayName,
    coverPhotoFilename: coverFileName(row.coverId, row.coverMimeType),
    price: row.price,
    payMore: row.payMore && row.sellerCanBePaid,
    suggestedPrice: row.suggestedPrice,
    genre: row.genre,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    purchasable: purchasable(row.price, row.sellerCanBePaid),
  };
}

export function toTrackAlbum(row: TrackAlbumRow): TrackAlbum {
  return { id: row.id, albumName: row.albumName, coverPhotoFilename: coverFileName(row.coverId, row.coverMimeType) };
}
