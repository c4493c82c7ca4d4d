import { type AuditEntry } from '#common/schemas/admin';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/page-spinner';
import { useAppI18n } from '@/lib/app-i18n';
import type { AppMessageKey } from '@/lib/i18n';
import { useAuditLog } from '../api/admin';
import { useUtcTime } from './console-common';
import { auditDetails } from './audit-details';
import { LoadError } from './console-parts';

/** Each action the audit log records, in the operator's language (one not listed shows as recorded). */
const ACTIONS: Record<string, AppMessageKey> = {
  'operator.grant': 'admin.action.grant',
  'operator.revoke': 'admin.action.revoke',
  'operator.enrol': 'admin.action.enrol',
  'operator.verify': 'admin.action.verify',
  'pick.add': 'admin.action.pickAdd',
  'pick.move': 'admin.action.pickMove',
  'pick.remove': 'admin.action.pickRemove',
  'takedown.add': 'admin.action.takedownAdd',
  'takedown.restore': 'admin.action.takedownRestore',
  'report.action': 'admin.action.reportAction',
  'report.dismiss': 'admin.action.reportDismiss',
  'refund.create': 'admin.action.refundCreate',
  'payout.retry': 'admin.action.payoutRetry',
};

/** What an entry acted on, in the operator's language (the id after it is data). */
const TARGETS: Record<string, AppMessageKey> = {
  user: 'admin.target.user',
  track: 'admin.kind.track',
  album: 'admin.kind.album',
  artist: 'admin.kind.artist',
  profile: 'admin.kind.artist',
  report: 'admin.target.report',
  order: 'admin.target.order',
  payout: 'admin.target.payout',
};

function AuditRow({ entry }: { entry: AuditEntry }) {
  const { t } = useAppI18n();
  const utcTime = useUtcTime();
  const action = ACTIONS[entry.action];
  const details = auditDetails(entry.details, t);
  return (
    <li className="grid gap-0.5 px-3 py-2 text-sm">
      <span className="font-medium">{action ? t(action) : entry.action}</span>
      <span className="text-muted-foreground">
        {t('admin.auditWhen', { at: utcTime(entry.at), who: entry.actorEmail ?? t('admin.commandLine') })}
      </span>
      {entry.targetId && (
        <span className="break-all text-muted-foreground">
          {entry.targetType && TARGETS[entry.targetType] ? t(TARGETS[entry.targetType]!) : entry.targetType} {entry.targetId}
        </span>
      )}
      {details.length > 0 && <span className="text-muted-foreground [overflow-wrap:anywhere]" data-testid="audit-details">{details.join(' · ')}</span>}
      {entry.reason && <span>{t('admin.reason', { reason: entry.reason })}</span>}
    </li>
  );
}

/** The console's last tab: every console action, newest first, a page at a time. */
export function AuditLog() {
  const { t } = useAppI18n();
  const audit = useAuditLog();
  if (audit.isPending) return <PageSpinner className="py-8" />;
  if (audit.isError) return <LoadError error={audit.error} />;
  const entries = audit.data.pages.flatMap((page) => page.entries);
  return (
    <div className="grid gap-3">
      <ol aria-label={t('admin.auditLog')} className="divide-y rounded-md border">
        {entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </ol>
      {audit.hasNextPage && (
        <div>
          <Button variant="outline" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
            {t('admin.more')}
          </Button>
        </div>
      )}
    </div>
  );
}
