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
  return (
    <AlertDialog open onOpenChange={(open) => !pending && onOpenChange(open)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className="break-words">{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
          <Button variant="destructive" disabled={pending} aria-busy={pending || undefined} onClick={onConfirm}>
            {pending && <Spinner label={null} />}
            Delete
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
  return (
    <ConfirmDeleteDialog
      title="Delete track?"
      description={`“${track.trackName}” will be removed from Sauti with its audio and cover${
        albumName ? `, and from the album “${albumName}”` : ''
      }. This cannot be undone.`}
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
  const songs = album.tracks.length;
  return (
    <ConfirmDeleteDialog
      title="Delete album?"
      description={`The album “${album.albumName}” will be deleted. ${
        songs === 0 ? 'It has no songs.' : `Its ${songs === 1 ? 'song stays' : `${songs} songs stay`} in your Songs list as ${songs === 1 ? 'a single' : 'singles'}.`
      }`}
      pending={pending}
      onConfirm={onConfirm}
      onOpenChange={onOpenChange}
    />
  );
}
