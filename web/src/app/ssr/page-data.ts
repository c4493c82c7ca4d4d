import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { formatPrice } from '#common/money';
import { coverUrl, profilePhotoUrl } from '#common/playback';
import type { AlbumDetail, ProfileResponse, TrackDetail } from '#common/schemas/public';
import type { GenreTracksResponse } from '#common/schemas/search';
import { isReservedRouteWord } from '#common/slug';
import type { PageHead } from '#common/ssr';
import { albumDetailQueryKey } from '@/features/album/api/album-detail';
import { editorsPicksQuery, featuredArtistsQuery, featuredTracksQuery, newReleasesQuery } from '@/features/landing/api/featured';
import { profileQueryKey } from '@/features/profile/api/profile';
import { receiptQueryKey } from '@/features/receipt/api/receipt';
import { genreTracksQueryKey, SEARCH_PAGE_LIMIT, searchQueryKey } from '@/features/search/api/search';
import { trackDetailQueryKey } from '@/features/track/api/track-detail';
import type { Translator } from '@/lib/i18n';
import { genreDisplayName } from '@/lib/genre-name';

/**
 * Which pages are rendered on the server, the API reads each needs before it can paint, and its
 * share card (docs/decisions/029). Everything else (the dashboard, sign-in) is rendered in the
 * browser only.
 */
export interface PageData {
  queries: QueryKey[];
  /** The head in the page's language: `t` is the fan catalogue's translator the page is rendered with (issue 20). */
  head(client: QueryClient, t: T): PageHead;
}

type T = Translator['t'];

type PageImage = Pick<PageHead, 'imagePath' | 'imageWidth' | 'imageHeight'>;

/**
 * Every public page has an image for its share card (issue 17): the item's cover or the artist's
 * photo when there is one, else a card the server draws (name, initials, the site's colours),
 * 1200x630 as WhatsApp, X and Facebook want it; search and genre pages show the site's card.
 */
const generatedCard = (kind: 'track' | 'album' | 'profile', id: string): PageImage => ({
  imagePath: `/api/cards/${kind}/${encodeURIComponent(id)}.png`,
  imageWidth: 1200,
  imageHeight: 630,
});
const SITE_CARD: PageImage = { imagePath: '/api/cards/site.png', imageWidth: 1200, imageHeight: 630 };

/** A cover large enough for WhatsApp and X (they want at least 300 px), as JPEG; a track without its own shows its album's. */
const coverCard = (kind: 'track' | 'album', id: string, coverPhotoFilename: string | null): PageImage => {
  const url = coverUrl(kind, id, coverPhotoFilename, 640);
  return url ? { imagePath: `${url}&format=jpeg`, imageWidth: 640, imageHeight: 640 } : generatedCard(kind, id);
};

const priceText = (t: T, price: number | null | undefined) => (price ? formatPrice(price) : t('price.free'));

const staticPage = (canonicalPath: string, title: 'head.forArtistsTitle' | 'head.termsTitle'): PageData => ({
  queries: [],
  head: (_client, t) => ({ title: t(title), description: t('head.siteDescription'), canonicalPath, ...SITE_CARD, type: 'website' }),
});

function photoCard(user: ProfileResponse['user']): PageImage {
  const photo = user.hasProfilePhoto && profilePhotoUrl(user.id, user.profilePhotoFilename, 400);
  return photo ? { imagePath: photo, imageWidth: 400, imageHeight: 400 } : generatedCard('profile', user.id);
}

function profilePage(identifier: string): PageData {
  const key = profileQueryKey(identifier);
  return {
    queries: [key],
    head(client, t) {
      const { user, tracks } = client.getQueryData<ProfileResponse>(key)!;
      return {
        title: t('head.nameTitle', { name: user.displayName }),
        description: t('head.profileDescription', { name: user.displayName, count: tracks.length }),
        canonicalPath: user.profileUrl,
        ...photoCard(user),
        type: 'profile',
      };
    },
  };
}

/** The route's own parameter as the router sees it (wouter decodes the path with decodeURI). */
function segment(value: string): string {
  try {
    return decodeURI(value);
  } catch {
    return value;
  }
}

/**
 * /purchase/{reference}?token=... (issue 16): the buyer's own page. Its only read carries the
 * token from the address's query (the one page that takes anything from it); its head names
 * nothing bought and has no image (the server also marks it noindex and no-store), and its
 * canonical address drops the token.
 */
