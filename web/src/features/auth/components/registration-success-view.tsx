import { ArrowLeftIcon, MailCheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { AuthCard } from './auth-card';
import { ResendVerification } from './resend-verification';
import { useAppI18n } from '@/lib/app-i18n';

/** After sign-up: the account exists but waits for its e-mail address to be verified. */
export function RegistrationSuccessView({ email, message, onBack }: { email: string; message: string; onBack: () => void }) {
  const { t } = useAppI18n();
  return (
    <AuthCard
      icon={<MailCheckIcon />}
      title={t('auth.checkEmail')}
      description={message}
      footer={
        <Button type="button" variant="ghost" onClick={onBack}>
          <ArrowLeftIcon aria-hidden="true" />
          {t('auth.backToSignIn')}
        </Button>
      }
    >
      <p className="text-center text-sm text-muted-foreground">
        {t('auth.sentLinkBefore')}
        <strong className="text-foreground wrap-anywhere">{email}</strong>
        {t('auth.sentLinkAfter')}
      </p>
      <div className="grid justify-items-center gap-2 rounded-lg bg-muted/50 p-4 text-center text-sm">
        <p className="text-muted-foreground">{t('auth.noEmail')}</p>
        <ResendVerification email={email} />
      </div>
    </AuthCard>
  );
}
