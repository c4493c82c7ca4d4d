import { EMBED_SIZES, embedIframe, type EmbedKind } from '#common/embed';
import { DEFAULT_LANGUAGE, languageOf, type Language } from '#common/i18n/language';
import { COVER_SIZES, coverUrl } from '#common/playback';
import { embedTitle } from './embed-page';
import type { AlbumDetail, TrackDetail } from '#common/schemas/public';

/** The longest url worth parsing: a page address is well under it. */
export const OEMBED_MAX_URL_LENGTH = 2000;

/**
 * The item a page address names, if it is one of ours: /track/{id} or /album/{id} (or the
 * player itself, /embed/track/{id}), on the site's own host, http or https. Anything else is
 * undefined: oEmbed answers 404 for what it does not provide.
 */
export function itemOfPageUrl(url: string, allowedHosts: ReadonlySet<string>): { kind: EmbedKind; id: string; language?: Language } | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (!['http:', 'https:'].includes(parsed.protocol) || !allowedHosts.has(parsed.host.toLowerCase())) return undefined;
  const match = /^\/(?:embed\/)?(track|album)\/([^/]+)\/?$/.exec(parsed.pathname);
  if (!match) return undefined;
  let id: string;
  try {
    id = decodeURIComponent(match[2]!);
  } catch {
    return undefined;
  }
  // The page in Kiswahili (?lang=sw) gets the player in Kiswahili (issue 33).
  const language = languageOf(parsed.searchParams.get('lang'));
  return { kind: match[1] as EmbedKind, id, ...(language ? { language } : {}) };
}

/** Is it an absolute http(s) address at all? (Anything else is a 400: the consumer sent garbage.) */
export function isAbsoluteHttpUrl(url: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
}

/** oEmbed 1.0's answer for a rich item: our player in an iframe, within maxwidth/maxheight. */
export interface OEmbedRich {
  version: '1.0';
  type: 'rich';
  provider_name: 'Sauti';
  provider_url: string;
  title: string;
  author_name: string;
  author_url: string;
  html: string;
  width: number;
  height: number;
  cache_age: number;
  thumbnail_url?: string;
  thumbnail_width?: number;
  thumbnail_height?: number;
}

/** The answer may be cached by the consumer for a day (WordPress keeps its own copy anyway). */
const CACHE_AGE_SECONDS = 86_400;

export function oembedAnswer(
  item: { kind: 'track'; detail: TrackDetail } | { kind: 'album'; detail: AlbumDetail },
  options: { publicUrl: string; maxwidth?: number; maxheight?: number; language?: Language },
): OEmbedRich {
  const natural = EMBED_SIZES[item.kind];
  // oEmbed: the html must fit maxwidth x maxheight. The player shrinks to its frame's width; a
  // frame lower than the player scrolls (the album's song list) or crops.
  const width = Math.min(natural.width, options.maxwidth ?? natural.width);
  const height = Math.min(natural.height, options.maxheight ?? natural.height);
  const { id, name, artistName, coverPhotoFilename } =
    item.kind === 'track'
      ? { id: item.detail.track.id, name: item.detail.track.trackName, artistName: item.detail.track.artistName, coverPhotoFilename: item.detail.track.coverPhotoFilename }
      : { id: item.detail.album.id, name: item.detail.album.albumName, artistName: item.detail.album.artistName, coverPhotoFilename: item.detail.album.coverPhotoFilename };
  // oEmbed 1.0, section 2.3: the thumbnail too must respect maxwidth and maxheight (issue 33). The
  // largest square cover size within both, up to the 300 px it has always sent; none fits below 96.
  const thumbnailLimit = Math.min(300, options.maxwidth ?? 300, options.maxheight ?? 300);
  const thumbnailSize = [...COVER_SIZES].reverse().find((size) => size <= thumbnailLimit);
  const thumbnail = thumbnailSize === undefined ? null : coverUrl(item.kind, id, coverPhotoFilename, thumbnailSize);
  return {
    version: '1.0',
    type: 'rich',
    provider_name: 'Sauti',
    provider_url: `${options.publicUrl}/`,
    title: `${name} · ${artistName}`,
    author_name: item.detail.user.displayName,
    author_url: `${options.publicUrl}${item.detail.user.profileUrl}`,
    html: embedIframe({ origin: options.publicUrl, kind: item.kind, id, title: embedTitle(options.language ?? DEFAULT_LANGUAGE, name, artistName), width, height, language: options.language }),
    width,
    height,
    cache_age: CACHE_AGE_SECONDS,
    ...(thumbnail ? { thumbnail_url: `${options.publicUrl}${thumbnail}`, thumbnail_width: thumbnailSize, thumbnail_height: thumbnailSize } : {}),
  };
}
