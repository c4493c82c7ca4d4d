import type { z } from 'zod';
import { SOCIAL_LINK_TITLE_MAX_LENGTH, SOCIAL_LINK_URL_MAX_LENGTH, socialLinkInputSchema } from '#common/schemas/profile';
import { FormDialog, useDialogForm } from '@/components/form-dialog';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError, messageOf } from '@/lib/api';
import { useAddSocialLink } from '../../api/profile-settings';
import { PROFILE_EDITOR_TEXTS as TEXTS } from './texts';

type SocialLinkFormValues = z.output<typeof socialLinkInputSchema>;

const FIELDS = ['title', 'url'] as const;

/**
 * Add Social Media Link (spec sections 2, 5, 8): a title and a URL ('Title is required', 'Please
 * enter a valid URL'). A bare "instagram.com/name" is read as https://; only http and https links
 * are taken (common/schemas/profile.ts, the server's own rule).
 */
export function AddSocialLinkDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const add = useAddSocialLink();
  // Each opening starts empty.
  const form = useDialogForm(socialLinkInputSchema, open, { title: '', url: '' });

  const onSubmit = async (values: SocialLinkFormValues) => {
    try {
      await add.mutateAsync(values);
      toast({ title: TEXTS.socialLinkAdded, description: values.title });
      onOpenChange(false);
    } catch (error) {
      const reason = messageOf(error, '', 'Network error');
      // The server's field errors (the same rules as the form's) go under their fields.
      if (error instanceof ApiError && error.data.errors && typeof error.data.errors === 'object') {
        for (const [field, message] of Object.entries(error.data.errors as Record<string, unknown>)) {
          if ((FIELDS as readonly string[]).includes(field) && typeof message === 'string') {
            form.setError(field as (typeof FIELDS)[number], { message });
          }
        }
      }
      toast({ variant: 'destructive', title: TEXTS.addSocialLinkFailed, description: reason || undefined });
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={TEXTS.addSocialLink}
      description="Fans see it as a button on your public profile."
      form={form}
      onSubmit={onSubmit}
      submitLabel="Add Link"
      pending={add.isPending}
    >
      <FormField
        control={form.control}
        name="title"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Title</FormLabel>
            <FormControl>
              <Input placeholder="e.g. Instagram" autoComplete="off" maxLength={SOCIAL_LINK_TITLE_MAX_LENGTH * 2} disabled={add.isPending} {...field} />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={form.control}
        name="url"
        render={({ field }) => (
          <FormItem>
            <FormLabel>URL</FormLabel>
            <FormControl>
              <Input
                type="url"
                inputMode="url"
                autoCapitalize="none"
                autoCorrect="off"
                spellCheck={false}
                placeholder="https://instagram.com/yourname"
                autoComplete="url"
                maxLength={SOCIAL_LINK_URL_MAX_LENGTH + 100}
                disabled={add.isPending}
                {...field}
              />
            </FormControl>
            <FormDescription>Instagram, TikTok, YouTube, X or your website.</FormDescription>
            <FormMessage />
          </FormItem>
        )}
      />
    </FormDialog>
  );
}
