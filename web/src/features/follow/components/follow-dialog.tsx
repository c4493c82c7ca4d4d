import { MailCheckIcon } from 'lucide-react';
import { EmailField } from '@/components/email-field';
import type { z } from 'zod';
import { followSchema } from '#common/schemas/follows';
import { FormDialog, useDialogForm } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { messageOf } from '@/lib/api';
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
  const follow = useFollow();
  const form = useDialogForm(emailOnly, open, { email: '' } as EmailInput);
  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) follow.reset();
  };

  if (follow.isSuccess) {
    return (
      <Dialog open={open} onOpenChange={close}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Check your e-mail</DialogTitle>
            <DialogDescription>{follow.data.message}</DialogDescription>
          </DialogHeader>
          <MailCheckIcon className="mx-auto size-10 text-primary" aria-hidden="true" />
          <DialogFooter>
            <Button type="button" className="h-11 sm:h-9" onClick={() => close(false)}>
              Done
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={`Follow ${artistName}`}
      description="Get one short e-mail when they release a track or an album, at most one a day. No account needed; unsubscribe with one click."
      form={form}
      onSubmit={({ email }) => follow.mutate({ artistId, email })}
      submitLabel="Follow"
      pending={follow.isPending}
      error={follow.isError ? messageOf(follow.error, 'Could not follow. Please try again.', 'Could not follow. Please check your connection and try again.') : undefined}
      buttonClassName="h-11 sm:h-9"
    >
      <EmailField inputClassName="h-11" />
    </FormDialog>
  );
}
