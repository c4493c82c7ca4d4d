import * as React from 'react';
import { Slot, type Label as LabelPrimitive } from 'radix-ui';
import {
  Controller,
  FormProvider,
  useFormContext,
  useFormState,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { Label } from './label';
import { cn } from '@/lib/utils';

/**
 * react-hook-form glue in the shadcn/ui manner: a field's label, control, description and error
 * message are wired together by ids (aria-describedby, aria-invalid) without repeating them.
 */
export const Form = FormProvider;

interface FormFieldContextValue {
  name: string;
}
const FormFieldContext = React.createContext<FormFieldContextValue | null>(null);
interface FormItemContextValue {
  id: string;
  /** Whether a FormDescription is there: aria-describedby may name only an element that exists (issue 33). */
  hasDescription: boolean;
  setHasDescription: (present: boolean) => void;
}
const FormItemContext = React.createContext<FormItemContextValue | null>(null);

export function FormField<TFieldValues extends FieldValues = FieldValues, TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>>(
  props: ControllerProps<TFieldValues, TName>,
) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

export function useFormField() {
  const fieldContext = React.useContext(FormFieldContext);
  const itemContext = React.useContext(FormItemContext);
  const { getFieldState } = useFormContext();
  if (!fieldContext || !itemContext) throw new Error('useFormField must be used inside <FormField> and <FormItem>');
  const formState = useFormState({ name: fieldContext.name });
  const fieldState = getFieldState(fieldContext.name, formState);
  const { id, hasDescription } = itemContext;
  return {
    id,
    hasDescription,
    name: fieldContext.name,
    formItemId: `${id}-form-item`,
    formDescriptionId: `${id}-form-item-description`,
    formMessageId: `${id}-form-item-message`,
    ...fieldState,
  };
}

export function FormItem({ className, ...props }: React.ComponentProps<'div'>) {
  const id = React.useId();
  const [hasDescription, setHasDescription] = React.useState(false);
  const value = React.useMemo(() => ({ id, hasDescription, setHasDescription }), [id, hasDescription]);
  return (
    <FormItemContext.Provider value={value}>
      <div data-slot="form-item" className={cn('grid gap-2', className)} {...props} />
    </FormItemContext.Provider>
  );
}

export function FormLabel({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  const { error, formItemId } = useFormField();
  return (
    <Label
      data-slot="form-label"
      data-error={!!error}
      className={cn('data-[error=true]:text-destructive', className)}
      htmlFor={formItemId}
      {...props}
    />
  );
}

export function FormControl(props: React.ComponentProps<typeof Slot.Root>) {
  const { error, hasDescription, formItemId, formDescriptionId, formMessageId } = useFormField();
  // Only ids of elements that are there: the description once it is mounted, the message while
  // there is an error (FormMessage shows it then).
  const describedBy = [hasDescription ? formDescriptionId : null, error ? formMessageId : null].filter(Boolean).join(' ');
  return (
    <Slot.Root
      data-slot="form-control"
      id={formItemId}
      aria-describedby={describedBy || undefined}
      aria-invalid={!!error}
      {...props}
    />
  );
}

export function FormDescription({ className, ...props }: React.ComponentProps<'p'>) {
  const { formDescriptionId } = useFormField();
  const setHasDescription = React.useContext(FormItemContext)?.setHasDescription;
  // Mounted first, then named by the control: its first paint (and the server's) names nothing missing.
  React.useLayoutEffect(() => {
    setHasDescription?.(true);
    return () => setHasDescription?.(false);
  }, [setHasDescription]);
  return <p data-slot="form-description" id={formDescriptionId} className={cn('text-sm text-muted-foreground', className)} {...props} />;
}

/**
 * Puts a shared schema's English message into the page's language (decision 063): the artist
 * side's <AppMessages> and the fan side's forms provide one; without one, messages show as they are.
 */
export const FormMessageLocalizer = React.createContext<(message: string) => string>((message) => message);

/** The field's validation message (or the children when there is none). */
/** `localize`: a shared schema's English message in the page's language (decision 049); by default the nearest FormMessageLocalizer's. */
export function FormMessage({ className, children, localize, ...props }: React.ComponentProps<'p'> & { localize?: (message: string) => string }) {
  const { error, formMessageId } = useFormField();
  const localizeNearest = React.useContext(FormMessageLocalizer);
  const message = String(error?.message ?? '');
  const body = error ? (localize ?? localizeNearest)(message) : children;
  if (!body) return null;
  return (
    <p data-slot="form-message" id={formMessageId} className={cn('text-sm text-destructive', className)} {...props}>
      {body}
    </p>
  );
}
