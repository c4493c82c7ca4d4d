import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '#common/schemas/auth';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api';
import { useLogin } from '../api/auth-api';
import { AUTH_TEXTS } from './auth-messages';
import { EmailField } from './email-field';
import { ResendVerification } from './resend-verification';
import { SubmitButton } from './submit-button';

/**
 * Sign in. A failure shows the 'Login failed' toast with the error message (spec section 8); an
 * account whose e-mail is not verified yet (403 with requiresEmailVerification) is also offered
 * a fresh verification e-mail.
 */
export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const login = useLogin();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit((credentials) => {
    setUnverifiedEmail(null);
    login.mutate(credentials, {
      onError: (error) => {
        toast({ variant: 'destructive', title: AUTH_TEXTS.loginFailed, description: error.message });
        if (error instanceof ApiError && error.data.requiresEmailVerification === true) {
          setUnverifiedEmail(credentials.email);
        }
      },
    });
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
        <EmailField />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center justify-between">
                <FormLabel>Password</FormLabel>
                <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={onForgotPassword}>
                  Forgot password?
                </Button>
              </div>
              <FormControl>
                <PasswordInput autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {unverifiedEmail && (
          <Alert data-testid="unverified-account">
            <AlertTitle>Please verify your email address</AlertTitle>
            <AlertDescription>
              <p>Open the link we e-mailed to {unverifiedEmail} to activate your account, or get a new link.</p>
              <ResendVerification email={unverifiedEmail} />
            </AlertDescription>
          </Alert>
        )}
        <SubmitButton pending={login.isPending} pendingLabel="Signing in…">
          Sign In
        </SubmitButton>
      </form>
    </Form>
  );
}
