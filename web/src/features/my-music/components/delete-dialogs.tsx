import type { Album, Track } from '#common/schemas/catalog/responses';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useAppI18n } from '@/lib/app-i18n';

/** Delete a song (spec section 2): says what goes, and waits for the server before closing. */
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
    <ConfirmDialog
      title={t('myMusic.deleteTrackTitle')}
      description={
        albumName ? t('myMusic.deleteTrackInAlbumText', { track: track.trackName, album: albumName }) : t('myMusic.deleteTrackText', { track: track.trackName })
      }
      cancelLabel={t('myMusic.cancel')}
      confirmLabel={t('myMusic.delete')}
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
    <ConfirmDialog
      title={t('myMusic.deleteAlbumTitle')}
      description={t('myMusic.deleteAlbumText', { album: album.albumName, count: album.tracks.length })}
      cancelLabel={t('myMusic.cancel')}
      confirmLabel={t('myMusic.delete')}
      pending={pending}
      onConfirm={onConfirm}
      onOpenChange={onOpenChange}
    />
  );
}
