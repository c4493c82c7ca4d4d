import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { SOCIAL_LINK_TITLE_MAX_LENGTH, SOCIAL_LINK_URL_MAX_LENGTH, socialLinkInputSchema } from '#common/schemas/profile';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError, messageOf } from '@/lib/api';
import { useAddSocialLink } from '../../api/profile-settings';
import { PROFILE_EDITOR_TEXTS as TEXTS } from './texts';

type SocialLinkFormInput = z.input<typeof socialLinkInputSchema>;
type SocialLinkFormValues = z.output<typeof socialLinkInputSchema>;

const FIELDS = ['title', 'url'] as const;

/**
 * Add Social Media Link (spec sections 2, 5, 8): a title and a URL ('Title is required', 'Please
 * enter a valid URL'). A bare "instagram.com/name" is read as https://; only http and https links
 * are taken (common/schemas/profile.ts, the server's own rule).
 */
export function AddSocialLinkDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const add = useAddSocialLink();
  const form = useForm<SocialLinkFormInput, unknown, SocialLinkFormValues>({
    resolver: zodResolver(socialLinkInputSchema),
    defaultValues: { title: '', url: '' },
  });
  useEffect(() => {
    if (open) form.reset({ title: '', url: '' });
  }, [open, form]);

  const onSubmit = form.handleSubmit(async (values) => {
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
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !add.isPending && onOpenChange(next)}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{TEXTS.addSocialLink}</DialogTitle>
          <DialogDescription>Fans see it as a button on your public profile.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={TEXTS.addSocialLink}>
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
            <DialogFooter>
              <Button type="button" variant="outline" disabled={add.isPending} onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={add.isPending}>
                {add.isPending && <Spinner label={null} />}
                Add Link
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
