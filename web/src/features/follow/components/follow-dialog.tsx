import { MailCheckIcon } from 'lucide-react';
import { EmailField } from '@/components/email-field';
import type { z } from 'zod';
import { followSchema } from '#common/schemas/follows';
import { FormDialog, useDialogForm } from '@/components/form-dialog';
import { DialogButtons, DialogShell } from '@/components/dialog-shell';
import { messageOf } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { useFollow } from '../api/follows';

const emailOnly = followSchema.pick({ email: true });
type EmailInput = z.input<typeof emailOnly>;

/** The e-mail field of Follow, then "check your e-mail" (the same answer whatever the address). */
export function FollowDialog({
  artistId,
  artistName,
  open,
  onOpenChange,
}: {
  artistId: string;
  artistName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useI18n();
  const follow = useFollow();
  const form = useDialogForm(emailOnly, open, { email: '' } as EmailInput);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) follow.reset();
  };

  if (follow.isSuccess) {
    return (
      <DialogShell open={open} onOpenChange={close} title={t('follow.checkEmail')} description={follow.data.message}>
        <MailCheckIcon className="mx-auto size-10 text-primary" aria-hidden="true" />
        <DialogButtons type="button" label={t('follow.done')} onClick={() => close(false)} buttonClassName="h-11 sm:h-9" />
      </DialogShell>
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={t('follow.buttonLabel', { artist: artistName })}
      description={t('follow.description')}
      form={form}
      onSubmit={({ email }) => follow.mutate({ artistId, email })}
      submitLabel={t('follow.button')}
      pending={follow.isPending}
      error={follow.isError ? messageOf(follow.error, t('follow.failed'), t('follow.failedNetwork')) : undefined}
      buttonClassName="h-11 sm:h-9"
    >
      <EmailField inputClassName="h-11" />
    </FormDialog>
  );
}
