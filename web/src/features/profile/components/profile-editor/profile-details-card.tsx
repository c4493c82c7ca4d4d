import { useState } from 'react';
import { Link } from 'wouter';
import { PencilIcon } from 'lucide-react';
import type { CurrentUser } from '#common/schemas/auth';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/section-card';
import { EditProfileDialog } from './edit-profile-dialog';
import { useAppI18n } from '@/lib/app-i18n';

/** The artist's own public page: the server's profile URL when it is a path on this site, else by id. */
function publicPath(user: CurrentUser): string {
  const url = user.profileUrl;
  return url.startsWith('/') && !url.startsWith('//') ? url : `/profile/${encodeURIComponent(user.id)}`;
}

/** Display name (spec section 2: edit display name) with the Edit Profile dialog. */
export function ProfileDetailsCard({ user }: { user: CurrentUser }) {
  const { t } = useAppI18n();
  const [editing, setEditing] = useState(false);
  return (
    <>
      <SectionCard
        title={t('profileEditor.details')}
        description={t('profileEditor.detailsDescription')}
        action={
          <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
            <PencilIcon aria-hidden="true" />
            {t('profileEditor.editProfile')}
          </Button>
        }
      >
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-muted-foreground">{t('profileEditor.displayName')}</dt>
          <dd className="font-medium break-words" data-testid="profile-display-name">
            {user.displayName}
          </dd>
          <dt className="text-muted-foreground">{t('profileEditor.publicPage')}</dt>
          <dd className="min-w-0 break-all">
            <Link href={publicPath(user)} className="font-medium text-primary underline-offset-4 hover:underline">
              {publicPath(user)}
            </Link>
          </dd>
          <dt className="text-muted-foreground">{t('profileEditor.email')}</dt>
          <dd className="font-medium wrap-anywhere">{user.email}</dd>
        </dl>
      </SectionCard>
      <EditProfileDialog user={user} open={editing} onOpenChange={setEditing} />
    </>
  );
}
