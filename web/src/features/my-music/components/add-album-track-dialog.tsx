import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ALBUM_TRACK_AUDIO_ACCEPT } from '#common/schemas/catalog/rules';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { albumTrackSchema, type AlbumTrackInput, type AlbumTrackValues } from '../lib/catalog-forms';
import { AudioFileField } from './audio-file-field';
import { PlaybackModeField, PriceField, TrackAndArtistFields } from './form-fields';

/**
 * Add Track to Album (spec sections 2 and 3, album-track form): a new song for the album being
 * made or edited. Nothing is sent yet; the file goes up with the album.
 */
export function AddAlbumTrackDialog({
  open,
  onOpenChange,
  artistName,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  artistName: string;
  onAdd: (track: AlbumTrackValues) => void;
}) {
  const form = useForm<AlbumTrackInput, unknown, AlbumTrackValues>({
    resolver: zodResolver(albumTrackSchema),
    defaultValues: { trackName: '', artistName, price: '', allowFullPlayback: true, audioFile: undefined },
  });

  const submit = form.handleSubmit((values) => {
    onAdd(values);
    form.reset();
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="grid-cols-1 sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Add Track to Album</DialogTitle>
          <DialogDescription>MP3, WAV, M4A, AAC, OGG or FLAC, up to 50 MB. It is uploaded when you save the album.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            // The dialog sits inside the album dialog: keep this submit from reaching the album's form.
            onSubmit={(event) => {
              event.stopPropagation();
              void submit(event);
            }}
            noValidate
            className="grid gap-4"
            aria-label="Add Track to Album"
          >
            <AudioFileField accept={ALBUM_TRACK_AUDIO_ACCEPT} />
            <TrackAndArtistFields />
            <PriceField />
            <PlaybackModeField id="album-track-full-playback" />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit">Add Track</Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
