import { isReservedSlug, toSlug } from '#common/slug';

/** Hosts where the short /{slug} address is not served by a public host name. */
export function isDevelopmentHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '127.0.0.1' ||
    host === '0.0.0.0' ||
    host === '::1' ||
    host.endsWith('.local')
  );
}

/**
 * Spec section 2: the public profile link is {origin}/profile/{slug} on localhost or a
 * development host, otherwise {host}/{slug}. A name taken before its word was reserved (decision
 * 042) keeps /profile/{slug}: /{word} is the site's page now.
 */
export function publicProfileLink(displayName: string, location: Pick<Location, 'origin' | 'host' | 'hostname'>): string {
  const slug = toSlug(displayName);
  if (isDevelopmentHost(location.hostname)) return `${location.origin}/profile/${slug}`;
  return isReservedSlug(slug) ? `${location.host}/profile/${slug}` : `${location.host}/${slug}`;
}

/** The artist's own page: the server's profile URL when it is a path on this site, else by id. */
export function profileHref(user: { id: string; profileUrl: string }): string {
  const url = user.profileUrl;
  return url.startsWith('/') && !url.startsWith('//') ? url : `/profile/${encodeURIComponent(user.id)}`;
}
