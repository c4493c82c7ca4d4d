import { ArrowLeftIcon } from 'lucide-react';
import { Link } from 'wouter';
import { useI18n } from '@/lib/i18n';
import { profileHref } from '@/lib/profile-link';

/** The track and album pages' way back to the artist (spec section 2). */
export function BackToArtistLink({ user }: { user: { id: string; profileUrl: string; displayName: string } }) {
  const { t } = useI18n();
  return (
    <Link
      href={profileHref(user)}
      className="inline-flex min-h-10 items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {t('item.backTo', { artist: user.displayName })}
    </Link>
  );
}
