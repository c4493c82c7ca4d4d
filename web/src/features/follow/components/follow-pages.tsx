import { useEffect, useRef } from 'react';
import { useSearchParams } from 'wouter';
import { BellOffIcon, BellRingIcon, TriangleAlertIcon } from 'lucide-react';
import { StatusCard } from '@/components/status-card';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { messageOf } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { useConfirmFollow, useUnsubscribe } from '../api/follows';

/** /follow/confirm and /follow/unsubscribe (one chunk, one entry in the router: public pages' JavaScript budget). */
export function FollowPage({ action }: { action: 'confirm' | 'unsubscribe' }) {
  return action === 'confirm' ? <FollowConfirmPage /> : <FollowUnsubscribePage />;
}

/** /follow/confirm?token=… (issue 17): the confirmation mail's link confirms on opening. */
function FollowConfirmPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { t } = useI18n();
  const confirm = useConfirmFollow();
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);
  useDocumentTitle(confirm.isSuccess ? t('follow.following') : t('follow.confirmTitle'));

  if (!token || confirm.isError) {
    return <StatusCard icon={<TriangleAlertIcon />} title={t('follow.linkNotValid')} description={messageOf(confirm.error, t('follow.linkInvalid'))} />;
  }
  if (confirm.isSuccess) {
    return <StatusCard icon={<BellRingIcon />} title={t('follow.youFollow', { artist: confirm.data.artistName })} description={confirm.data.message} />;
  }
  return (
    <div className="flex justify-center py-24" role="status" aria-label={t('follow.confirming')}>
      <Spinner />
    </div>
  );
}

/**
 * /follow/unsubscribe?token=… (issue 17): one button. Opening the page does nothing by itself, so
 * a link checker that opens every link of a mail unsubscribes nobody; mail clients use the
 * one-click POST of the List-Unsubscribe header instead.
 */
function FollowUnsubscribePage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { t } = useI18n();
  const unsubscribe = useUnsubscribe();
  useDocumentTitle(t('follow.unsubscribe'));

  if (!token || unsubscribe.isError) {
    return <StatusCard icon={<TriangleAlertIcon />} title={t('follow.linkNotValid')} description={messageOf(unsubscribe.error, t('follow.linkInvalid'))} />;
  }
  if (unsubscribe.isSuccess) return <StatusCard icon={<BellOffIcon />} title={t('follow.unsubscribed')} description={unsubscribe.data.message} />;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-16 text-center sm:py-24">
      <h1 className="text-2xl font-bold">{t('follow.unsubscribe')}</h1>
      <p className="mt-2 text-muted-foreground">{t('follow.unsubscribeText')}</p>
      <Button type="button" className="mt-6 h-11 w-full sm:w-auto" disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        {unsubscribe.isPending ? t('follow.unsubscribing') : t('follow.unsubscribe')}
      </Button>
    </div>
  );
}
