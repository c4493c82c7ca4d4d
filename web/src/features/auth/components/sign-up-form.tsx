import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema } from '#common/schemas/auth';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { needsEmailVerification, useRegister } from '../api/auth-api';
import { AUTH_TEXTS } from './auth-messages';
import { EmailField } from './email-field';
import { NEW_PASSWORD_HINT, NewPasswordField } from './new-password-field';
import { SubmitButton } from './submit-button';

const FIELDS = ['displayName', 'email', 'password'] as const;
type Field = (typeof FIELDS)[number];
const isField = (name: string): name is Field => (FIELDS as readonly string[]).includes(name);

/**
 * Create an artist account. When the server asks for e-mail verification (it always does) the
 * page moves to the registration-success view; field errors from the server land on their fields.
 */
export function SignUpForm({ onRegistered }: { onRegistered: (email: string, message: string) => void }) {
  const register = useRegister();
  const form = useForm({
    resolver: zodResolver(registerSchema),
    defaultValues: { displayName: '', email: '', password: '' },
  });

  const onSubmit = form.handleSubmit((input) => {
    register.mutate(input, {
      onSuccess: (result) => {
        if (needsEmailVerification(result)) onRegistered(input.email, result.message);
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: AUTH_TEXTS.registrationFailed, description: error.message });
        if (!(error instanceof ApiError)) return;
        const fieldErrors = error.data.errors;
        if (fieldErrors && typeof fieldErrors === 'object') {
          for (const [name, message] of Object.entries(fieldErrors)) {
            if (isField(name) && typeof message === 'string') form.setError(name, { message });
          }
        }
        // 409: the display name (its slug) is taken.
        if (error.status === 409) form.setError('displayName', { message: error.message });
      },
    });
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign up">
        <FormField
          control={form.control}
          name="displayName"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Display name</FormLabel>
              <FormControl>
                <Input autoComplete="nickname" placeholder="Your artist name" {...field} />
              </FormControl>
              <FormDescription>Fans see this name, and your page address is made from it.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <EmailField />
        <NewPasswordField name="password" label="Password" description={NEW_PASSWORD_HINT} />
        <SubmitButton pending={register.isPending} pendingLabel="Creating account…">
          Create Account
        </SubmitButton>
        <p className="text-center text-xs text-muted-foreground">
          By creating an account you agree to our{' '}
          <Link href="/terms-and-conditions" className="underline underline-offset-4 hover:text-foreground">
            Terms and Conditions
          </Link>
          .
        </p>
      </form>
    </Form>
  );
}
