import type { FastifyBaseLogger } from 'fastify';
import { downloadOptionsFor } from '#common/schemas/playback';
import { MORE_FROM_ARTIST_LIMIT, type AlbumDetail, type ProfileResponse, type TrackDetail } from '#common/schemas/public';
import { isReservedSlug, isSlugKeptByItsHolder, toSlug } from '#common/slug';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { ListenerHasher } from '../playback';
import { userIdForPreviousSlug } from '../profiles';
import {
  findAlbum,
  findArtistById,
  findArtistBySlug,
  findTrack,
  forgetOldViewThrottles,
  listAlbumTracks,
  listArtistAlbums,
  listArtistTracks,
  listMoreFromArtist,
  listSocialLinks,
  madeDownloadSizes,
  PROFILE_VIEW_WINDOW_MINUTES,
  sitemapEntries,
  type ArtistRow,
  type PublicTrackRow,
} from './public-pages.repo';
import { toPublicAlbumSummary, toPublicArtist, toPublicTrack, toTrackAlbum } from './public-view';
import type { Language } from '#common/i18n/language';
import { ShareCardRenderer, type RenderedCard, type ShareCardKind, type ShareCardText } from './share-card';
import { robotsTxt, SITEMAP_MAX_URLS, sitemapXml } from './sitemap';
import { ViewCounter } from './view-counter';

/** What the public pages work with; none of it knows about HTTP. */
export interface PublicPagesContext {
  db: () => Db;
  log: FastifyBaseLogger;
  /** The origin of the web app (config PUBLIC_URL, no trailing slash). */
  publicUrl: string;
  /** Hashes a viewer with the day's listener salt, as playback hashes a listener. */
  viewers: ListenerHasher;
}

/** Who is looking at a profile: the signed-in user (asked only when counting) and the client's address. */
export interface Viewer {
  userId: () => Promise<string | undefined>;
  address: string;
  /** False when the request carries no session cookie: the viewer is their address, known at once. */
  signedIn?: boolean;
}

/** Longer than any display name (50) or id: not worth a query. */
export const MAX_IDENTIFIER_LENGTH = 200;

const CONTROL_CHARACTER = /\p{Cc}/u;

