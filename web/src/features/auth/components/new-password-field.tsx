import { FieldItem } from '@/components/text-field';
import { PasswordInput } from '@/components/ui/password-input';

/** A field for choosing a password (sign up, reset): the form's `name`, with the password manager's new-password hint. */
export function NewPasswordField({ name, label, description }: { name: string; label: string; description?: string }) {
  return <FieldItem name={name} label={label} description={description} render={(field) => <PasswordInput autoComplete="new-password" {...field} />} />;
}
