import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { trackNameForNewFile } from '../lib/catalog-forms';
import { AudioDropzone } from './audio-dropzone';
import { useCatalogForm } from './form-fields';

/**
 * The audio file, by drag and drop or by choosing. A new file also fills in the track name while
 * the artist has not typed one of their own.
 */
export function AudioFileField({ accept, disabled }: { accept: Record<string, string[]>; disabled?: boolean }) {
  const form = useCatalogForm();
  return (
    <FormField
      control={form.control}
      name="audioFile"
      render={({ field }) => (
        <FormItem>
          <FormLabel>Audio file</FormLabel>
          <FormControl>
            <AudioDropzone
              accept={accept}
              file={field.value instanceof File ? field.value : null}
              disabled={disabled}
              onFile={(file) => {
                const name = trackNameForNewFile(form.getValues('trackName') ?? '', field.value, file);
                field.onChange(file);
                void form.trigger('audioFile');
                if (name !== undefined) form.setValue('trackName', name, { shouldValidate: true });
              }}
              onReject={(message) => form.setError('audioFile', { message })}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}
