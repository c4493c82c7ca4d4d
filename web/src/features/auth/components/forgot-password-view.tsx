import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeftIcon, KeyRoundIcon, MailCheckIcon } from 'lucide-react';
import { forgotPasswordSchema } from '#common/schemas/auth';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { messageOf } from '@/lib/api';
import { useForgotPassword } from '../api/auth-api';
import { AuthCard } from './auth-card';
import { EmailField } from '@/components/email-field';
import { SubmitButton } from './submit-button';
import { useAppI18n } from '@/lib/app-i18n';

/**
 * Forgot password: form, loading, success (spec section 4). The success text is the server's,
 * which is the same whether or not the account exists.
 */
export function ForgotPasswordView({ onBack }: { onBack: () => void }) {
  const { t } = useAppI18n();
  const forgot = useForgotPassword();
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const backButton = (
    <Button type="button" variant="ghost" onClick={onBack}>
      <ArrowLeftIcon aria-hidden="true" />
      {t('auth.backToSignIn')}
    </Button>
  );

  if (forgot.isSuccess) {
    return (
      <AuthCard icon={<MailCheckIcon />} title={t('auth.checkEmail')} description={forgot.data.message || t('auth.resetSentFallback')} footer={backButton}>
        <p className="text-center text-sm text-muted-foreground">
          {t('auth.resetSentHint')}
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<KeyRoundIcon />}
      title={t('auth.forgotTitle')}
      description={t('auth.forgotDescription')}
      footer={backButton}
    >
      <Form {...form}>
        <form
          noValidate
          aria-label={t('auth.forgotPassword')}
          className="grid gap-4"
          onSubmit={form.handleSubmit((input) => forgot.mutate(input))}
        >
          <EmailField label={t('auth.email')} />
          {forgot.isError && (
            <Alert variant="destructive">
              <AlertDescription>{messageOf(forgot.error, t('auth.forgotFailed'), t('auth.forgotError'))}</AlertDescription>
            </Alert>
          )}
          <SubmitButton pending={forgot.isPending} pendingLabel={t('auth.sending')}>
            {t('auth.sendResetLink')}
          </SubmitButton>
        </form>
      </Form>
    </AuthCard>
  );
}
