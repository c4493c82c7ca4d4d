import { useEffect, type ReactNode } from 'react';
import { useForm, type DefaultValues, type FieldValues, type SubmitErrorHandler, type SubmitHandler, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Form } from '@/components/ui/form';
import { useI18n } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { DialogButtons, DialogError, DialogShell, type DialogShellProps } from './dialog-shell';

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

export interface DialogFormProps<TInput extends FieldValues, TValues> {
  form: UseFormReturn<TInput, unknown, TValues>;
  /** Called with the schema's output once the fields are valid. */
  onSubmit: SubmitHandler<TValues>;
  /** Called with the field errors when they are not. */
  onInvalid?: SubmitErrorHandler<TInput>;
  /** The form's name (the dialog's title). */
  label: string;
  /** Added to the form's one column ('grid grid-cols-1 gap-4'). */
  className?: string;
  /** An error about the whole form (not one field), shown above the buttons as an alert. */
  error?: ReactNode;
  /** The footer (DialogButtons). */
  buttons: ReactNode;
  /** The form's fields (FormField items using `form.control`). */
  children: ReactNode;
}

/**
 * The form inside a dialog: the fields in one column that never grows past the dialog, an error
 * slot and the buttons. A dialog's form may sit in the React tree of another dialog's (Add Track
 * inside the album dialog): its submit stops here and never reaches a form around it.
 */
export function DialogForm<TInput extends FieldValues, TValues>({
  form,
  onSubmit,
  onInvalid,
  label,
  className,
  error,
  buttons,
  children,
}: DialogFormProps<TInput, TValues>) {
  return (
    <Form {...form}>
      <form
        onSubmit={(event) => {
          event.stopPropagation();
          void form.handleSubmit(onSubmit, onInvalid)(event);
        }}
        noValidate
        className={cn('grid grid-cols-1 gap-4', className)}
        aria-label={label}
      >
        {children}
        {error ? <DialogError>{error}</DialogError> : null}
        {buttons}
      </form>
    </Form>
  );
}

export interface FormDialogProps<TInput extends FieldValues, TValues>
  extends FormDialogControl,
    Pick<DialogShellProps, 'className' | 'onEscapeKeyDown' | 'onInteractOutside' | 'showCloseButton'>,
    Pick<DialogFormProps<TInput, TValues>, 'form' | 'onSubmit' | 'onInvalid' | 'error' | 'children'> {
  /** The dialog's title; it names the dialog and its form too. */
  title: string;
  description: ReactNode;
  /** The submit button's text. */
  submitLabel: string;
  /** The submit button is disabled (it is while `pending` too), e.g. an album with no song yet. */
  submitDisabled?: boolean;
  cancelLabel?: string;
  /**
   * What Cancel does; by default it asks to close. Given, Cancel stays enabled while pending (an
   * upload's 'Cancel upload' stops the upload).
   */
  onCancel?: () => void;
  /** While true: the submit button spins and is busy, both buttons are disabled, and the dialog stays open. */
  pending: boolean;
  /** Classes for both footer buttons (e.g. taller targets on phones). */
  buttonClassName?: string;
  /** Added to the form's column (e.g. 'gap-5'). */
  formClassName?: string;
  /** Shown in the dialog after the form (a dialog opened from this one). */
  afterForm?: ReactNode;
}

/**
 * The shell of a dialog around one form (DialogShell): title and description, the fields, an
 * error slot, and a Cancel / submit footer that shows the pending state. The dialog is labelled
 * by its title and described by its description; the form carries the title as its name.
 */
export function FormDialog<TInput extends FieldValues, TValues>({
  form,
  onSubmit,
  onInvalid,
  error,
  children,
  submitLabel,
  submitDisabled,
  cancelLabel,
  onCancel,
  buttonClassName,
  formClassName,
  afterForm,
  ...shell
}: FormDialogProps<TInput, TValues>) {
  const { t } = useI18n();
  const { pending, onOpenChange } = shell;
  const cancel = onCancel ?? (() => !pending && onOpenChange(false));
  const buttons = (
    <DialogButtons label={submitLabel} pending={pending} disabled={submitDisabled} cancelLabel={cancelLabel ?? t('common.cancel')} onCancel={cancel} cancelDisabled={!onCancel && pending} buttonClassName={buttonClassName} />
  );
  return (
    <DialogShell {...shell}>
      <DialogForm form={form} onSubmit={onSubmit} onInvalid={onInvalid} label={shell.title} className={formClassName} error={error} buttons={buttons}>
        {children}
      </DialogForm>
      {afterForm}
    </DialogShell>
  );
}
