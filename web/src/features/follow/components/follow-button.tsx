import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { FollowButtonProps } from '@/lib/follow';
import { useI18n } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/* The dialog (its form, schema and Radix dialog) is its own chunk, fetched on the first click: public pages stay within their JavaScript budget. */
const FollowDialog = lazy(() => import('./follow-dialog').then((module) => ({ default: module.FollowDialog })));

/** Follow {artist} by e-mail (issue 17): a button that opens a small dialog asking for the address. */
export function FollowArtistButton({ artistId, artistName, className }: FollowButtonProps) {
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const { t } = useI18n();
  return (
    <>
      <Button
        type="button"
        variant="outline"
        className={cn('h-11 sm:h-9', className)}
        aria-label={t('follow.buttonLabel', { artist: artistName })}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
      >
        {t('follow.button')}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <FollowDialog artistId={artistId} artistName={artistName} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
