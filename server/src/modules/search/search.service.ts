import { GENRES, genreName, isGenreSlug } from '#common/genres';
import type { GenreSummary, GenreTracksResponse, SearchResponse } from '#common/schemas/search';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { toPublicAlbumSummary, toPublicArtist, toPublicTrack } from '../public-pages';
import {
  countTracksByGenre,
  genreTracks,
  searchAlbums,
  searchArtists,
  searchTracks,
  withSearchSettings,
  type GenreCursor,
} from './search.repo';
import { searchWords } from './search.rules';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

/** A cursor is opaque to clients: base64url of "<time>|<id>". */
export function encodeCursor(cursor: GenreCursor): string {
  return Buffer.from(`${cursor.uploadedAt}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(text: string): GenreCursor {
  const [uploadedAt = '', id = '', ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  if (rest.length > 0 || !CURSOR_TIME.test(uploadedAt) || !UUID.test(id) || Number.isNaN(Date.parse(uploadedAt))) {
    throw new AppError('list.cursor-invalid');
  }
  return { uploadedAt, id };
}

/** Finding music (issue 17): search as one types, and genres. Reads only; nothing cached. */
export class SearchService {
  constructor(private readonly db: () => Db) {}

  /** GET /api/search: tracks, albums and artists, best match first; under 2 characters nothing. */
  async search(query: string, limit: number): Promise<SearchResponse> {
    const words = searchWords(query);
    if (words.length === 0) return { tracks: [], albums: [], artists: [] };
    return withSearchSettings(this.db(), async (tx) => {
      const tracks = await searchTracks(tx, words, limit);
      const artists = await searchArtists(tx, words, limit);
      const albums = await searchAlbums(
        tx,
        words,
        artists.map((artist) => artist.id),
        limit,
      );
      return {
        tracks: tracks.map(toPublicTrack),
        albums: albums.map(({ album, artist }) => toPublicAlbumSummary(album, artist)),
        artists: artists.map(toPublicArtist),
      };
    });
  }

  /** GET /api/genres: the whole list in its order, with public tracks counted. */
  async genres(): Promise<GenreSummary[]> {
    const counts = await countTracksByGenre(this.db());
    return GENRES.map(({ slug, name }) => ({ slug, name, trackCount: counts.get(slug) ?? 0 }));
  }

  /** GET /api/genres/{slug}/tracks: newest first, a page at a time. */
  async genreTracks(slug: string, limit: number, cursorText: string | undefined): Promise<GenreTracksResponse> {
    if (!isGenreSlug(slug)) throw new AppError('genre.not-found');
    const cursor = cursorText ? decodeCursor(cursorText) : undefined;
    const rows = await genreTracks(this.db(), slug, cursor, limit);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      genre: { slug, name: genreName(slug)! },
      tracks: page.map(toPublicTrack),
      nextCursor: rows.length > limit && last ? encodeCursor({ uploadedAt: last.position, id: last.id }) : null,
    };
  }
}
