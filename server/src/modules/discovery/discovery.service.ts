import type { FeaturedArtist, FeaturedTrackEntry, NewRelease } from '#common/schemas/public';
import type { Db } from '../../db/client';
import { toPublicUser } from '../auth';
import { toPublicAlbumSummary, toPublicTrack } from '../public-pages';
import { expireTrends } from '../playback';
import {
  computePopularArtists,
  emptyRankings,
  newReleaseKeys,
  publicAlbumsByIds,
  publicTracksByIds,
  lockRankings,
  readEditorsPicks,
  readPopularArtists,
  readTrending,
  replaceRanking,
  type PublicArtistRow,
  type PublicTrackRow,
} from './discovery.repo';

const toFeaturedTrack = (row: PublicTrackRow): FeaturedTrackEntry => ({ track: toPublicTrack(row) });
const toFeaturedArtist = (row: PublicArtistRow): FeaturedArtist => toPublicUser(row);

export interface RecomputeResult {
  /** Tracks whose trending score lost events that left the 14-day window. */
  trendingExpired: number;
  popularArtists: number;
  ms: number;
}

/**
 * The landing page's lists (docs/decisions/028, 039). Trending scores are kept current by the
 * counting of plays and downloads (playback) and read by index; popular artists are computed by a
 * scheduled job into discovery_rankings, read by primary key. Both join the tracks or users, so a
 * deleted track or account drops out at once. The routes keep serialised answers until an event
 * says they changed (discovery.plugin.ts, docs/decisions/053).
 */
export class DiscoveryService {
  private readonly recomputed = new Set<() => void>();

  constructor(private readonly db: () => Db) {}

  /** Called after this process replaced the rankings (answer caches forget theirs). */
  onRecomputed(listener: () => void) {
    this.recomputed.add(listener);
  }

  /** Answers are read afresh from now on (after changes made outside this process, e.g. the picks command). */
  forgetAnswers() {
    this.recomputed.forEach((listener) => listener());
  }

  async featuredTracks(limit: number): Promise<FeaturedTrackEntry[]> {
    return (await readTrending(this.db(), limit)).map(toFeaturedTrack);
  }

  async featuredArtists(limit: number): Promise<FeaturedArtist[]> {
    return (await readPopularArtists(this.db(), limit)).map(toFeaturedArtist);
  }

  /** The newest releases (albums and tracks not on an album); one deleted meanwhile is skipped. */
  async newReleases(limit: number): Promise<NewRelease[]> {
    const db = this.db();
    const keys = await newReleaseKeys(db, limit);
    const ids = (kind: 'track' | 'album') => keys.filter((key) => key.kind === kind).map((key) => key.id);
    const [trackRows, albumRows] = await Promise.all([publicTracksByIds(db, ids('track')), publicAlbumsByIds(db, ids('album'))]);
    const byId = new Map<string, NewRelease>([
      ...trackRows.map((row): [string, NewRelease] => [row.id, { type: 'track', track: toPublicTrack(row) }]),
      ...albumRows.map((row): [string, NewRelease] => [row.album.id, { type: 'album', album: toPublicAlbumSummary(row.album, row.artist) }]),
    ]);
    return keys.flatMap((key) => byId.get(key.id) ?? []);
  }

  async editorsPicks(limit: number): Promise<FeaturedTrackEntry[]> {
    return (await readEditorsPicks(this.db(), limit)).map(toFeaturedTrack);
  }

  /**
   * The scheduled work: events that left the trending window are taken out of the scores, and
   * popular artists are computed (outside any transaction: the aggregation is the slow part) and
   * replaced in one transaction under an advisory lock, so readers see the old list or the new one
   * and two processes never interleave their replacements.
   */
  async recompute(now = new Date()): Promise<RecomputeResult> {
    const started = performance.now();
    const db = this.db();
    const trendingExpired = await expireTrends(db, now);
    const artists = await computePopularArtists(db, now);
    await db.transaction(async (tx) => {
      await lockRankings(tx);
      await replaceRanking(tx, 'popular-artists', artists, now);
    });
    this.recomputed.forEach((listener) => listener());
    return { trendingExpired, popularArtists: artists.length, ms: performance.now() - started };
  }

  /** At startup: a list with no entry (a fresh install, a restored database) is computed now, not in 5 minutes. */
  async hasEmptyList(): Promise<boolean> {
    return (await emptyRankings(this.db())).length > 0;
  }
}
