import { useCurrentUser } from '@/lib/auth';
import { ProfileDetailsCard } from './profile-editor/profile-details-card';
import { ProfilePhotoCard } from './profile-editor/profile-photo-card';
import { SocialLinksCard } from './profile-editor/social-links-card';

/**
 * The dashboard's Profile section (spec section 2): the display name with Edit Profile, the
 * profile photo, and the social links. The public page is profile-page.tsx.
 */
export function ProfileSection() {
  const { user } = useCurrentUser();
  // The dashboard renders sections only for a signed-in user.
  if (!user) return null;
  return (
    <div className="grid gap-6">
      <ProfileDetailsCard user={user} />
      <ProfilePhotoCard user={user} />
      <SocialLinksCard />
    </div>
  );
}
