import type { Album, Track } from '#common/schemas/catalog/responses';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useAppI18n } from '@/lib/app-i18n';

/** A delete confirmation (spec section 2): says what goes, and waits for the server before closing. */
function ConfirmDeleteDialog({
  title,
  description,
  pending,
  onConfirm,
  onOpenChange,
}: {
  title: string;
  description: string;
  pending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useAppI18n();
  return (
    <AlertDialog open onOpenChange={(open) => !pending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className="break-words">{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>{t('myMusic.cancel')}</AlertDialogCancel>
          <Button variant="destructive" disabled={pending} aria-busy={pending || undefined} onClick={onConfirm}>
            {pending && <Spinner label={null} />}
            {t('myMusic.delete')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

export function DeleteTrackDialog({
  track,
  albumName,
  pending,
  onConfirm,
  onOpenChange,
}: {
  track: Track;
  /** The album the track is in, if any: it leaves it. */
  albumName?: string;
  pending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useAppI18n();
  return (
    <ConfirmDeleteDialog
      title={t('myMusic.deleteTrackTitle')}
      description={
        albumName ? t('myMusic.deleteTrackInAlbumText', { track: track.trackName, album: albumName }) : t('myMusic.deleteTrackText', { track: track.trackName })
      }
      pending={pending}
      onConfirm={onConfirm}
      onOpenChange={onOpenChange}
    />
  );
}

export function DeleteAlbumDialog({
  album,
  pending,
  onConfirm,
  onOpenChange,
}: {
  album: Album;
  pending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useAppI18n();
  return (
    <ConfirmDeleteDialog
      title={t('myMusic.deleteAlbumTitle')}
      description={t('myMusic.deleteAlbumText', { album: album.albumName, count: album.tracks.length })}
      pending={pending}
      onConfirm={onConfirm}
      onOpenChange={onOpenChange}
    />
  );
}
