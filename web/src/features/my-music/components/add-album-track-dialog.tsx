import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { formatPrice, parseKesToMinor } from '#common/money';
import { ALBUM_TRACK_AUDIO_ACCEPT } from '#common/schemas/catalog/rules';
import { FormDialog } from '@/components/form-dialog';
import { albumTrackSchema, type AlbumTrackInput, type AlbumTrackValues } from '../lib/catalog-forms';
import { AudioFileField } from './audio-file-field';
import { CoverPhotoFormField, GenreAndTagsFields, PlaybackModeField, PriceField, TrackAndArtistFields } from './form-fields';
import { useAppI18n } from '@/lib/app-i18n';

/** The price a song's own field stands for (0: free); an unreadable one is the form's to refuse. */
export function songPriceOf(text: string | number | null | undefined): number {
  const parsed = parseKesToMinor(text);
  return parsed.ok ? parsed.minor : -1;
}

/**
 * Add Track to Album (spec sections 2 and 3, album-track form): a new song for the album being
 * made or edited. Nothing is sent yet; the files go up with the album. A song left free in a
 * priced album can be downloaded without buying the album: the dialog says so before it is added.
 * Its genre and tags left empty are the album's; its cover left empty, it has none of its own.
 */
export function AddAlbumTrackDialog({
  open,
  onOpenChange,
  artistName,
  albumPrice,
  onAdd,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  artistName: string;
  /** The album's price in minor units as the album form stands (0: free). */
  albumPrice: number;
  onAdd: (track: AlbumTrackValues) => void;
}) {
  const { t } = useAppI18n();
  const form = useForm<AlbumTrackInput, unknown, AlbumTrackValues>({
    resolver: zodResolver(albumTrackSchema),
    defaultValues: { trackName: '', artistName, price: '', allowFullPlayback: true, genre: '', tags: '', audioFile: undefined, coverPhoto: null },
  });
  const songPrice = songPriceOf(useWatch({ control: form.control, name: 'price' }));

  const submit = (values: AlbumTrackValues) => {
    onAdd(values);
    form.reset();
    onOpenChange(false);
  };

  // Inside the album dialog: FormDialog keeps this submit from reaching the album's form.
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('myMusic.addTrackTitle')}
      description={t('myMusic.addTrackDescription')}
      className="grid-cols-1 sm:max-w-lg"
      form={form}
      onSubmit={submit}
      pending={false}
      submitLabel={t('myMusic.addTrack')}
      cancelLabel={t('myMusic.cancel')}
    >
      <AudioFileField accept={ALBUM_TRACK_AUDIO_ACCEPT} />
      <TrackAndArtistFields />
      <PriceField />
      {albumPrice > 0 && songPrice === 0 && (
        <p role="status" className="-mt-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          {t('myMusic.freeSongInPricedAlbum', { price: formatPrice(albumPrice) })}
        </p>
      )}
      <GenreAndTagsFields albumDefault />
      <PlaybackModeField id="album-track-full-playback" />
      <CoverPhotoFormField />
    </FormDialog>
  );
}
