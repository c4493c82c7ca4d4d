import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'wouter';
import { CircleCheckIcon, CircleXIcon } from 'lucide-react';
import { AUTH_SERVER_MESSAGES } from '#common/schemas/auth';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError, messageOf } from '@/lib/api';
import { useVerifyEmail } from '../api/auth-api';
import { useOneTimeToken } from '../hooks/use-one-time-token';
import { AuthCard } from './auth-card';
import { VERIFIED_REDIRECT_DELAY_MS } from './auth-messages';
import { ResendVerification } from './resend-verification';
import { useAppI18n } from '@/lib/app-i18n';

const DASHBOARD = '/dashboard';

/** A refused link opened while signed in to a verified account: what is true, instead of "invalid". */
export const ALREADY_VERIFIED_TEXT = AUTH_SERVER_MESSAGES.alreadyVerified;

/** The server refused the token, but the visitor is signed in and verified (a second tap on the link). */
function isAlreadyVerified(error: unknown): error is ApiError {
  return error instanceof ApiError && error.data.alreadyVerified === true;
}

/**
 * /verify-email?token=: loading, success, error (spec section 4). On success with redirectTo
 * '/dashboard' the page moves on after 2 s; the button goes there at once. A used link opened
 * again by the signed-in, verified artist says so and moves on to the dashboard the same way.
 */
export function VerifyEmailPage() {
  const { t } = useAppI18n();
  useDocumentTitle(t('auth.verifyEmail'));
  const token = useOneTimeToken();
  const verify = useVerifyEmail();
  const [, navigate] = useLocation();
  const started = useRef(false);

  useEffect(() => {
    // Once per page: the token is single-use, so a second call would report it as used.
    if (token === null || started.current) return;
    started.current = true;
    verify.mutate(token);
  }, [token, verify]);

  // The message to show when the link was refused because the address is verified already, else null.
  const alreadyVerifiedMessage = isAlreadyVerified(verify.error) ? (verify.error.serverMessage ?? ALREADY_VERIFIED_TEXT) : null;
  const redirectTo = alreadyVerifiedMessage !== null ? DASHBOARD : verify.data?.redirectTo;
  useEffect(() => {
    if (redirectTo !== DASHBOARD) return;
    const timer = window.setTimeout(() => navigate(DASHBOARD), VERIFIED_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [redirectTo, navigate]);

  if (alreadyVerifiedMessage !== null) {
    return (
      <AuthCard
        icon={<CircleCheckIcon className="text-success" />}
        title={t('auth.alreadyVerified')}
        description={<span role="status">{alreadyVerifiedMessage}</span>}
        footer={
          <Button asChild>
            <Link href={DASHBOARD}>{t('auth.goToDashboard')}</Link>
          </Button>
        }
      >
        <p className="text-center text-sm text-muted-foreground">{t('auth.takingYou')}</p>
      </AuthCard>
    );
  }

  if (token === null || verify.isError) {
    const message =
      token === null ? t('auth.invalidVerificationLink') : messageOf(verify.error, t('auth.verifyFailed'), t('auth.verifyError'));
    return (
      <AuthCard
        icon={<CircleXIcon className="text-destructive" />}
        title={t('auth.verifyFailedTitle')}
        description={<span role="alert">{message}</span>}
        footer={
          <Button asChild variant="ghost">
            <Link href="/auth">{t('auth.backToSignIn')}</Link>
          </Button>
        }
      >
        <Separator />
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">{t('auth.linksExpire')}</p>
          <ResendVerification />
        </div>
      </AuthCard>
    );
  }

  if (verify.isSuccess) {
    return (
      <AuthCard
        icon={<CircleCheckIcon className="text-success" />}
        title={t('auth.verified')}
        description={<span role="status">{verify.data.message}</span>}
        footer={
          <Button asChild>
            <Link href={DASHBOARD}>{t('auth.goToDashboard')}</Link>
          </Button>
        }
      >
        {redirectTo === DASHBOARD && (
          <p className="text-center text-sm text-muted-foreground">{t('auth.takingYou')}</p>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<Spinner className="size-6" label={null} />}
      title={t('auth.verifying')}
      description={<span role="status">{t('auth.verifyingText')}</span>}
    />
  );
}
