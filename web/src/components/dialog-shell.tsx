import type { ComponentProps, ReactNode, Ref } from 'react';
import { TriangleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

/*
 * The one shell of every dialog of ours but the confirmations (components/confirm-dialog.tsx):
 * FormDialog (components/form-dialog.tsx) is this shell around a react-hook-form form, and the
 * dialogs that are more than one form (purchase, report, follow's thanks, the cropper) use the
 * shell and its footer directly. This file takes no react-hook-form on purpose: the report
 * dialog's chunk, fetched on a fan's page, stays plain state and fetch.
 */

type ContentProps = ComponentProps<typeof DialogContent>;

export interface DialogShellProps {
  open: boolean;
  /** Asked to close (Escape, the close button, outside) only while nothing is `pending`. */
  onOpenChange: (open: boolean) => void;
  /** While true, the dialog stays open: a save or a payment under way is not lost to a stray tap. */
  pending?: boolean;
  /** The dialog's title; it names the dialog. */
  title: ReactNode;
  titleClassName?: string;
  description: ReactNode;
  /** A line between the title and the description (a purchase's discount). */
  note?: ReactNode;
  /** The dialog's width and layout ('sm:max-w-md' unless said). */
  className?: string;
  /** Where the focus goes once the dialog has closed (the button that opened it may be disabled or gone by then). */
  onCloseAutoFocus?: (event: Event) => void;
  /** Where the focus goes as it opens (by default the first control in it). */
  onOpenAutoFocus?: (event: Event) => void;
  /** Escape pressed: call `event.preventDefault()` to keep the dialog open (e.g. to close a list inside first). */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  onInteractOutside?: ContentProps['onInteractOutside'];
  /** The corner's close button (shown unless said). */
  showCloseButton?: boolean;
  contentRef?: Ref<HTMLDivElement>;
  testId?: string;
  children: ReactNode;
}

/**
 * A dialog's frame: labelled by its title and described by its description (long words wrap: it
 * may name what someone typed), then the body. Closing is refused while `pending`.
 */
export function DialogShell({
  open,
  onOpenChange,
  pending = false,
  title,
  titleClassName,
  description,
  note,
  className = 'sm:max-w-md',
  onCloseAutoFocus,
  onOpenAutoFocus,
  onEscapeKeyDown,
  onInteractOutside,
  showCloseButton,
  contentRef,
  testId,
  children,
}: DialogShellProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        ref={contentRef}
        className={className}
        data-testid={testId}
        showCloseButton={showCloseButton}
        onCloseAutoFocus={onCloseAutoFocus}
        onOpenAutoFocus={onOpenAutoFocus}
        onEscapeKeyDown={onEscapeKeyDown}
        onInteractOutside={onInteractOutside}
      >
        <DialogHeader>
          <DialogTitle className={titleClassName}>{title}</DialogTitle>
          {note}
          <DialogDescription className="break-words">{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** An error about the whole dialog (not one field), shown above its buttons as an alert. */
export function DialogError({ children }: { children: ReactNode }) {
  return (
    <Alert variant="destructive" className="text-left">
      <TriangleAlertIcon aria-hidden="true" />
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  );
}

export interface DialogButtonsProps {
  /** The main button's text. */
  label: ReactNode;
  /** 'submit' (the default) sends the form around it; 'button' calls `onClick`. */
  type?: 'submit' | 'button';
  onClick?: () => void;
  /** While true the main button spins and is busy (and disabled). */
  pending?: boolean;
  /** The main button is disabled (it is while `pending` too). */
  disabled?: boolean;
  /** An icon before the text, in place of the spinner while not pending. */
  icon?: ReactNode;
  /** The Cancel (or Close) button's text; none: no such button. */
  cancelLabel?: string;
  onCancel?: () => void;
  cancelDisabled?: boolean;
  /** Classes for both buttons (e.g. taller targets on phones). */
  buttonClassName?: string;
}

/** A dialog's footer: Cancel, then the main button that shows when it is under way. */
export function DialogButtons({
  label,
  type = 'submit',
  onClick,
  pending = false,
  disabled = false,
  icon,
  cancelLabel,
  onCancel,
  cancelDisabled,
  buttonClassName,
}: DialogButtonsProps) {
  return (
    <DialogFooter>
      {cancelLabel !== undefined && (
        <Button type="button" variant="outline" className={buttonClassName} disabled={cancelDisabled} onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
      <Button type={type} className={buttonClassName} disabled={pending || disabled} aria-busy={pending || undefined} onClick={onClick}>
        {pending ? <Spinner label={null} /> : icon}
        {label}
      </Button>
    </DialogFooter>
  );
}
