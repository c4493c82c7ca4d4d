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

/**
 * What crawlers must keep out of (issue 33): the signed-in and personal pages and the API answers
 * that are someone's own. Everything else is allowed, above all the share images a link preview
 * fetches (covers, profile photos, drawn cards, all under /api/) and /api/oembed: a crawler that
 * honours robots.txt (X's, LinkedIn's, chat apps') would otherwise preview a link without its picture.
 *
 * Written so both readings of robots.txt agree (RFC 9309's longest match, and the first match in
 * order of simpler parsers such as Python's urllib.robotparser, which know no wildcards): a private
 * list like /api/tracks (the artist's own tracks) shares its prefix with the public
 * /api/tracks/{id}/cover, so "Allow: /api/tracks/" comes first and is the longer rule, and
 * "Disallow: /api/tracks" then keeps out only the list itself. The private answers need a session
 * or a token as well: this only saves crawlers the 401s. The prefixes are the server's own GET
 * routes (app.printRoutes()).
 */
const PRIVATE_PATHS = [
  // A fan's purchases and follow mails (their addresses are keys).
  '/purchase/',
  '/follow/',
  // The signed-in person's answers, and the language switch (it sets a cookie; it is no page).
  '/api/user/preferences',
  '/api/library',
  '/api/receipts/',
  '/api/purchases/',
  '/api/payments/',
  '/api/payment-methods',
  '/api/payouts',
  '/api/banks',
  '/api/codes',
  '/api/sales',
  '/api/storage',
  '/api/social-links',
  '/api/analytics',
  '/api/takedowns/',
  '/api/uploads',
  '/api/admin/',
  '/api/language',
  // A purchase's downloads (RFC 9309 parsers; their token is the real guard).
  '/api/tracks/*/download',
  '/api/albums/*/download',
];

/**
 * The dashboard, the console and a fan's library: the page, with a query or a slash, but not an
 * artist whose address merely starts so (/administrator is someone's profile). "$" and "*" are
 * RFC 9309's; a parser that knows only prefixes reads "/dashboard/" alone (and "/dashboard?" as
 * "/dashboard", which would keep out /dashboardsound too: hence "?*").
 */
const PRIVATE_PAGES = ['/dashboard', '/admin', '/library'];

/** Public below these (a photo, covers, streams), private at the address itself (the signed-in person's own). */
const PRIVATE_LISTS = ['/api/user', '/api/tracks', '/api/albums'];

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PAGES.flatMap((page) => [`Disallow: ${page}$`, `Disallow: ${page}?*`, `Disallow: ${page}/`]),
    ...PRIVATE_PATHS.map((sitePath) => `Disallow: ${sitePath}`),
    ...PRIVATE_LISTS.flatMap((sitePath) => [`Allow: ${sitePath}/`, `Disallow: ${sitePath}`]),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
