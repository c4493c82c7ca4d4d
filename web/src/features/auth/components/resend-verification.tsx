import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { resendVerificationSchema } from '#common/schemas/auth';
import { MailIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { messageOf } from '@/lib/api';
import { useResendVerification } from '../api/auth-api';
import { EmailField } from '@/components/email-field';
import { useAppI18n } from '@/lib/app-i18n';

function ResendStatus({ state }: { state: { kind: 'success' } | { kind: 'error'; message: string } | null }) {
  const { t } = useAppI18n();
  if (!state) return null;
  return state.kind === 'success' ? (
    <p role="status" className="text-sm text-success">
      {t('auth.resendSuccess')}
    </p>
  ) : (
    <p role="alert" className="text-sm text-destructive">
      {state.message}
    </p>
  );
}

type ResendState = { kind: 'success' } | { kind: 'error'; message: string } | null;

function useResend() {
  const { t } = useAppI18n();
  const resend = useResendVerification();
  const [state, setState] = useState<ResendState>(null);
  const send = (email: string) => {
    setState(null);
    resend.mutate(
      { email },
      {
        onSuccess: () => setState({ kind: 'success' }),
        onError: (error) =>
          setState({ kind: 'error', message: messageOf(error, t('auth.resendFailed'), t('auth.resendError')) }),
      },
    );
  };
  return { send, pending: resend.isPending, state };
}

/**
 * Sends the verification e-mail again (spec section 8's resend texts). With a known address it
 * is one button; without one (an expired link) it asks for the address first.
 */
export function ResendVerification({ email }: { email?: string }) {
  const { t } = useAppI18n();
  const { send, pending, state } = useResend();
  if (email === undefined) return <ResendVerificationForm send={send} pending={pending} state={state} />;
  return (
    <div className="grid justify-items-start gap-2">
      <Button type="button" variant="outline" size="sm" className="text-foreground" disabled={pending} onClick={() => send(email)}>
        {pending ? <Spinner label={null} /> : <MailIcon aria-hidden="true" />}
        {t('auth.resend')}
      </Button>
      <ResendStatus state={state} />
    </div>
  );
}

function ResendVerificationForm({
  send,
  pending,
  state,
}: {
  send: (email: string) => void;
  pending: boolean;
  state: ResendState;
}) {
  const { t } = useAppI18n();
  const form = useForm({ resolver: zodResolver(resendVerificationSchema), defaultValues: { email: '' } });
  return (
    <Form {...form}>
      <form
        noValidate
        aria-label={t('auth.resend')}
        className="grid gap-3"
        onSubmit={form.handleSubmit(({ email }) => send(email))}
      >
        <EmailField label={t('auth.email')} />
        <Button type="submit" variant="outline" disabled={pending}>
          {pending ? <Spinner label={null} /> : <MailIcon aria-hidden="true" />}
          {t('auth.resend')}
        </Button>
        <ResendStatus state={state} />
      </form>
    </Form>
  );
}
