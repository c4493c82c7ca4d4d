/**
 * The public slug of a display name (spec section 2): lowercased, with whitespace and every
 * non-alphanumeric character removed. Letters and digits of any script count as alphanumeric, so
 * "Zoë Wanjiru" becomes "zoëwanjiru" rather than losing its ë (docs/decisions/003).
 */
export function toSlug(displayName: string): string {
  return displayName.normalize('NFC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** The spec's route words (section 2): reserved since the first account, so no artist holds one. */
const SPEC_ROUTE_WORDS = ['auth', 'dashboard', 'profile', 'verify-email', 'reset-password', 'terms-and-conditions', 'for-artists', 'track', 'album'] as const;

/**
 * Words reserved as new pages arrived. An artist may have taken one as their name before: they keep
 * it, and their /profile/{slug} keeps working, while /{word} is the new page (docs/decisions/042).
 */
const LATER_ROUTE_WORDS = [
  // Issue 16: the receipt e-mail's purchase page, /purchase/{reference}.
  'purchase',
  // Issue 17: a fan's library (/library) and following an artist by e-mail (/follow/confirm, /follow/unsubscribe).
  'library',
  'follow',
  // Issue 17: /search?q= and /genre/{slug}.
  'search',
  'genre',
  // Issue 17: the embeddable players, /embed/track/{id} and /embed/album/{id}.
  'embed',
  // DESIGN.md "This round": gift codes (/redeem) and the operator's console (/admin).
  'redeem',
  'admin',
] as const;

/** Top-level routes of the web app: /{word} shows the 404 page instead of a profile (spec section 2). */
export const RESERVED_ROUTE_WORDS = [...SPEC_ROUTE_WORDS, ...LATER_ROUTE_WORDS] as const;

/**
 * Slugs no display name may take: the spec's reserved words (as slugs, so without hyphens) and
 * paths the server itself serves.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  ...RESERVED_ROUTE_WORDS.map(toSlug),
  'api',
  'assets',
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

/**
 * A reserved slug an artist may still hold, because it was reserved after sign-ups began (see
 * LATER_ROUTE_WORDS): their profile resolves by it under /profile/, never at /{word}.
 */
export function isSlugKeptByItsHolder(slug: string): boolean {
  return (LATER_ROUTE_WORDS as readonly string[]).includes(slug);
}
