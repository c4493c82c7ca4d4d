import { useId, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { UploadIcon } from 'lucide-react';
import { formatDuration } from '#common/format';
import { minorToKesInput } from '#common/money';
import { type Album, type Track } from '#common/schemas/catalog/responses';
import { coverUrl } from '#common/schemas/catalog/rules';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, FormItem, FormMessage } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import { isAbortError } from '@/lib/upload';
import { createAlbum, refreshCatalog, updateAlbum } from '../api/catalog-api';
import { useUpload } from '../hooks/use-upload';
import { albumFormData, albumSchema, type AlbumInput, type AlbumValues } from '../lib/catalog-forms';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { AddAlbumTrackDialog, songPriceOf } from './add-album-track-dialog';
import { CoverPhotoFormField, GenreAndTagsFields, NameField, PayMoreField, PriceField } from './form-fields';
import { NewAlbumTrackItem } from './new-album-track-item';
import { UploadProgress } from './upload-progress';
import { useAppI18n } from '@/lib/app-i18n';

const FIELDS = ['albumName', 'price', 'coverPhoto', 'selectedSongs'] as const;

/**
 * Create/Edit Album (spec sections 2 and 4): cover photo, name, price, an 'Upload Tracks' button
 * for new songs (shown as 'New track' with Remove), a checklist of existing songs and a count of
 * the songs selected. Submit is disabled while pending or when no song is selected.
 */
