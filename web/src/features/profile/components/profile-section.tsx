import { UserRoundIcon } from 'lucide-react';
import { SectionPlaceholder } from '@/components/section-placeholder';
import { useCurrentUser } from '@/lib/auth';

/** The dashboard's Profile section: editing the artist's profile (the public page is profile-page.tsx). */
export function ProfileSection() {
  const { user } = useCurrentUser();
  return (
    <SectionPlaceholder
      icon={UserRoundIcon}
      title="Profile"
      description="This is how fans will see you. Editing your profile is not open yet."
      upcoming={[
        'Change your display name',
        'Upload a profile photo (400x400 px recommended, JPG or PNG)',
        'Add and remove links to your social media',
      ]}
    >
      {user && (
        <dl className="grid gap-3 rounded-lg border bg-muted/30 p-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6">
          <dt className="text-muted-foreground">Display name</dt>
          <dd className="font-medium break-words">{user.displayName}</dd>
          <dt className="text-muted-foreground">Email</dt>
          <dd className="font-medium break-all">{user.email}</dd>
        </dl>
      )}
    </SectionPlaceholder>
  );
}
