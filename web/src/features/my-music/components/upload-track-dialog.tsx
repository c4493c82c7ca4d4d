import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { type Track } from '#common/schemas/catalog/responses';
import { TRACK_AUDIO_ACCEPT } from '#common/schemas/catalog/rules';
import { DialogButtons } from '@/components/dialog-shell';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import { isAbortError } from '@/lib/upload';
import { refreshCatalog, tracksQueryKey, uploadTrack } from '../api/catalog-api';
import { useUpload } from '../hooks/use-upload';
import { uploadTrackSchema, type UploadTrackInput, type UploadTrackValues } from '../lib/catalog-forms';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { formatFileSize } from '#common/format';
import { AudioFileField, chooseAudioFile } from './audio-file-field';
import { CoverPhotoFormField, GenreAndTagsFields, PayMoreField, PlaybackModeField, PriceField, TrackAndArtistFields, type CatalogFormValues } from './form-fields';
import { UploadProgress } from './upload-progress';
import { useAppI18n } from '@/lib/app-i18n';

const FIELDS = ['trackName', 'artistName', 'price', 'allowFullPlayback', 'genre', 'tags', 'audioFile', 'coverPhoto'] as const;

/**
 * Upload New Track (spec sections 2, 4, 5): an MP3 or WAV by drag and drop or by choosing, its
 * name, artist, price in KES, playback mode and optional 3000x3000 cover. A real percentage bar
 * while the file goes up; the dialog closes on success. Several files may be picked at once: each
 * becomes its own track, one after another, the form filled afresh for each (its own name,
 * artist and price, from its tags or file name) for the artist to check before it goes up.
 */
export function UploadTrackDialog({
  open,
  onOpenChange,
  artistName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  artistName: string;
}) {
  const { t, language } = useAppI18n();
  const queryClient = useQueryClient();
  const upload = useUpload();
  const form = useForm<UploadTrackInput, unknown, UploadTrackValues>({
    resolver: zodResolver(uploadTrackSchema),
    defaultValues: { trackName: '', artistName, price: '', payMore: false, suggestedPrice: '', allowFullPlayback: true, genre: '', tags: '', audioFile: undefined, coverPhoto: null },
  });
  const busy = upload.isUploading;
  /** Songs picked with this one, still to come, and how many were picked in all. */
  const [queue, setQueue] = useState<File[]>([]);
  const [batchSize, setBatchSize] = useState(1);

  const close = (next: boolean) => {
    if (next) return onOpenChange(true);
    upload.cancel();
    setQueue([]);
    setBatchSize(1);
    onOpenChange(false);
  };

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const track = await upload.run((options) => uploadTrack(values, options));
      queryClient.setQueryData<Track[]>(tracksQueryKey, (tracks) => (tracks ? [track, ...tracks.filter((other) => other.id !== track.id)] : tracks));
      void refreshCatalog(queryClient);
      toast({ title: t('myMusic.uploadSuccessful'), description: t('myMusic.uploadedText', { name: track.trackName }) });
      const [next, ...rest] = queue;
      if (!next) return close(false);
      form.reset({ trackName: '', artistName, price: '', payMore: false, suggestedPrice: '', allowFullPlayback: true, genre: values.genre ?? '', tags: values.tags.join(', '), audioFile: undefined, coverPhoto: null });
      setQueue(rest);
      chooseAudioFile(form as unknown as UseFormReturn<CatalogFormValues>, next);
    } catch (error) {
      if (isAbortError(error)) return;
      toast({
        variant: 'destructive',
        title: t('myMusic.uploadFailed'),
        description: messageOf(error, t('myMusic.uploadFallback'), t('myMusic.networkError')),
      });
      for (const [field, message] of serverFieldErrors(error, FIELDS, { audio: 'audioFile' })) form.setError(field, { message });
    }
  });

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        className="grid-cols-1 sm:max-w-xl"
        // While the file goes up, only "Cancel upload" stops it: a stray tap must not lose a long upload.
        showCloseButton={!busy}
        onInteractOutside={(event) => busy && event.preventDefault()}
        onEscapeKeyDown={(event) => busy && event.preventDefault()}
      >
        <DialogHeader>
          <DialogTitle>{t('myMusic.uploadTitle')}</DialogTitle>
          <DialogDescription>{t('myMusic.uploadDescription')}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4" aria-label={t('myMusic.uploadTitle')}>
            {batchSize > 1 && (
              <p role="status" className="-mb-2 text-sm font-medium" data-testid="upload-batch">
                {t('myMusic.batchSong', { number: batchSize - queue.length, total: batchSize })}
              </p>
            )}
            <AudioFileField
              accept={TRACK_AUDIO_ACCEPT}
              disabled={busy}
              onMoreFiles={(files) => {
                setQueue(files);
                setBatchSize(files.length + 1);
              }}
            />
            {queue.length > 0 && (
              <div className="rounded-md border bg-muted/40 p-3 text-sm" data-testid="upload-queue">
                <p className="font-medium">{t('myMusic.queueTitle')}</p>
                <ol className="mt-1 list-decimal space-y-0.5 pl-5 text-muted-foreground">
                  {queue.map((file) => (
                    <li key={`${file.name}-${file.size}-${file.lastModified}`} className="wrap-anywhere">
                      {file.name} · {formatFileSize(file.size, language)}
                    </li>
                  ))}
                </ol>
                <p className="mt-1 text-xs text-muted-foreground">{t('myMusic.queueHint')}</p>
              </div>
            )}
            <TrackAndArtistFields disabled={busy} />
            <PriceField disabled={busy} />
            <PayMoreField id="upload-pay-more" disabled={busy} />
            <GenreAndTagsFields disabled={busy} />
            <PlaybackModeField id="upload-full-playback" disabled={busy} />
            <CoverPhotoFormField disabled={busy} />
            <UploadProgress phase={upload.phase} percent={upload.percent} loaded={upload.loaded} total={upload.total} secondsLeft={upload.secondsLeft} connectionLost={upload.connectionLost} />
            <DialogButtons
              label={busy ? t('myMusic.uploadingNow') : t('myMusic.uploadTrack')}
              pending={busy}
              disabled={form.formState.isSubmitting}
              cancelLabel={busy ? t('myMusic.cancelUpload') : t('myMusic.cancel')}
              onCancel={() => (busy ? upload.cancel() : close(false))}
            />
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
