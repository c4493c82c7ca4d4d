import type { ComponentProps, ReactElement, ReactNode } from 'react';
import { useFormContext, type ControllerRenderProps, type FieldValues } from 'react-hook-form';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';

/**
 * The one way to write a form's field (react-hook-form, inside a <Form>): the label, the control,
 * an optional description and the field's message, wired together by ids (the label names the
 * control; aria-describedby carries the description and, once there is one, the message;
 * aria-invalid follows the error). `TextField` is this around an Input; `FieldItem` around any
 * other control (a select, a password box, a file chooser).
 */
export interface FieldItemProps {
  /** The field's name in the form around it. */
  name: string;
  label: ReactNode;
  /** A hint under the control (it describes the control). */
  description?: ReactNode;
  /** Attributes of the hint (aria-live for one that follows the typing, a class). */
  descriptionProps?: Omit<ComponentProps<typeof FormDescription>, 'children'>;
  /** Puts a shared schema's English message into the page's language (by default the nearest FormMessageLocalizer's). */
  localize?: (message: string) => string;
  /** Shown in place of the usual message (one that needs more than a line); it must carry the message's id (useFormField). */
  message?: ReactNode;
  /** Classes of the item around label, control and texts. */
  itemClassName?: string;
}

export type FieldRenderProps = ControllerRenderProps<FieldValues, string>;

export function FieldItem({
  name,
  label,
  description,
  descriptionProps,
  localize,
  message,
  itemClassName,
  render,
  ownControl = false,
}: FieldItemProps & {
  /** The control, given the field's value, handlers and ref. */
  render: (field: FieldRenderProps) => ReactElement;
  /** The render places its own <FormControl> (a control that is not always there, as a list still loading). */
  ownControl?: boolean;
}) {
  const { control } = useFormContext();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={itemClassName}>
          <FormLabel>{label}</FormLabel>
          {ownControl ? render(field) : <FormControl>{render(field)}</FormControl>}
          {description ? <FormDescription {...descriptionProps}>{description}</FormDescription> : null}
          {message ?? <FormMessage localize={localize} />}
        </FormItem>
      )}
    />
  );
}

/** A one-line text field: `FieldItem` around an Input; every other prop goes to the Input. */
export function TextField({ name, label, description, descriptionProps, localize, message, itemClassName, ...input }: FieldItemProps & InputProps) {
  const item = { name, label, description, descriptionProps, localize, message, itemClassName };
  return <FieldItem {...item} render={(field) => <Input {...input} {...field} />} />;
}

type InputProps = Omit<ComponentProps<typeof Input>, 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'ref'>;
