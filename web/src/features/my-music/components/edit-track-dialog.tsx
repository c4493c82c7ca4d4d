import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { minorToKesInput } from '#common/money';
import { type Track } from '#common/schemas/catalog/responses';
import { coverUrl } from '#common/schemas/catalog/rules';
import { FormDialog } from '@/components/form-dialog';
import type { TrackEditVariables } from '../api/catalog-api';
import { editTrackFormData, editTrackSchema, type EditTrackInput, type EditTrackValues } from '../lib/catalog-forms';
import { CoverPhotoFormField, GenreAndTagsFields, PayMoreField, PlaybackModeField, PriceField, TrackAndArtistFields } from './form-fields';
import { useAppI18n } from '@/lib/app-i18n';

/**
 * Edit Track (spec sections 2, 4, 5): name, artist, price, full playback or preview, and the
 * cover (empty keeps the current one). Saving closes the dialog at once: the change shows in the
 * list straight away and is rolled back if the server refuses it (the caller's mutation).
 */
export function EditTrackDialog({
  track,
  open,
  onOpenChange,
  onSave,
}: {
  track: Track;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (variables: TrackEditVariables) => void;
}) {
  const { t } = useAppI18n();
  const [removeCover, setRemoveCover] = useState(false);
  const form = useForm<EditTrackInput, unknown, EditTrackValues>({
    resolver: zodResolver(editTrackSchema),
    defaultValues: {
      trackName: track.trackName,
      artistName: track.artistName,
      price: minorToKesInput(track.price),
      payMore: track.payMore,
      suggestedPrice: minorToKesInput(track.suggestedPrice),
      allowFullPlayback: track.allowFullPlayback,
      genre: track.genre ?? '',
      tags: track.tags.join(', '),
      coverPhoto: null,
    },
  });
  const currentCover = removeCover ? null : coverUrl('track', track.id, track.coverPhotoFilename, 300);

  const onSubmit = (values: EditTrackValues) => {
    onSave({
      track,
      patch: {
        trackName: values.trackName,
        artistName: values.artistName,
        price: values.price,
        payMore: values.payMore,
        suggestedPrice: values.payMore ? values.suggestedPrice : null,
        allowFullPlayback: values.allowFullPlayback,
        genre: values.genre,
        tags: values.tags,
        ...(removeCover && !values.coverPhoto ? { coverPhotoFilename: null } : {}),
      },
      form: editTrackFormData(values, { removeCover }),
    });
    onOpenChange(false);
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('myMusic.editTrackTitle')}
      description={t('myMusic.editTrackDescription', { name: track.trackName })}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('myMusic.saveChanges')}
      cancelLabel={t('myMusic.cancel')}
      pending={form.formState.isSubmitting}
      className="grid-cols-1 sm:max-w-xl"
    >
      <TrackAndArtistFields />
      <PriceField />
      <PayMoreField id="edit-pay-more" />
      <GenreAndTagsFields />
      <PlaybackModeField id="edit-full-playback" />
      <CoverPhotoFormField currentCoverUrl={currentCover} onRemoveCurrent={() => setRemoveCover(true)} />
    </FormDialog>
  );
}
