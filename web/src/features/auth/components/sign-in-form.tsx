import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { CircleAlertIcon } from 'lucide-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema } from '#common/schemas/auth';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { PasswordInput } from '@/components/ui/password-input';
import { ApiError } from '@/lib/api';
import { useLogin } from '../api/auth-api';
import { authToast, useDismissAuthToastsOnLeave } from '../hooks/use-auth-toasts';
import { EmailField } from '@/components/email-field';
import { ResendVerification } from './resend-verification';
import { SubmitButton } from './submit-button';
import { useAppI18n } from '@/lib/app-i18n';

/**
 * Sign in. A failure shows the 'Login failed' toast with the error message (spec section 8) and
 * the same message at the form, where the artist is looking (the toast goes once they move on);
 * an account whose e-mail is not verified yet (403 with requiresEmailVerification) is offered a
 * fresh verification e-mail instead.
 */
export function SignInForm({ onForgotPassword }: { onForgotPassword: () => void }) {
  const { t } = useAppI18n();
  const login = useLogin();
  useDismissAuthToastsOnLeave();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit((credentials) => {
    setUnverifiedEmail(null);
    setFailure(null);
    login.mutate(credentials, {
      onError: (error) => {
        authToast({ variant: 'destructive', title: t('auth.loginFailed'), description: error.message });
        if (error instanceof ApiError && error.data.requiresEmailVerification === true) {
          setUnverifiedEmail(credentials.email);
        } else {
          setFailure(error.message);
        }
      },
    });
  });

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('auth.signInLabel')}>
        <EmailField label={t('auth.email')} />
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center justify-between">
                <FormLabel>{t('auth.password')}</FormLabel>
                <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={onForgotPassword}>
                  {t('auth.forgotLink')}
                </Button>
              </div>
              <FormControl>
                <PasswordInput autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        {failure && (
          <Alert variant="destructive" role="alert" data-testid="sign-in-error">
            <CircleAlertIcon aria-hidden="true" />
            <AlertDescription>{failure}</AlertDescription>
          </Alert>
        )}
        {unverifiedEmail && (
          <Alert data-testid="unverified-account">
            <AlertTitle>{t('auth.verifyFirst')}</AlertTitle>
            <AlertDescription>
              <p className="wrap-anywhere">{t('auth.verifyFirstText', { email: unverifiedEmail })}</p>
              <ResendVerification email={unverifiedEmail} />
            </AlertDescription>
          </Alert>
        )}
        <SubmitButton pending={login.isPending} pendingLabel={t('auth.signingIn')}>
          {t('auth.signIn')}
        </SubmitButton>
      </form>
    </Form>
  );
}
