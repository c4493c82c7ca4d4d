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

/**
 * Which pages are rendered on the server, the API reads each needs before it can paint, and its
 * share card (docs/decisions/029). Everything else (the dashboard, sign-in) is rendered in the
 * browser only.
 */
export interface PageData {
  queries: QueryKey[];
  head(client: QueryClient): PageHead;
}

export const SITE_TITLE = 'Sauti · Music from independent Kenyan artists';
export const SITE_DESCRIPTION =
  'Stream, download and buy music straight from independent Kenyan artists. Prices in KES, pay by card or M-Pesa.';

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

const priceText = (price: number | null | undefined) => (price ? formatPrice(price) : 'Free');

const staticPage = (canonicalPath: string, title: string): PageData => ({
  queries: [],
  head: () => ({ title, description: SITE_DESCRIPTION, canonicalPath, ...SITE_CARD, type: 'website' }),
});

function photoCard(user: ProfileResponse['user']): PageImage {
  const photo = user.hasProfilePhoto && profilePhotoUrl(user.id, user.profilePhotoFilename, 400);
  return photo ? { imagePath: photo, imageWidth: 400, imageHeight: 400 } : generatedCard('profile', user.id);
}

function profilePage(identifier: string): PageData {
  const key = profileQueryKey(identifier);
  return {
    queries: [key],
    head(client) {
      const { user, tracks } = client.getQueryData<ProfileResponse>(key)!;
      const count = tracks.length === 1 ? '1 track' : `${tracks.length} tracks`;
      return {
        title: `${user.displayName} · Sauti`,
        description: `Listen to ${user.displayName} on Sauti: ${count}, streamed and sold straight from the artist.`,
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
  const head = (): PageHead => ({
    title: 'Your purchase · Sauti',
    description: 'Download what you bought on Sauti, in the format you choose.',
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
    head: () => ({
      title: q ? `${q} · Search · Sauti` : 'Search · Sauti',
      description: SITE_DESCRIPTION,
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
    head(client) {
      const { genre } = client.getQueryData<GenreTracksResponse>(key)!;
      return {
        title: `${genre.name} · Sauti`,
        description: `New ${genre.name} songs from independent Kenyan artists on Sauti: stream, download and buy.`,
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
  head: () => ({ title: 'Page not found · Sauti', description: SITE_DESCRIPTION, canonicalPath: pathname, type: 'website' }),
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
        head(client) {
          const { track } = client.getQueryData<TrackDetail>(key)!;
          return {
            title: `${track.trackName} · ${track.artistName}`,
            description: `${track.trackName} by ${track.artistName} on Sauti. ${priceText(track.price)}.`,
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
        head(client) {
          const { album, tracks } = client.getQueryData<AlbumDetail>(key)!;
          const songs = tracks.length === 1 ? '1 song' : `${tracks.length} songs`;
          return {
            title: `${album.albumName} · ${album.artistName}`,
            description: `${album.albumName} by ${album.artistName} on Sauti: ${songs}. ${priceText(album.price)}.`,
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
        head: () => ({ title: SITE_TITLE, description: SITE_DESCRIPTION, canonicalPath: '/', ...SITE_CARD, type: 'website' }),
      };
    case '/search':
      return searchPage(search);
    case '/for-artists':
      return staticPage('/for-artists', 'For Artists · Sauti');
    case '/terms-and-conditions':
      return staticPage('/terms-and-conditions', 'Terms and Conditions · Sauti');
  }
  const displayName = segment(parts[0]!);
  // /{displayName}: a profile, except the reserved words, which are the client's 404 page.
  return displayName && !isReservedRouteWord(displayName) ? profilePage(displayName) : null;
}
