import type { ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';

/**
 * The shell of every destructive confirmation (delete a song or an album, remove a payment
 * method): says what goes, and waits for the server before closing (neither Escape nor Cancel
 * closes it while `pending`). `children` sit between the text and the buttons (a server's warning).
 */
export function ConfirmDialog({
  title,
  description,
  cancelLabel,
  confirmLabel,
  pending,
  onConfirm,
  onOpenChange,
  onCloseAutoFocus,
  buttonClassName,
  children,
}: {
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  pending: boolean;
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes once the dialog has closed (when the button that opened it is gone). */
  onCloseAutoFocus?: (event: Event) => void;
  buttonClassName?: string;
  children?: ReactNode;
}) {
  return (
    <AlertDialog open onOpenChange={(open) => !pending && onOpenChange(open)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription className="break-words">{description}</AlertDialogDescription>
        </AlertDialogHeader>
        {children}
        <AlertDialogFooter>
          <AlertDialogCancel className={buttonClassName} disabled={pending}>
            {cancelLabel}
          </AlertDialogCancel>
          <Button variant="destructive" className={buttonClassName} disabled={pending} aria-busy={pending || undefined} onClick={onConfirm}>
            {pending && <Spinner label={null} />}
            {confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
