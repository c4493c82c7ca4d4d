/**
 * A cookie the page's script may read, set beside the httpOnly session cookie and cleared with it
 * (issue 33). It holds no secret, only "a session cookie exists": a visitor who never signed in
 * then asks nothing of GET /api/user, whose only answer for them would be a failed request (401).
 * Whether the session is still valid stays the server's answer.
 */
export const SESSION_HINT_COOKIE = 'sauti_signed_in';

/** The same for a fan's library session (its cookie is httpOnly and sent only to /api). */
export const LIBRARY_HINT_COOKIE = 'sauti_library';

/** Whether a `document.cookie` string carries the hint `name` (by default the session's). */
export function hasSessionHint(cookieHeader: string, name: string = SESSION_HINT_COOKIE): boolean {
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${name}=`));
}
