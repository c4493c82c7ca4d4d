import type { z } from 'zod';
import { SOCIAL_LINK_TITLE_MAX_LENGTH, SOCIAL_LINK_URL_MAX_LENGTH, socialLinkInputSchema } from '#common/schemas/profile';
import { FormDialog, useDialogForm } from '@/components/form-dialog';
import { TextField } from '@/components/text-field';
import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import { serverFieldErrors } from '@/lib/server-field-errors';
import { useAddSocialLink } from '../../api/profile-settings';
import { useAppI18n } from '@/lib/app-i18n';

type SocialLinkFormValues = z.output<typeof socialLinkInputSchema>;

const FIELDS = ['title', 'url'] as const;

/** A phone's URL keyboard, no capital or correction, and its remembered addresses. */
const URL_TYPING = { type: 'url', inputMode: 'url', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, autoComplete: 'url' } as const;

/**
 * Add Social Media Link (spec sections 2, 5, 8): a title and a URL ('Title is required', 'Please
 * enter a valid URL'). A bare "instagram.com/name" is read as https://; only http and https links
 * are taken (common/schemas/profile.ts, the server's own rule).
 */
export function AddSocialLinkDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useAppI18n();
  const add = useAddSocialLink();
  // Each opening starts empty.
  const form = useDialogForm(socialLinkInputSchema, open, { title: '', url: '' });

  const onSubmit = async (values: SocialLinkFormValues) => {
    try {
      await add.mutateAsync(values);
      toast({ title: t('profileEditor.socialLinkAdded'), description: values.title });
      onOpenChange(false);
    } catch (error) {
      const reason = messageOf(error, '', t('profileEditor.networkError'));
      // The server's field errors (the same rules as the form's) go under their fields.
      for (const [field, message] of serverFieldErrors(error, FIELDS)) form.setError(field, { message });
      toast({ variant: 'destructive', title: t('profileEditor.addSocialLinkFailed'), description: reason || undefined });
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('profileEditor.addSocialLink')}
      description={t('profileEditor.addLinkDescription')}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('profileEditor.addLink')}
      cancelLabel={t('profileEditor.cancel')}
      pending={add.isPending}
    >
      <TextField name="title" label={t('profileEditor.linkTitle')} placeholder={t('profileEditor.linkTitlePlaceholder')} autoComplete="off" maxLength={SOCIAL_LINK_TITLE_MAX_LENGTH * 2} disabled={add.isPending} />
      <TextField
        name="url"
        label={t('profileEditor.url')}
        description={t('profileEditor.urlHint')}
        placeholder={t('profileEditor.urlPlaceholder')}
        maxLength={SOCIAL_LINK_URL_MAX_LENGTH + 100}
        disabled={add.isPending}
        {...URL_TYPING}
      />
    </FormDialog>
  );
}