export function AlbumDialog({
  album,
  tracks,
  albums,
  artistName,
  open,
  onOpenChange,
}: {
  /** The album being edited; none to create one. */
  album?: Album;
  /** Every song of the artist (the checklist). */
  tracks: readonly Track[];
  albums: readonly Album[];
  artistName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useAppI18n();
  const editing = album !== undefined;
  const queryClient = useQueryClient();
  const upload = useUpload();
  const busy = upload.isUploading;
  const [addTrackOpen, setAddTrackOpen] = useState(false);
  const [removeCover, setRemoveCover] = useState(false);
  const listId = useId();
  const form = useForm<AlbumInput, unknown, AlbumValues>({
    resolver: zodResolver(albumSchema),
    defaultValues: {
      albumName: album?.albumName ?? '',
      price: minorToKesInput(album?.price),
      payMore: album?.payMore ?? false,
      suggestedPrice: minorToKesInput(album?.suggestedPrice),
      genre: album?.genre ?? '',
      tags: album?.tags.join(', ') ?? '',
      coverPhoto: null,
      selectedSongs: album?.tracks.map((track) => track.id) ?? [],
      newTracks: [],
    },
  });
  const newTracks = useFieldArray({ control: form.control, name: 'newTracks' });
  const selectedSongs = useWatch({ control: form.control, name: 'selectedSongs' }) ?? [];
  const songCount = selectedSongs.length + newTracks.fields.length;
  const albumPriceText = useWatch({ control: form.control, name: 'price' });
  const albumPriceMinor = Math.max(0, songPriceOf(albumPriceText));
  const albumNames = new Map(albums.map((candidate) => [candidate.id, candidate.albumName]));
  const currentCover = removeCover || !album ? null : coverUrl('album', album.id, album.coverPhotoFilename, 300);

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    upload.cancel();
    onOpenChange(false);
  };

  const onSubmit = async (values: AlbumValues) => {
    const body = albumFormData(values, { removeCover });
    try {
      const saved = await upload.run((options) => (album ? updateAlbum(album.id, body, options) : createAlbum(body, options)));
      await refreshCatalog(queryClient);
      toast({ title: editing ? t('myMusic.albumUpdated') : t('myMusic.albumCreated'), description: t('myMusic.quoted', { name: saved.albumName }) });
      onOpenChange(false);
    } catch (error) {
      if (isAbortError(error)) return;
      if (editing) {
        toast({
          variant: 'destructive',
          title: t('myMusic.albumNotUpdated'),
          description: messageOf(error, t('myMusic.updateAlbumFallback'), t('myMusic.networkError')),
        });
      } else {
        toast({
          variant: 'destructive',
          title: t('myMusic.createAlbumFailed'),
          description: messageOf(error, '', t('myMusic.networkError')) || undefined,
        });
      }
      for (const [field, message] of serverFieldErrors(error, FIELDS)) form.setError(field, { message });
    }
  };

  const toggleSong = (id: string, checked: boolean) => {
    const current = form.getValues('selectedSongs');
    form.setValue('selectedSongs', checked ? [...current, id] : current.filter((candidate) => candidate !== id), {
      shouldValidate: form.formState.isSubmitted,
    });
  };

  const title = editing ? t('myMusic.editAlbum') : t('myMusic.createAlbum');
  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={title}
      description={editing ? t('myMusic.editAlbumDescription') : t('myMusic.createAlbumDescription')}
      form={form}
      onSubmit={onSubmit}
      submitLabel={editing ? t('myMusic.updateAlbum') : t('myMusic.createAlbum')}
      submitDisabled={songCount === 0}
      // While the files go up, only "Cancel upload" stops it: a stray tap must not lose a long upload.
      pending={busy}
      cancelLabel={busy ? t('myMusic.cancelUpload') : t('myMusic.cancel')}
      onCancel={() => (busy ? upload.cancel() : close(false))}
      showCloseButton={!busy}
      onInteractOutside={(event) => addTrackOpen && event.preventDefault()}
      className="grid-cols-1 sm:max-w-2xl"
      formClassName="gap-5"
      afterForm={
        <AddAlbumTrackDialog
          open={addTrackOpen}
          onOpenChange={setAddTrackOpen}
          artistName={artistName}
          albumPrice={albumPriceMinor}
          onAdd={(track) => {
            newTracks.append({ ...track, price: minorToKesInput(track.price) });
            if (form.formState.isSubmitted) void form.trigger('selectedSongs');
          }}
        />
      }
    >
      <CoverPhotoFormField currentCoverUrl={currentCover} onRemoveCurrent={editing ? () => setRemoveCover(true) : undefined} disabled={busy} />
      <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2">
        <NameField name="albumName" label={t('myMusic.albumName')} disabled={busy} />
        <PriceField disabled={busy} />
        <PayMoreField id="album-pay-more" disabled={busy} />
      </div>
      <GenreAndTagsFields disabled={busy} />

      <section className="grid grid-cols-1 gap-2" aria-labelledby={`${listId}-new`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`${listId}-new`} className="text-sm font-medium">
            {t('myMusic.newSongs')}
          </h3>
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => setAddTrackOpen(true)}>
            <UploadIcon aria-hidden="true" />
            {t('myMusic.uploadTracks')}
          </Button>
        </div>
        {newTracks.fields.length > 0 ? (
          <ul className="grid grid-cols-1 gap-2" aria-label={t('myMusic.newTracks')}>
            {newTracks.fields.map((entry, index) => (
              <NewAlbumTrackItem key={entry.id} track={entry} albumPrice={albumPriceMinor} disabled={busy} onRemove={() => newTracks.remove(index)} />
            ))}
          </ul>
        ) : (
          <p className="text-xs text-muted-foreground">{t('myMusic.newSongsHint')}</p>
        )}
      </section>

      <FormField
        control={form.control}
        name="selectedSongs"
        render={() => (
          <FormItem className="grid-cols-1">
            <h3 className="text-sm font-medium" id={`${listId}-songs`}>
              {t('myMusic.yourSongs')}
            </h3>
            {tracks.length === 0 ? (
              <p className="text-xs text-muted-foreground">{t('myMusic.noSongsToChoose')}</p>
            ) : (
              <ul className="max-h-60 divide-y overflow-y-auto rounded-md border" aria-labelledby={`${listId}-songs`} data-testid="song-checklist">
                {tracks.map((track) => {
                  const checkboxId = `${listId}-song-${track.id}`;
                  const otherAlbum = track.albumId && track.albumId !== album?.id ? albumNames.get(track.albumId) : undefined;
                  return (
                    <li key={track.id} className="flex items-center gap-3 px-3 py-2.5">
                      <Checkbox
                        id={checkboxId}
                        checked={selectedSongs.includes(track.id)}
                        disabled={busy}
                        onCheckedChange={(checked) => toggleSong(track.id, checked === true)}
                      />
                      <label htmlFor={checkboxId} className="min-w-0 flex-1 cursor-pointer">
                        <span className="block truncate text-sm font-medium">{track.trackName}</span>
                        <span className="block truncate text-xs text-muted-foreground">
                          {track.artistName} · {formatDuration(track.duration)}
                        </span>
                        {otherAlbum && (
                          <span className="block text-xs break-words text-muted-foreground">
                            {t(selectedSongs.includes(track.id) ? 'myMusic.inAlbumMoves' : 'myMusic.inAlbum', { album: otherAlbum })}
                          </span>
                        )}
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
            <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="songs-selected">
              {t('myMusic.songsSelected', { count: songCount })}
            </p>
            {/* Why the submit button is disabled, before anyone has to wonder. */}
            {songCount === 0 && !form.formState.isSubmitted && (
              <p className="text-xs text-muted-foreground" data-testid="songs-needed">
                {t('myMusic.albumNeedsSongs')}
              </p>
            )}
            <FormMessage />
          </FormItem>
        )}
      />

      <UploadProgress
        phase={upload.phase}
        percent={upload.percent}
        loaded={upload.loaded}
        total={upload.total}
        secondsLeft={upload.secondsLeft}
        label={newTracks.fields.length > 0 ? t('myMusic.uploading') : t('myMusic.savingLabel')}
      />
    </FormDialog>
  );
}
