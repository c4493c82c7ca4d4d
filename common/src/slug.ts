/**
 * The public slug of a display name (spec section 2): lowercased, with whitespace and every
 * non-alphanumeric character removed. Letters and digits of any script count as alphanumeric, so
 * "Zoë Wanjiru" becomes "zoëwanjiru" rather than losing its ë (docs/decisions/003).
 */
export function toSlug(displayName: string): string {
  return displayName.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** Top-level routes of the web app: /{word} shows the 404 page instead of a profile (spec section 2). */
export const RESERVED_ROUTE_WORDS = [
  'auth',
  'dashboard',
  'profile',
  'verify-email',
  'reset-password',
  'terms-and-conditions',
  'for-artists',
  'track',
  'album',
  // Issue 16: the receipt e-mail's purchase page, /purchase/{reference}.
  'purchase',
  // Issue 17: a fan's library (/library) and following an artist by e-mail (/follow/confirm, /follow/unsubscribe).
  'library',
  'follow',
  // Issue 17: /search?q= and /genre/{slug}.
  'search',
  'genre',
] as const;

/**
 * Slugs no display name may take: the spec's reserved words (as slugs, so without hyphens) and
 * paths the server itself serves.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  ...RESERVED_ROUTE_WORDS.map(toSlug),
  'api',
  'assets',
  'admin',
  'login',
  'logout',
  'register',
  'signup',
  'signin',
  'settings',
  'support',
  'help',
  'about',
  'terms',
  'privacy',
  'sauti',
]);

export function isReservedRouteWord(segment: string): boolean {
  return (RESERVED_ROUTE_WORDS as readonly string[]).includes(segment.toLowerCase());
}

export function isReservedSlug(slug: string): boolean {
  return RESERVED_SLUGS.has(slug);
}
