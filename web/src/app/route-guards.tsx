import type * as React from 'react';
import { Redirect } from 'wouter';
import { RefreshCwIcon } from 'lucide-react';
import { PageSpinner } from '@/components/page-spinner';
import { Button } from '@/components/ui/button';
import { StatusCard } from '@/components/status-card';
import { useCurrentUser } from '@/lib/auth';
import { useI18n } from '@/lib/i18n';

function UserCheckFailed({ retry }: { retry: () => void }) {
  const { t } = useI18n();
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center">
      <StatusCard
        title={t('common.userCheckFailedTitle')}
        description={t('common.userCheckFailed')}
        action={null}
        className="py-0 sm:py-0"
      />
      <Button variant="outline" onClick={retry}>
        <RefreshCwIcon aria-hidden="true" />
        {t('common.tryAgain')}
      </Button>
    </div>
  );
}

/**
 * Spec section 2: a centred spinner while the current user loads, /auth for a signed-out
 * visitor, the page for a signed-in one.
 */
export function ProtectedRoute({ children }: { children: React.ReactNode }) {
  const { user, isLoading, error, refetch } = useCurrentUser();
  if (isLoading) return <PageSpinner className="min-h-dvh" />;
  if (user) return children;
  if (error) return <UserCheckFailed retry={refetch} />;
  return <Redirect to="/auth" replace />;
}

/** Spec section 6: a signed-in user visiting /auth goes to /dashboard. */
export function GuestOnlyRoute({ children }: { children: React.ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <PageSpinner className="min-h-dvh" />;
  if (user) return <Redirect to="/dashboard" replace />;
  return children;
}
