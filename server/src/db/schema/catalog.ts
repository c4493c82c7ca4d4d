import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { userIdColumn } from './accounts';
import { searchColumns } from './search-columns';

/**
 * A cover photo: the 3000x3000 original (kept for downloads) and the small derived images the
 * cover routes serve. A cover belongs to exactly one track or album; a new cover is a new row, so
 * a cover's URL content never changes and can be cached for a year.
 */
export const covers = pgTable(
  'covers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    originalKey: text('original_key').notNull(),
    /** image/png or image/jpeg, as decoded. */
    mimeType: text('mime_type').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    /** Derived images stored so far, as "<size>.<webp|jpg>" names under the cover's folder. */
    variants: jsonb('variants').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('covers_user_id_idx').on(t.userId)],
);

export const albums = pgTable(
  'albums',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    albumName: text('album_name').notNull(),
    coverId: uuid('cover_id').references(() => covers.id, { onDelete: 'set null' }),
    /** Minor units (KES x 100); 0 is free. */
    price: integer('price').notNull().default(0),
    /** Issue 21: fans may pay more than the price (a free album becomes 'Name your price'). */
    payMore: boolean('pay_more').notNull().default(false),
    /** Issue 21: the amount the purchase dialog suggests (minor units, >= price), or none. */
    suggestedPrice: integer('suggested_price'),
    /** Issue 17: a slug of common/genres.ts, or none. */
    genre: text('genre'),
    /** Issue 17: up to 5, trimmed and lowercased. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 17: name, genre and tags as search reads them (decision 037). */
    ...searchColumns('sauti_search_doc("album_name", NULL, "genre", "tags")'),
  },
  // New Releases (issue 17) reads the newest albums.
  (t) => [
    index('albums_user_id_idx').on(t.userId),
    index('albums_created_idx').on(t.createdAt),
    index('albums_search_trgm_idx').using('gin', t.searchDoc.op('gin_trgm_ops')),
    index('albums_search_tsv_idx').using('gin', t.searchTsv),
  ],
);

export const tracks = pgTable(
  'tracks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userIdColumn(),
    /** Deleting an album keeps its tracks as singles (docs/decisions/010). */
    albumId: uuid('album_id').references(() => albums.id, { onDelete: 'set null' }),
    /** Order within the album (0-based); null for a single. */
    albumPosition: integer('album_position'),
    trackName: text('track_name').notNull(),
    artistName: text('artist_name').notNull(),
    /** The uploader's file name, for display only: storage keys never derive from it. */
    originalName: text('original_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** The original's type, found from its content. */
    mimeType: text('mime_type').notNull(),
    /** Seconds, as decoded by ffmpeg. */
    duration: doublePrecision('duration').notNull(),
    audioKey: text('audio_key').notNull(),
    coverId: uuid('cover_id').references(() => covers.id, { onDelete: 'set null' }),
    price: integer('price').notNull().default(0),
    /** Issue 21: fans may pay more than the price (a free track becomes 'Name your price'). */
    payMore: boolean('pay_more').notNull().default(false),
    /** Issue 21: the amount the purchase dialog suggests (minor units, >= price), or none. */
    suggestedPrice: integer('suggested_price'),
    allowFullPlayback: boolean('allow_full_playback').notNull().default(true),
    /** Issue 17: a slug of common/genres.ts, or none. */
    genre: text('genre'),
    /** Issue 17: up to 5, trimmed and lowercased. */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    downloadCount: integer('download_count').notNull().default(0),
    /** Counted plays (plays table), kept here so lists need no aggregate. */
    streamCount: integer('stream_count').notNull().default(0),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 17: name, artist name, genre and tags as search reads them (decision 037). */
    ...searchColumns('sauti_search_doc("track_name", "artist_name", "genre", "tags")'),
  },
  (t) => [
    index('tracks_user_id_idx').on(t.userId),
    index('tracks_album_id_idx').on(t.albumId),
    // New Releases (issue 17) reads the newest tracks that are not on an album.
    index('tracks_single_uploaded_idx').on(t.uploadedAt).where(sql`${t.albumId} IS NULL`),
    // A genre's page, newest first, paged by (uploaded_at, id).
    index('tracks_genre_uploaded_idx').on(t.genre, t.uploadedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('tracks_search_trgm_idx').using('gin', t.searchDoc.op('gin_trgm_ops')),
    index('tracks_search_tsv_idx').using('gin', t.searchTsv),
    // Search walks the most played tracks first when a query matches many (decision 048).
    index('tracks_popular_idx').on(t.streamCount.desc().nullsFirst(), t.uploadedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Streaming renditions, and the download formats made from the original (issue 16: MP3 and FLAC, tagged). */
export const RENDITION_KINDS = ['standard', 'low', 'preview', 'preview_low', 'download_mp3', 'download_flac'] as const;
export type RenditionKind = (typeof RENDITION_KINDS)[number];

/** The track a row is about (track_id); deleting the track deletes the row. */
export const trackIdColumn = () => uuid('track_id').notNull().references(() => tracks.id, { onDelete: 'cascade' });

/** Compressed audio made from a track's original by the media job. */
export const trackRenditions = pgTable(
  'track_renditions',
  {
    trackId: trackIdColumn(),
    kind: text('kind', { enum: RENDITION_KINDS }).notNull(),
    storageKey: text('storage_key').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    mimeType: text('mime_type').notNull(),
    /** The audio key it was made from: a rendition of replaced audio is stale. */
    sourceKey: text('source_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.kind] })],
);

/** Every counted play (spec section 4), for analytics and trending. */
export const trackPlays = pgTable(
  'track_plays',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    trackId: trackIdColumn(),
    duration: doublePrecision('duration').notNull(),
    completedPercentage: doublePrecision('completed_percentage').notNull(),
    playedAt: timestamp('played_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('track_plays_track_played_idx').on(t.trackId, t.playedAt),
    // Discovery ranks everything played recently, whatever the track.
    index('track_plays_played_idx').on(t.playedAt),
  ],
);

/**
 * When each listener last had a play counted for each track: at most one per 10 minutes.
 * The listener is a hash (of the signed-in user or the client address), never the address itself.
 */
export const playThrottle = pgTable(
  'play_throttle',
  {
    trackId: trackIdColumn(),
    listenerHash: text('listener_hash').notNull(),
    lastCountedAt: timestamp('last_counted_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.trackId, t.listenerHash] }), index('play_throttle_last_counted_idx').on(t.lastCountedAt)],
);
