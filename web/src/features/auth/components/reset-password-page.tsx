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
import { NEW_PASSWORD_HINT, NewPasswordField } from './new-password-field';
import { AUTH_TEXTS } from './auth-messages';
import { SubmitButton } from './submit-button';

const REQUEST_NEW_LINK = '/auth?view=forgot-password';

/** /reset-password?token=: form, loading, success, error; 'Try Again' returns to the form (spec section 4). */
export function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  const token = useOneTimeToken();
  if (token === null) {
    return (
      <AuthCard
        icon={<CircleXIcon className="text-destructive" />}
        title="Invalid link"
        description={<span role="alert">{AUTH_TEXTS.invalidResetLink}</span>}
        footer={
          <Button asChild>
            <Link href={REQUEST_NEW_LINK}>Request a new link</Link>
          </Button>
        }
      />
    );
  }
  return <ResetPasswordFlow token={token} />;
}

function ResetPasswordFlow({ token }: { token: string }) {
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordFormSchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });

  if (reset.isSuccess) {
    return (
      <AuthCard
        icon={<CircleCheckIcon className="text-success" />}
        title="Password reset"
        description={<span role="status">{reset.data.message}</span>}
        footer={
          <Button asChild>
            <Link href="/auth">Go to Sign In</Link>
          </Button>
        }
      />
    );
  }

  if (reset.isError) {
    return (
      <AuthCard
        icon={<CircleXIcon className="text-destructive" />}
        title="Could not reset your password"
        description={<span role="alert">{messageOf(reset.error, AUTH_TEXTS.resetFailed)}</span>}
        footer={
          <>
            <Button type="button" onClick={() => reset.reset()}>
              Try Again
            </Button>
            <Button asChild variant="ghost">
              <Link href={REQUEST_NEW_LINK}>Request a new link</Link>
            </Button>
          </>
        }
      />
    );
  }

  const tokenError = form.formState.errors.token?.message;
  return (
    <AuthCard icon={<KeyRoundIcon />} title="Set a new password" description="Choose a new password for your account.">
      <Form {...form}>
        <form
          noValidate
          aria-label="Reset password"
          className="grid gap-4"
          onSubmit={form.handleSubmit(({ token: formToken, newPassword }) => reset.mutate({ token: formToken, newPassword }))}
        >
          <NewPasswordField name="newPassword" label="New password" description={NEW_PASSWORD_HINT} />
          <NewPasswordField name="confirmPassword" label="Confirm new password" />
          {tokenError && (
            <Alert variant="destructive">
              <AlertDescription>{tokenError}</AlertDescription>
            </Alert>
          )}
          <SubmitButton pending={reset.isPending} pendingLabel="Resetting password…">
            Reset Password
          </SubmitButton>
        </form>
      </Form>
    </AuthCard>
  );
}
