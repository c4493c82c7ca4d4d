import type { Album, Track } from '#common/schemas/catalog/responses';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useAppI18n } from '@/lib/app-i18n';

/** What the owner of a delete confirmation controls. */
interface DeleteControl {
  pending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}

/** My Music's delete confirmation: Cancel and Delete under what goes. */
function DeleteDialog({ title, description, ...control }: DeleteControl & { title: string; description: string }) {
  const { t } = useAppI18n();
  return <ConfirmDialog title={title} description={description} cancelLabel={t('myMusic.cancel')} confirmLabel={t('myMusic.delete')} {...control} />;
}

/** Delete a song (spec section 2): says what goes, and waits for the server before closing. */
export function DeleteTrackDialog({
  track,
  albumName,
  ...control
}: DeleteControl & {
  track: Track;
  /** The album the track is in, if any: it leaves it. */
  albumName?: string;
}) {
  const { t } = useAppI18n();
  return (
    <DeleteDialog
      title={t('myMusic.deleteTrackTitle')}
      description={
        albumName ? t('myMusic.deleteTrackInAlbumText', { track: track.trackName, album: albumName }) : t('myMusic.deleteTrackText', { track: track.trackName })
      }
      {...control}
    />
  );
}

export function DeleteAlbumDialog({ album, ...control }: DeleteControl & { album: Album }) {
  const { t } = useAppI18n();
  return <DeleteDialog title={t('myMusic.deleteAlbumTitle')} description={t('myMusic.deleteAlbumText', { album: album.albumName, count: album.tracks.length })} {...control} />;
}
