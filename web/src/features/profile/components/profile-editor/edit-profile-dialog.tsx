import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH, type CurrentUser } from '#common/schemas/auth';
import { updateProfileSchema } from '#common/schemas/profile';
import { toSlug } from '#common/slug';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError, messageOf } from '@/lib/api';
import { useUpdateDisplayName } from '../../api/profile-settings';
import { PROFILE_EDITOR_TEXTS as TEXTS } from './texts';

type EditProfileInput = z.input<typeof updateProfileSchema>;
type EditProfileValues = z.output<typeof updateProfileSchema>;

/**
 * Edit Profile (spec sections 2, 5, 8): the display name. Saving updates the current user at once
 * (the header's Share Link follows the new slug); a refusal keeps the dialog open with the
 * server's reason under the field and the spec's 'Update failed' toast.
 */
export function EditProfileDialog({
  user,
  open,
  onOpenChange,
}: {
  user: CurrentUser;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const update = useUpdateDisplayName();
  const form = useForm<EditProfileInput, unknown, EditProfileValues>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { displayName: user.displayName },
  });
  // Each opening starts from the saved name.
  useEffect(() => {
    if (open) form.reset({ displayName: user.displayName });
  }, [open, user.displayName, form]);

  const typed = useWatch({ control: form.control, name: 'displayName' }) ?? '';
  const slug = toSlug(typed.trim());

  const onSubmit = form.handleSubmit(async ({ displayName }) => {
    try {
      await update.mutateAsync(displayName);
      toast({ title: TEXTS.profileUpdated, description: displayName });
      onOpenChange(false);
    } catch (error) {
      const reason = messageOf(error, '', 'Network error');
      // The server's reason for this name (taken, reserved, too long) belongs under the field.
      if (error instanceof ApiError && error.status < 500 && reason) form.setError('displayName', { message: reason });
      toast({ variant: 'destructive', title: TEXTS.updateFailed, description: reason || undefined });
    }
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !update.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{TEXTS.editProfile}</DialogTitle>
          <DialogDescription>Your display name is how fans find you, and it makes your public link.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={TEXTS.editProfile}>
            <FormField
              control={form.control}
              name="displayName"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Display name</FormLabel>
                  <FormControl>
                    <Input autoComplete="nickname" maxLength={DISPLAY_NAME_MAX_LENGTH * 2} disabled={update.isPending} {...field} />
                  </FormControl>
                  <FormDescription className="break-all">
                    {slug ? (
                      <>
                        Your link will end in <span className="font-medium text-foreground">/{slug}</span>
                      </>
                    ) : (
                      'Letters and numbers make your link.'
                    )}
                  </FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" disabled={update.isPending} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={update.isPending}>
                {update.isPending && <Spinner label={null} />}
                Save Changes
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
