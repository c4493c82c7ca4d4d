import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { PageHead } from '#common/ssr';
import { editorsPicksQuery, featuredArtistsQuery, featuredTracksQuery } from '@/features/landing/api/featured';

/**
 * Which pages are rendered on the server, the API reads each needs before it can paint, and its
 * share card. Everything else (the dashboard, sign-in) is rendered in the browser only.
 */
export interface PageData {
  queries: QueryKey[];
  head(client: QueryClient): PageHead;
}

export const SITE_TITLE = 'Sauti · Music from independent Kenyan artists';
export const SITE_DESCRIPTION =
  'Stream, download and buy music straight from independent Kenyan artists. Prices in KES, pay by card or M-Pesa.';

const staticPage = (canonicalPath: string, title: string, description = SITE_DESCRIPTION): PageData => ({
  queries: [],
  head: () => ({ title, description, canonicalPath, type: 'website' }),
});

export function pageDataFor(pathname: string): PageData | null {
  switch (pathname) {
    case '/':
      return {
        queries: [featuredTracksQuery.queryKey, featuredArtistsQuery.queryKey, editorsPicksQuery.queryKey],
        head: () => ({ title: SITE_TITLE, description: SITE_DESCRIPTION, canonicalPath: '/', type: 'website' }),
      };
    case '/for-artists':
      return staticPage('/for-artists', 'For artists · Sauti');
    case '/terms-and-conditions':
      return staticPage('/terms-and-conditions', 'Terms and Conditions · Sauti');
    default:
      return null;
  }
}
