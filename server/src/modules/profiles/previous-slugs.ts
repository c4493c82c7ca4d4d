import { toSlug } from '#common/slug';
import type { DbOrTx } from '../../db/client';
import { previousSlugOwner } from './profiles.repo';

/**
 * The artist a retired slug still leads to, or undefined. For the public profile read: a profile
 * not found by its current slug is looked up here and redirected to the artist's current one, so
 * a share link printed before a rename keeps working. Current slugs take precedence: look here only
 * when no artist has the slug now. The slug is normalised as display names are (toSlug).
 */
export async function userIdForPreviousSlug(db: DbOrTx, slug: string): Promise<string | undefined> {
  const normalized = toSlug(slug);
  return normalized === '' ? undefined : previousSlugOwner(db, normalized);
}
