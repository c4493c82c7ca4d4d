import { useEffect, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type SubmitErrorHandler, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { TriangleAlertIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { useI18n } from '@/lib/i18n';

/**
 * A dialog's form: react-hook-form checked by the zod schema (the server's own rule, from
 * common/), starting again from `initial` each time the dialog opens (and when `initial` changes
 * while it is open, as a saved name does).
 */
export function useDialogForm<TInput extends FieldValues, TValues>(schema: z.ZodType<TValues, TInput>, open: boolean, initial: TInput) {
  const form = useForm<TInput, unknown, TValues>({ resolver: zodResolver(schema), defaultValues: initial as DefaultValues<TInput> });
  // Compared by value: callers may build `initial` anew on each render.
  const initialKey = JSON.stringify(initial);
  useEffect(() => {
    if (open) form.reset(JSON.parse(initialKey) as TInput);
  }, [open, initialKey, form]);
  return form;
}

/** What the owner of a form dialog controls: whether it is open, and where the focus goes after. */
export interface FormDialogControl {
  open: boolean;
  /** Asked to close (Escape, the close button, outside, Cancel) only while nothing is pending. */
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes once the dialog has closed (the button that opened it may be disabled by then). */
  onCloseAutoFocus?: (event: Event) => void;
}

export interface FormDialogProps<TInput extends FieldValues, TValues> extends FormDialogControl {
  /** The dialog's title; it names the dialog and its form too. */
  title: string;
  description: ReactNode;
  form: UseFormReturn<TInput, unknown, TValues>;
  /** Called with the schema's output once the fields are valid. */
  onSubmit: SubmitHandler<TValues>;
  /** Called with the field errors when they are not. */
  onInvalid?: SubmitErrorHandler<TInput>;
  /** The submit button's text. */
  submitLabel: string;
  cancelLabel?: string;
  /** While true: the submit button spins and is busy, both buttons are disabled, and the dialog stays open. */
  pending: boolean;
  /** An error about the whole form (not one field), shown above the buttons as an alert. */
  error?: ReactNode;
  /** Classes for both footer buttons (e.g. taller targets on phones). */
  buttonClassName?: string;
  /** The dialog's width and layout ('sm:max-w-md' unless said; a long form is wider). */
  className?: string;
  /** Escape pressed: call `event.preventDefault()` to keep the dialog open (e.g. to close a list inside first). */
  onEscapeKeyDown?: (event: KeyboardEvent) => void;
  /** The form's fields (FormField items using `form.control`). */
  children: ReactNode;
}

/**
 * The shell of a dialog around one form: title and description, the fields, an error slot, and a
 * Cancel / submit footer that shows the pending state. The dialog is labelled by its title and
 * described by its description (long words wrap: it may name what someone typed); the form carries
 * the title as its name, and its fields sit in one column that never grows past the dialog.
 */
export function FormDialog<TInput extends FieldValues, TValues>({
  open,
  onOpenChange,
  title,
  description,
  form,
  onSubmit,
  onInvalid,
  submitLabel,
  cancelLabel: givenCancelLabel,
  pending,
  error,
  buttonClassName,
  onCloseAutoFocus,
  onEscapeKeyDown,
  className = 'sm:max-w-md',
  children,
}: FormDialogProps<TInput, TValues>) {
  const { t } = useI18n();
  const cancelLabel = givenCancelLabel ?? t('common.cancel');
  const openChange = (next: boolean) => {
    if (!pending) onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent className={className} onCloseAutoFocus={onCloseAutoFocus} onEscapeKeyDown={onEscapeKeyDown}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="break-words">{description}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate className="grid grid-cols-1 gap-4" aria-label={title}>
            {children}
            {error ? (
              <Alert variant="destructive" className="text-left">
                <TriangleAlertIcon aria-hidden="true" />
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            ) : null}
            <DialogFooter>
              <Button type="button" variant="outline" className={buttonClassName} disabled={pending} onClick={() => openChange(false)}>
                {cancelLabel}
              </Button>
              <Button type="submit" className={buttonClassName} disabled={pending} aria-busy={pending || undefined}>
                {pending && <Spinner label={null} />}
                {submitLabel}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
