import { FollowButton } from '@/lib/follow';
import { ExternalLinkIcon, TriangleAlertIcon, UserRoundXIcon } from 'lucide-react';
import type { ProfileResponse, SocialLink } from '#common/schemas/public';
import { StatusCard } from '@/components/status-card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { hasErrorCode } from '@/lib/api';
import { ArtistAvatar, ReportLink } from '@/components/public-pieces';
import { useI18n } from '@/lib/i18n';
import { useProfile } from '../api/profile';
import { ProfileAlbums } from './profile-albums';
import { ProfileTrackRow } from './profile-track-row';

/**
 * /profile/{identifier} and /{displayName} (spec section 2): the artist's header, albums and
 * music. A 404 or an answer without an artist is 'Profile Not Found'; any other failure 'Profile Error'.
 */
export function ProfilePage({ identifier }: { identifier: string }) {
  const { data, error, isPending } = useProfile(identifier);
  const notFound = hasErrorCode(error, 'profile.not-found', 'not-found') || (!isPending && !error && !data?.user);
  const { t } = useI18n();
  const title = data?.user?.displayName ?? (notFound ? t('profile.notFound') : error ? t('profile.error') : undefined);
  useDocumentTitle(title);

  if (isPending) return <ProfileSkeleton />;
  if (notFound || !data?.user) {
    if (error && !notFound) {
      return (
        <StatusCard
          icon={<TriangleAlertIcon />}
          title={t('profile.error')}
          description={t('profile.errorDescription')}
        />
      );
    }
    return (
      <StatusCard
        icon={<UserRoundXIcon />}
        title={t('profile.notFound')}
        description={t('profile.notFoundDescription')}
      />
    );
  }
  return <Profile profile={data} />;
}

function Profile({ profile }: { profile: ProfileResponse }) {
  const { user, tracks = [], albums = [], socialLinks = [] } = profile;
  const { t } = useI18n();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-6 pb-12 sm:px-6 sm:pt-10">
      <header className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-center sm:gap-6 sm:text-left">
        <ArtistAvatar user={user} size={112} priority className="shadow-sm" />
        <div className="min-w-0 space-y-2">
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{user.displayName}</h1>
          <p className="text-muted-foreground" data-testid="tracks-available">
            {t('profile.tracksAvailable', { count: tracks.length })}
          </p>
          <SocialLinks links={socialLinks} />
          <FollowButton artistId={user.id} artistName={user.displayName} />
        </div>
      </header>

      {albums.length > 0 && (
        <section aria-labelledby="profile-albums-heading" className="mt-10">
          <h2 id="profile-albums-heading" className="mb-3 text-xl font-semibold">
            {t('profile.albums')}
          </h2>
          <ProfileAlbums albums={albums} />
        </section>
      )}

      <section aria-labelledby="profile-music-heading" className="mt-10">
        <h2 id="profile-music-heading" className="mb-3 text-xl font-semibold">
          {t('profile.music')}
        </h2>
        {tracks.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-10 text-center text-muted-foreground">{t('profile.noTracks')}</p>
        ) : (
          <ul className="grid gap-2" aria-label={t('profile.music')}>
            {tracks.map((track) => (
              <ProfileTrackRow key={track.id} track={track} />
            ))}
          </ul>
        )}
      </section>
      <ReportLink itemType="profile" itemId={user.id} name={user.displayName} className="mt-8" />
    </div>
  );
}

/** Only web addresses become buttons (a javascript: or data: link would run in our page). */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url.trim());

function SocialLinks({ links }: { links: SocialLink[] }) {
  const shown = links.filter((link) => isWebAddress(link.url));
  const { t } = useI18n();
  if (shown.length === 0) return null;
  return (
    <ul className="flex flex-wrap justify-center gap-2 pt-1 sm:justify-start" aria-label={t('profile.socialLinks')}>
      {shown.map((link) => (
        <li key={link.id}>
          <Button asChild variant="outline" className="rounded-full">
            <a href={link.url.trim()} target="_blank" rel="noopener noreferrer">
              {link.title}
              <ExternalLinkIcon aria-hidden="true" />
              <span className="sr-only">{t('common.opensInNewTab')}</span>
            </a>
          </Button>
        </li>
      ))}
    </ul>
  );
}

function ProfileSkeleton() {
  const { t } = useI18n();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-6 pb-12 sm:px-6 sm:pt-10" aria-busy="true" data-testid="profile-loading">
      <span className="sr-only" role="status">
        {t('profile.loading')}
      </span>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:gap-6">
        <Skeleton className="size-28 rounded-full" />
        <div className="grid justify-items-center gap-2 sm:justify-items-start">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-5 w-32" />
        </div>
      </div>
      <Skeleton className="mt-10 mb-3 h-7 w-44" />
      <div className="grid gap-2">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} className="h-[86px] w-full rounded-lg" />
        ))}
      </div>
    </div>
  );
}
