import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { DISPLAY_NAME_MAX_LENGTH, type CurrentUser } from '#common/schemas/auth';
import { updateProfileSchema } from '#common/schemas/profile';
import { toSlug } from '#common/slug';
import { FormDialog, useDialogForm } from '@/components/form-dialog';
import { TextField } from '@/components/text-field';
import { toast } from '@/components/ui/use-toast';
import { ApiError, messageOf } from '@/lib/api';
import { useUpdateDisplayName } from '../../api/profile-settings';
import { useAppI18n } from '@/lib/app-i18n';

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
  const { t } = useAppI18n();
  const update = useUpdateDisplayName();
  // Each opening starts from the saved name.
  const form = useDialogForm(updateProfileSchema, open, { displayName: user.displayName });

  const typed = useWatch({ control: form.control, name: 'displayName' }) ?? '';
  const slug = toSlug(typed.trim());

  const onSubmit = async ({ displayName }: EditProfileValues) => {
    try {
      await update.mutateAsync(displayName);
      toast({ title: t('profileEditor.profileUpdated'), description: displayName });
      onOpenChange(false);
    } catch (error) {
      const reason = messageOf(error, '', t('profileEditor.networkError'));
      // The server's reason for this name (taken, reserved, too long) belongs under the field.
      if (error instanceof ApiError && error.status < 500 && reason) form.setError('displayName', { message: reason });
      toast({ variant: 'destructive', title: t('profileEditor.updateFailed'), description: reason || undefined });
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('profileEditor.editProfile')}
      description={t('profileEditor.editDescription')}
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('profileEditor.saveChanges')}
      cancelLabel={t('profileEditor.cancel')}
      pending={update.isPending}
    >
      <TextField
        name="displayName"
        label={t('profileEditor.displayName')}
        description={
          slug ? (
            <>
              {t('profileEditor.linkEndsIn')} <span className="font-medium text-foreground">/{slug}</span>
            </>
          ) : (
            t('profileEditor.lettersMakeLink')
          )
        }
        descriptionProps={{ className: 'break-all' }}
        autoComplete="nickname"
        maxLength={DISPLAY_NAME_MAX_LENGTH * 2}
        disabled={update.isPending}
      />
    </FormDialog>
  );
}
