import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'wouter';
import { CircleCheckIcon, CircleXIcon, KeyRoundIcon } from 'lucide-react';
import { resetPasswordFormSchema } from '#common/schemas/auth';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { messageOf } from '@/lib/api';
import { useResetPassword } from '../api/auth-api';
import { useOneTimeToken } from '../hooks/use-one-time-token';
import { AuthCard } from './auth-card';
import { NewPasswordField } from './new-password-field';
import { SubmitButton } from './submit-button';
import { useAppI18n } from '@/lib/app-i18n';

const REQUEST_NEW_LINK = '/auth?view=forgot-password';

/** /reset-password?token=: form, loading, success, error; 'Try Again' returns to the form (spec section 4). */
export function ResetPasswordPage() {
  const { t } = useAppI18n();
  useDocumentTitle(t('auth.resetPassword'));
  const token = useOneTimeToken();
  if (token === null) {
    return (
      <AuthCard
        icon={<CircleXIcon className="text-destructive" />}
        title={t('auth.invalidLink')}
        description={<span role="alert">{t('auth.invalidResetLink')}</span>}
        footer={
          <Button asChild>
            <Link href={REQUEST_NEW_LINK}>{t('auth.requestNewLink')}</Link>
          </Button>
        }
      />
    );
  }
  return <ResetPasswordFlow token={token} />;
}

function ResetPasswordFlow({ token }: { token: string }) {
  const { t } = useAppI18n();
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });

  if (reset.isSuccess) {
    return (
      <AuthCard
        icon={<CircleCheckIcon className="text-success" />}
        title={t('auth.passwordReset')}
        description={<span role="status">{reset.data.message}</span>}
        footer={
          <Button asChild>
            <Link href="/auth">{t('auth.goToSignIn')}</Link>
          </Button>
        }
      />
    );
  }

  if (reset.isError) {
    return (
      <AuthCard
        icon={<CircleXIcon className="text-destructive" />}
        title={t('auth.resetFailedTitle')}
        description={<span role="alert">{messageOf(reset.error, t('auth.resetFailed'))}</span>}
        footer={
          <>
            <Button type="button" onClick={() => reset.reset()}>
              {t('auth.tryAgain')}
            </Button>
            <Button asChild variant="ghost">
              <Link href={REQUEST_NEW_LINK}>{t('auth.requestNewLink')}</Link>
            </Button>
          </>
        }
      />
    );
  }

  const tokenError = form.formState.errors.token?.message;
  return (
    <AuthCard icon={<KeyRoundIcon />} title={t('auth.setNewPassword')} description={t('auth.setNewPasswordText')}>
      <Form {...form}>
        <form
          noValidate
          aria-label={t('auth.resetPassword')}
          className="grid gap-4"
          onSubmit={form.handleSubmit(({ token: formToken, newPassword }) => reset.mutate({ token: formToken, newPassword }))}
        >
          <NewPasswordField name="newPassword" label={t('auth.newPassword')} description={t('auth.newPasswordHint')} />
          <NewPasswordField name="confirmPassword" label={t('auth.confirmNewPassword')} />
          {tokenError && (
            <Alert variant="destructive">
              <AlertDescription>{tokenError}</AlertDescription>
            </Alert>
          )}
          <SubmitButton pending={reset.isPending} pendingLabel={t('auth.resetting')}>
            {t('auth.resetPasswordButton')}
          </SubmitButton>
        </form>
      </Form>
    </AuthCard>
  );
}
