import path from 'node:path';
import type { CurrentUser, PublicUser } from '#common/schemas/auth';

interface UserFields {
  id: string;
  displayName: string;
  displaySlug: string;
  profilePhotoKey: string | null;
}

/** The user object of spec section 3, as anyone may see it. */
export function toPublicUser(user: UserFields): PublicUser {
  return {
    id: user.id,
    displayName: user.displayName,
    profilePhotoFilename: user.profilePhotoKey ? path.posix.basename(user.profilePhotoKey) : null,
    profileUrl: `/profile/${encodeURIComponent(user.displaySlug)}`,
    hasProfilePhoto: user.profilePhotoKey !== null,
  };
}

/** The signed-in user's own view of their account. */
export function toCurrentUser(user: UserFields & { email: string }): CurrentUser {
  return { ...toPublicUser(user), email: user.email };
}
