import { isReservedRouteWord } from './slug';

/**
 * The web app's pages (spec section 2's route table), in the router's order: the web router
 * (web/src/app/router.tsx) takes its paths from here and the server answers 404 for any address
 * none of them matches (issue 17), so the two cannot drift. Patterns are wouter's.
 */
export const PAGE_ROUTES = {
  landing: '/',
  auth: '/auth',
  verifyEmail: '/verify-email',
  resetPassword: '/reset-password',
  forArtists: '/for-artists',
  terms: '/terms-and-conditions',
  dashboard: '/dashboard',
  profile: '/profile/:identifier',
  track: '/track/:trackId',
  album: '/album/:albumId',
  search: '/search',
  genre: '/genre/:slug',
  purchase: '/purchase/:reference',
  library: '/library',
  redeem: '/redeem',
  follow: '/follow/:action',
  admin: '/admin',
  displayName: '/:displayName',
} as const;

/** /follow/{action}: the follow mails' two pages; any other action is the 404 page. */
export const FOLLOW_ACTIONS = ['confirm', 'unsubscribe'] as const;

/** Pages the server answers itself, outside the web router (issue 17's embeddable players). */
export const SERVER_PAGE_ROUTES = ['/embed/track/:id', '/embed/album/:id'] as const;

/** wouter's matching (regexparam): case-insensitive, an optional trailing slash, one segment per parameter. */
function matches(pattern: string, pathname: string): string[] | null {
  const source = pattern.replace(/\/:[^/]+/g, '/([^/]+?)').replace(/^\/$/, '');
  const match = new RegExp(`^${source}/?$`, 'i').exec(pathname);
  return match ? match.slice(1) : null;
}

/** The path as wouter matches it: decoded with decodeURI when it holds a '%' (a malformed one as it is). */
function decoded(pathname: string): string {
  try {
    return pathname.includes('%') ? decodeURI(pathname) : pathname;
  } catch {
    return pathname;
  }
}

/**
 * Whether the address (its path, without the query) is one of the app's pages: the first route
 * that matches decides, as in the router's Switch. /{displayName} may name no artist; its page
 * says so (and the server's renderer answers 404 for it).
 */
export function isKnownPagePath(rawPathname: string): boolean {
  const pathname = decoded(rawPathname);
  if (SERVER_PAGE_ROUTES.some((pattern) => matches(pattern, pathname))) return true;
  for (const pattern of Object.values(PAGE_ROUTES)) {
    const params = matches(pattern, pathname);
    if (!params) continue;
    if (pattern === PAGE_ROUTES.follow) return (FOLLOW_ACTIONS as readonly string[]).includes(params[0]!);
    if (pattern === PAGE_ROUTES.displayName) return !isReservedRouteWord(params[0]!);
    return true;
  }
  return false;
}
