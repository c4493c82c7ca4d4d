import type { UseFormReturn } from 'react-hook-form';
import { FieldItem } from '@/components/text-field';
import { readAudioTags } from '../lib/audio-tags';
import { trackNameForNewFile } from '../lib/catalog-forms';
import { AudioDropzone } from './audio-dropzone';
import { useCatalogForm, type CatalogFormValues } from './form-fields';
import { useAppI18n } from '@/lib/app-i18n';

/**
 * Puts a chosen audio file into the form and names the track after it while the artist has not
 * typed a name of their own: the file's title tag where it has one, else its file name. An artist
 * tag fills the artist name while the artist has not changed it.
 */
export function chooseAudioFile(form: UseFormReturn<CatalogFormValues>, file: File) {
  const previous = form.getValues('audioFile');
  const guess = trackNameForNewFile(form.getValues('trackName') ?? '', previous, file);
  form.setValue('audioFile', file, { shouldValidate: true });
  if (guess !== undefined) form.setValue('trackName', guess, { shouldValidate: true });
  void readAudioTags(file).then((tags) => {
    // Only if this file is still the chosen one and the fields still hold what we put there.
    if (form.getValues('audioFile') !== file) return;
    if (tags.title && guess !== undefined && form.getValues('trackName') === guess) {
      form.setValue('trackName', tags.title, { shouldValidate: true });
    }
    if (tags.artist && !form.getFieldState('artistName').isDirty) form.setValue('artistName', tags.artist, { shouldValidate: true });
  });
}

/**
 * The audio file, by drag and drop or by choosing. With `onMoreFiles` the artist may pick several:
 * the first fills this form, and the rest go to `onMoreFiles` to be uploaded after it.
 */
export function AudioFileField({
  accept,
  disabled,
  onMoreFiles,
}: {
  accept: Record<string, string[]>;
  disabled?: boolean;
  onMoreFiles?: (files: File[]) => void;
}) {
  const { t } = useAppI18n();
  const form = useCatalogForm();
  return (
    <FieldItem
      name="audioFile"
      label={t('myMusic.audioFile')}
      render={(field) => (
        <AudioDropzone
          accept={accept}
          file={field.value instanceof File ? field.value : null}
          disabled={disabled}
          onFile={(file) => chooseAudioFile(form, file)}
          onFiles={onMoreFiles && ((files) => onMoreFiles(files.slice(1)))}
          onReject={(message) => form.setError('audioFile', { message })}
        />
      )}
    />
  );
}
