import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { minorToKesInput } from '#common/money';
import { coverUrl, type Track } from '#common/schemas/catalog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import type { TrackEditVariables } from '../../api/catalog-api';
import { editTrackFormData, editTrackSchema, type EditTrackInput, type EditTrackValues } from '../../lib/catalog-forms';
import { CoverPhotoField } from './cover-photo-field';
import { PlaybackModeSwitch, PriceInput } from './form-fields';

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
  const [removeCover, setRemoveCover] = useState(false);
  const form = useForm<EditTrackInput, unknown, EditTrackValues>({
    resolver: zodResolver(editTrackSchema),
    defaultValues: {
      trackName: track.trackName,
      artistName: track.artistName,
      price: minorToKesInput(track.price),
      allowFullPlayback: track.allowFullPlayback,
      coverPhoto: null,
    },
  });
  const currentCover = removeCover ? null : coverUrl('track', track.id, track.coverPhotoFilename, 300);

  const onSubmit = form.handleSubmit((values) => {
    onSave({
      track,
      patch: {
        trackName: values.trackName,
        artistName: values.artistName,
        price: values.price,
        allowFullPlayback: values.allowFullPlayback,
        ...(removeCover && !values.coverPhoto ? { coverPhotoFilename: null } : {}),
      },
      form: editTrackFormData(values, { removeCover }),
    });
    onOpenChange(false);
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="grid-cols-1 sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Edit Track</DialogTitle>
          <DialogDescription className="break-words">Change the details of “{track.trackName}”.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4" aria-label="Edit Track">
            <div className="grid grid-cols-1 items-start gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="trackName"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Track name</FormLabel>
                    <FormControl>
                      <Input autoComplete="off" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="artistName"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Artist name</FormLabel>
                    <FormControl>
                      <Input autoComplete="off" {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <FormField
              control={form.control}
              name="price"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Price (KES)</FormLabel>
                  <FormControl>
                    <PriceInput {...field} value={field.value ?? ''} />
                  </FormControl>
                  <FormDescription>Leave empty to make it free.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="allowFullPlayback"
              render={({ field }) => <PlaybackModeSwitch id="edit-full-playback" checked={field.value} onCheckedChange={field.onChange} />}
            />
            <FormField
              control={form.control}
              name="coverPhoto"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Cover photo</FormLabel>
                  <FormControl>
                    <CoverPhotoField
                      file={field.value instanceof File ? field.value : null}
                      currentCoverUrl={currentCover}
                      onRemoveCurrent={() => setRemoveCover(true)}
                      onFile={(file) => {
                        field.onChange(file);
                        void form.trigger('coverPhoto');
                      }}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={form.formState.isSubmitting}>
                Save Changes
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