/** Album order, as the catalogue keeps it: position, then upload time. */
function inAlbumOrder(a: PublicTrackRow, b: PublicTrackRow): number {
  return (
    (a.albumPosition ?? Number.MAX_SAFE_INTEGER) - (b.albumPosition ?? Number.MAX_SAFE_INTEGER) ||
    a.uploadedAt.getTime() - b.uploadedAt.getTime() ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The public read model (spec section 7): an artist's profile, a track page, an album page, and
 * the sitemap. Reads only, except that a profile read counts a view (docs/decisions/026).
 */
/**
 * GET /api/profile/{identifier} as its route read it (decision 079): the text as typed, and the id
 * it names when it is shaped like one (lower-cased). Any text may still be a slug.
 */
export interface ArtistIdentifier {
  text: string;
  id?: string;
}

export class PublicPagesService {
  /** Profile views being counted after their answer went out (awaited on shutdown). */
  private readonly counting = new Set<Promise<void>>();
  private readonly cards = new ShareCardRenderer();
  private readonly views: ViewCounter;

  constructor(private readonly context: PublicPagesContext) {
    this.views = new ViewCounter(context.db, context.log, PROFILE_VIEW_WINDOW_MINUTES * 60_000);
  }

  /**
   * GET /api/profile/{identifier}: an artist by id, else by the slug of the identifier (so
   * "DJ Kali", "dj kali" and "djkali" all reach DJ Kali); a reserved word never resolves, except one
   * reserved after its artist took it (decision 042). The same for every visitor: the view is
   * counted apart (countViewLater), whether this answer was built or kept (decision 052).
   */
  async profile(identifier: ArtistIdentifier): Promise<ProfileResponse> {
    const artist = await this.resolve(identifier);
    if (!artist) throw new AppError('profile.not-found');
    const db = this.context.db();
    const [tracks, albums, socialLinks] = await Promise.all([
      listArtistTracks(db, artist.id),
      listArtistAlbums(db, artist.id),
      listSocialLinks(db, artist.id),
    ]);
    // An album's songs are always its artist's own (the catalogue checks), so they are among `tracks`.
    return {
      user: toPublicArtist(artist),
      tracks: tracks.map(toPublicTrack),
      albums: albums.map((album) => ({
        ...toPublicAlbumSummary(album, artist),
        tracks: tracks
          .filter((track) => track.albumId === album.id)
          .sort(inAlbumOrder)
          .map(toPublicTrack),
      })),
      socialLinks,
    };
  }

  private async resolve({ text, id }: ArtistIdentifier): Promise<ArtistRow | undefined> {
    // A NUL or a megabyte of text would only reach the database to find nothing (or fail).
    if (text.length > MAX_IDENTIFIER_LENGTH || CONTROL_CHARACTER.test(text)) return undefined;
    const db = this.context.db();
    if (id) {
      const byId = await findArtistById(db, id);
      if (byId) return byId;
    }
    const slug = toSlug(text);
    if (!slug) return undefined;
    // A word reserved after sign-ups began leads to the artist who already held it, and to nobody else.
    if (isReservedSlug(slug)) return isSlugKeptByItsHolder(slug) ? findArtistBySlug(db, slug) : undefined;
    const current = await findArtistBySlug(db, slug);
    if (current) return current;
    // A renamed artist's old links (a poster, an old share) still reach them.
    const previousOwner = await userIdForPreviousSlug(db, slug);
    return previousOwner ? findArtistById(db, previousOwner) : undefined;
  }

  /**
   * A view of the artist's profile, counted after it was read and not waited for: counting can
   * neither slow nor fail the page (a failure is logged). At most one per viewer per profile per
   * 10 minutes, never the artist's own; written in batches (ViewCounter, decision 052).
   */
  countViewLater(userId: string, viewer: Viewer): void {
    // A visitor without a session, once today's salt is here: counted (or found already counted in
    // the window) right here, with no promise and no hash made again (decision 065).
    if (viewer.signedIn === false) {
      const viewerHash = this.context.viewers.hashNow({ userId: undefined, address: viewer.address });
      if (viewerHash !== undefined) return this.views.add(userId, viewerHash);
    }
    const counting = this.countView(userId, viewer).catch((error: unknown) => {
      this.context.log.error({ err: error, userId }, 'could not count a profile view');
    });
    this.counting.add(counting);
    void counting.finally(() => this.counting.delete(counting));
  }

  private async countView(userId: string, viewer: Viewer): Promise<void> {
    const viewerId = await viewer.userId();
    if (viewerId === userId) return;
    const viewerHash = await this.context.viewers.hash({ userId: viewerId, address: viewer.address });
    this.views.add(userId, viewerHash);
  }

  /** Resolves once every view counted so far is stored (shutdown waits for it; so do tests). */
  async viewsCounted(): Promise<void> {
    while (this.counting.size > 0) await Promise.all([...this.counting]);
    await this.views.flush();
  }

  /** At close: every view heard of is stored (or logged as lost if the database refuses it). */
  async close(): Promise<void> {
    while (this.counting.size > 0) await Promise.all([...this.counting]);
    await this.views.close();
  }

  /** GET /api/track-detail/{trackId} (the id checked by its route): the track, its artist, the album it is on and more from the artist. */
  async trackDetail(trackId: string): Promise<TrackDetail> {
    const db = this.context.db();
    const found = await findTrack(db, trackId);
    if (!found) throw new AppError('track.not-found');
    const [made, more] = await Promise.all([
      madeDownloadSizes(db, [found.track.id]),
      listMoreFromArtist(db, found.track.userId, found.track.id, MORE_FROM_ARTIST_LIMIT),
    ]);
    const downloads = downloadOptionsFor('track', [{ ...found.track, made: made.get(found.track.id) ?? {} }]);
    return {
      track: toPublicTrack(found.track),
      user: toPublicArtist(found.artist),
      downloads,
      album: found.album && toTrackAlbum(found.album),
      moreFromArtist: more.map(toPublicTrack),
    };
  }

  /** GET /api/album-detail/{albumId} (the id checked by its route): the album, its tracks in album order, its artist. */
  async albumDetail(albumId: string): Promise<AlbumDetail> {
    const db = this.context.db();
    const found = await findAlbum(db, albumId);
    if (!found) throw new AppError('album.not-found');
    const tracks = await listAlbumTracks(db, [found.album.id]);
    const made = await madeDownloadSizes(db, tracks.map((track) => track.id));
    const songs = tracks.map((track) => ({ ...track, made: made.get(track.id) ?? {} }));
    const downloads = downloadOptionsFor('album', songs, found.album.coverByteSize ?? 0);
    return { album: toPublicAlbumSummary(found.album, found.artist), tracks: tracks.map(toPublicTrack), user: toPublicArtist(found.artist), downloads };
  }

  /**
   * GET /api/cards/{kind}/{id}.png and /api/cards/site.png: the generated share card of a track,
   * an album or an artist (the same items their public reads answer; anything else is a 404), or
   * of the site. A card that cannot be drawn is answered by the site card, logged. The id was
   * checked by the route (CARD_NOT_FOUND).
   */
  async shareCard(kind: ShareCardKind, id: string, language: Language = 'en'): Promise<RenderedCard> {
    const card = await this.cardText(kind, id);
    try {
      return await this.cards.render(card, language);
    } catch (error) {
      this.context.log.warn({ err: error, kind }, 'could not draw a share card; the site card answers');
      return this.cards.render({ kind: 'site', name: '' }, language);
    }
  }

  private async cardText(kind: ShareCardKind, id: string): Promise<ShareCardText> {
    const db = this.context.db();
    switch (kind) {
      case 'site':
        return { kind, name: '' };
      case 'track': {
        const found = await findTrack(db, id);
        if (!found) throw new AppError('track.not-found');
        return { kind, name: found.track.trackName, byline: found.track.artistName };
      }
      case 'album': {
        const found = await findAlbum(db, id);
        if (!found) throw new AppError('album.not-found');
        return { kind, name: found.album.albumName, byline: found.artist.displayName };
      }
      case 'profile': {
        const artist = await findArtistById(db, id.toLowerCase());
        if (!artist) throw new AppError('profile.not-found');
        return { kind, name: artist.displayName };
      }
    }
  }

  /** GET /sitemap.xml: every artist with a track, every album, every track, up to the protocol's 50,000. */
  async sitemap(): Promise<string> {
    return sitemapXml(this.context.publicUrl, await sitemapEntries(this.context.db(), SITEMAP_MAX_URLS));
  }

  robots(): string {
    return robotsTxt(this.context.publicUrl);
  }

  /** Throttle rows past their window (a scheduled job). */
  async forgetOld(): Promise<void> {
    await forgetOldViewThrottles(this.context.db());
  }
}
