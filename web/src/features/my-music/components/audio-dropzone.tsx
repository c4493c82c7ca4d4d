import { useDropzone } from 'react-dropzone';
import { FileAudioIcon, UploadCloudIcon } from 'lucide-react';
import { formatFileSize } from '#common/format';
import { MAX_AUDIO_FILE_BYTES } from '#common/schemas/catalog/rules';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { acceptedExtensions, rejectionMessage } from '../lib/drop-rejections';
import { useAppI18n } from '@/lib/app-i18n';

/** At most this many songs picked at once; they are uploaded one after another. */
export const MAX_FILES_AT_ONCE = 20;

/**
 * Drag and drop (or tap to choose) one audio file, or several where `onFiles` takes them. Files the
 * rules refuse never reach the form: `onReject` gets the spec's rejection, in our own words, instead.
 */
export function AudioDropzone({
  id,
  accept,
  file,
  onFile,
  onFiles,
  onReject,
  disabled,
  'aria-invalid': ariaInvalid,
  'aria-describedby': describedBy,
}: {
  /** Given to the file input, so a <label htmlFor> names it (FormControl passes it). */
  id?: string;
  accept: Record<string, string[]>;
  file: File | null;
  onFile: (file: File) => void;
  /** Given, the artist may pick several files: the first goes to `onFile`, all of them here. */
  onFiles?: (files: File[]) => void;
  onReject: (message: string) => void;
  disabled?: boolean;
  'aria-invalid'?: boolean | 'true' | 'false';
  'aria-describedby'?: string;
}) {
  const { t, language } = useAppI18n();
  const invalid = ariaInvalid === true || ariaInvalid === 'true';
  const rules = { accept, maxSize: MAX_AUDIO_FILE_BYTES, minSize: 1, maxFiles: onFiles ? MAX_FILES_AT_ONCE : 1 };
  // The drop area is not itself a control (a button may not hold the file input): a tap on it
  // opens the file chooser, and keyboard users have the button inside.
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    ...rules,
    multiple: Boolean(onFiles),
    disabled,
    noClick: true,
    noKeyboard: true,
    onDrop: (accepted, rejections) => {
      const message = rejectionMessage(t, rejections, rules, language, accepted.length);
      if (message) onReject(message);
      else if (accepted[0]) {
        onFile(accepted[0]);
        onFiles?.(accepted);
      }
    },
  });

  return (
    <div
      {...getRootProps({ onClick: () => !disabled && open() })}
      data-testid="audio-dropzone"
      className={cn(
        'flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-4 py-5 text-center transition-colors',
        isDragActive ? 'border-primary bg-accent' : 'border-input hover:bg-muted/50',
        invalid && 'border-destructive',
        disabled && 'cursor-not-allowed opacity-60',
      )}
    >
      <input {...getInputProps({ id, 'aria-label': t('myMusic.audioFile'), 'aria-describedby': describedBy, 'aria-invalid': invalid || undefined })} />
      {file ? (
        <>
          <FileAudioIcon className="size-8 text-primary" aria-hidden="true" />
          <p className="max-w-full text-sm font-medium break-all">{file.name}</p>
          <p className="text-xs text-muted-foreground">{formatFileSize(file.size, language)}</p>
        </>
      ) : (
        <>
          <UploadCloudIcon className="size-8 text-muted-foreground" aria-hidden="true" />
          {/* A phone cannot drag a file: on touch screens the button alone says what to do (issue 20). */}
          <p className="text-sm font-medium pointer-coarse:hidden">
            {isDragActive ? (onFiles ? t('myMusic.dropFiles') : t('myMusic.dropFile')) : onFiles ? t('myMusic.dragFiles') : t('myMusic.dragFile')}
          </p>
          <p className="text-xs text-muted-foreground">
            {t('myMusic.acceptedUpTo', { types: acceptedExtensions(accept).toUpperCase().replace(/\./g, '') })}
          </p>
        </>
      )}
      <Button
        type="button"
        variant="outline"
        size="sm"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={(event) => {
          event.stopPropagation();
          open();
        }}
      >
        {file ? t('myMusic.chooseAnotherFile') : onFiles ? t('myMusic.chooseFiles') : t('myMusic.chooseFile')}
      </Button>
    </div>
  );
}