function receiptPage(reference: string, search: string): PageData {
  const token = new URLSearchParams(search).get('token');
  const head = (_client: QueryClient, t: T): PageHead => ({
    title: t('head.receiptTitle'),
    description: t('head.receiptDescription'),
    canonicalPath: `/purchase/${encodeURIComponent(reference)}`,
    type: 'website',
  });
  return { queries: token ? [receiptQueryKey(reference, token)] : [], head };
}

/** /search?q= (issue 17): the results for the address's query; its canonical address keeps the query. */
function searchPage(search: string): PageData {
  const q = new URLSearchParams(search).get('q') ?? '';
  return {
    queries: [searchQueryKey(q, SEARCH_PAGE_LIMIT)],
    head: (_client, t) => ({
      title: q ? t('head.searchTitleFor', { q }) : t('head.searchTitle'),
      description: t('head.siteDescription'),
      canonicalPath: q ? `/search?q=${encodeURIComponent(q)}` : '/search',
      ...SITE_CARD,
      type: 'website',
    }),
  };
}

/** /genre/{slug} (issue 17): the genre's first page of songs (an unknown genre is the 404 page). */
function genrePage(slug: string): PageData {
  const key = genreTracksQueryKey(slug);
  return {
    queries: [key],
    head(client, t) {
      const { genre } = client.getQueryData<GenreTracksResponse>(key)!;
      const name = genreDisplayName(genre.slug, t) ?? genre.name;
      return {
        title: t('head.nameTitle', { name }),
        description: t('head.genreDescription', { genre: name }),
        canonicalPath: `/genre/${genre.slug}`,
        ...SITE_CARD,
        type: 'website',
      };
    },
  };
}

/**
 * An address that is none of the app's pages (common/src/routes.ts): the 404 page, rendered like
 * the others; the server answers it with status 404 (issue 17).
 */
export const notFoundPage = (pathname: string): PageData => ({
  queries: [],
  head: (_client, t) => ({ title: t('head.notFoundTitle'), description: t('head.siteDescription'), canonicalPath: pathname, type: 'website' }),
});

/** The page's data and head; `search` ("?token=...") is read by the purchase page only. */
export function pageDataFor(pathname: string, search = ''): PageData | null {
  const parts = pathname.split('/').slice(1);
  if (parts.length === 2 && parts[1]) {
    const [kind, raw] = parts as [string, string];
    const id = segment(raw);
    if (kind === 'profile') return profilePage(id);
    if (kind === 'purchase') return receiptPage(id, search);
    if (kind === 'genre') return genrePage(id);
    if (kind === 'track') {
      const key = trackDetailQueryKey(id);
      return {
        queries: [key],
        head(client, t) {
          const { track } = client.getQueryData<TrackDetail>(key)!;
          const named = { name: track.trackName, artist: track.artistName };
          return {
            title: t('head.itemTitle', named),
            description: t('head.trackDescription', { ...named, price: priceText(t, track.price) }),
            canonicalPath: `/track/${track.id}`,
            ...coverCard('track', track.id, track.coverPhotoFilename),
            type: 'music.song',
            oembed: true,
          };
        },
      };
    }
    if (kind === 'album') {
      const key = albumDetailQueryKey(id);
      return {
        queries: [key],
        head(client, t) {
          const { album, tracks } = client.getQueryData<AlbumDetail>(key)!;
          const named = { name: album.albumName, artist: album.artistName };
          return {
            title: t('head.itemTitle', named),
            description: t('head.albumDescription', { ...named, count: tracks.length, price: priceText(t, album.price) }),
            canonicalPath: `/album/${album.id}`,
            ...coverCard('album', album.id, album.coverPhotoFilename),
            type: 'music.album',
            oembed: true,
          };
        },
      };
    }
    return null;
  }
  if (parts.length !== 1) return null;
  switch (pathname) {
    case '/':
      return {
        queries: [featuredTracksQuery.queryKey, featuredArtistsQuery.queryKey, editorsPicksQuery.queryKey, newReleasesQuery.queryKey],
        head: (_client, t) => ({ title: t('head.siteTitle'), description: t('head.siteDescription'), canonicalPath: '/', ...SITE_CARD, type: 'website' }),
      };
    case '/search':
      return searchPage(search);
    case '/for-artists':
      return staticPage('/for-artists', 'head.forArtistsTitle');
    case '/terms-and-conditions':
      return staticPage('/terms-and-conditions', 'head.termsTitle');
  }
  const displayName = segment(parts[0]!);
  // /{displayName}: a profile, except the reserved words, which are the client's 404 page.
  return displayName && !isReservedRouteWord(displayName) ? profilePage(displayName) : null;
}
