/**
 * GET /sitemap.xml and GET /robots.txt (sitemaps.org protocol 0.9): where crawlers find the public
 * pages, on the configured PUBLIC_URL. Pure text; the service gathers what to list.
 */

/** The protocol's limit per sitemap file (a larger catalogue would need a sitemap index). */
export const SITEMAP_MAX_URLS = 50_000;

export interface SitemapPages {
  profileSlugs: string[];
  albumIds: string[];
  trackIds: string[];
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

/** The web app's addresses of each page (spec section 2), percent-encoded as the protocol asks. */
export function sitemapPaths(pages: SitemapPages): string[] {
  return [
    ...pages.profileSlugs.map((slug) => `/profile/${encodeURIComponent(slug)}`),
    ...pages.albumIds.map((id) => `/album/${encodeURIComponent(id)}`),
    ...pages.trackIds.map((id) => `/track/${encodeURIComponent(id)}`),
  ].slice(0, SITEMAP_MAX_URLS);
}

/**
 * No <lastmod>: a profile or album page changes with its tracks, links and photo, which no single
 * column dates, and crawlers learn to ignore a sitemap whose dates are wrong.
 */
export function sitemapXml(publicUrl: string, pages: SitemapPages): string {
  const urls = sitemapPaths(pages).map((sitePath) => `<url><loc>${escapeXml(publicUrl + sitePath)}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

/** The dashboard and the API are not pages to index; everything else is. */
export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', 'Disallow: /dashboard', 'Disallow: /api/', '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}
