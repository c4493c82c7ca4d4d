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
import { AUTH_TEXTS } from './auth-messages';
import { EmailField } from '@/components/email-field';
import { SubmitButton } from './submit-button';

const SENT_FALLBACK = 'If an account exists for that email address, we have sent a link to reset its password.';

/**
 * Forgot password: form, loading, success (spec section 4). The success text is the server's,
 * which is the same whether or not the account exists.
 */
export function ForgotPasswordView({ onBack }: { onBack: () => void }) {
  const forgot = useForgotPassword();
  const form = useForm({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });
  const backButton = (
    <Button type="button" variant="ghost" onClick={onBack}>
      <ArrowLeftIcon aria-hidden="true" />
      Back to Sign In
    </Button>
  );

  if (forgot.isSuccess) {
    return (
      <AuthCard icon={<MailCheckIcon />} title="Check your email" description={forgot.data.message || SENT_FALLBACK} footer={backButton}>
        <p className="text-center text-sm text-muted-foreground">
          The link works for one hour. Nothing arrived? Check your spam folder, or try again in a few minutes.
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<KeyRoundIcon />}
      title="Forgot your password?"
      description="Enter the email address of your account and we will send you a link to set a new password."
      footer={backButton}
    >
      <Form {...form}>
        <form
          noValidate
          aria-label="Forgot password"
          className="grid gap-4"
          onSubmit={form.handleSubmit((input) => forgot.mutate(input))}
        >
          <EmailField />
          {forgot.isError && (
            <Alert variant="destructive">
              <AlertDescription>{messageOf(forgot.error, AUTH_TEXTS.forgotFailed, AUTH_TEXTS.forgotError)}</AlertDescription>
            </Alert>
          )}
          <SubmitButton pending={forgot.isPending} pendingLabel="Sending…">
            Send Reset Link
          </SubmitButton>
        </form>
      </Form>
    </AuthCard>
  );
}
