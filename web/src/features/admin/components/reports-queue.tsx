import { useState } from 'react';
import { CheckIcon, ExternalLinkIcon, XIcon } from 'lucide-react';
import type { AdminReport } from '#common/schemas/reports';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAppI18n } from '@/lib/app-i18n';
import type { AppMessageKey } from '@/lib/i18n';
import { useCloseReport, useReports } from '../api/console';
import { useStaleSecondFactor, useUtcTime } from './console-common';
import { ActionError, LoadedList } from './console-parts';

const STATUSES = [
  ['open', 'admin.reportStatus.open'],
  ['actioned', 'admin.reportStatus.actioned'],
  ['dismissed', 'admin.reportStatus.dismissed'],
] as const satisfies readonly (readonly [string, AppMessageKey])[];
const KIND: Record<AdminReport['itemType'], AppMessageKey> = { track: 'admin.kind.track', album: 'admin.kind.album', profile: 'admin.kind.artist' };

/**
 * Fans' reports (decision 059): the open ones newest first. Act on one (open the item, do what it
 * needs, and mark it actioned with a note) or dismiss it; both land in the audit log.
 */
export function ReportsQueue() {
  const { t } = useAppI18n();
  const [status, setStatus] = useState<(typeof STATUSES)[number][0]>('open');
  const reports = useReports(status);
  return (
    <div className="grid gap-4">
      <div role="group" aria-label={t('admin.whichReports')} className="flex flex-wrap gap-2">
        {STATUSES.map(([value, label]) => (
          <Button key={value} size="sm" variant={value === status ? 'default' : 'outline'} aria-pressed={value === status} onClick={() => setStatus(value)}>
            {t(label)}
          </Button>
        ))}
      </div>
      <LoadedList
        read={reports}
        items={(data) => data.reports}
        empty={status === 'open' ? t('admin.noOpenReports') : t('admin.noneYet')}
        label={t('admin.reports')}
        className="grid gap-3"
        row={(report) => <ReportCard key={report.id} report={report} />}
      />
    </div>
  );
}

function ReportCard({ report }: { report: AdminReport }) {
  const { t } = useAppI18n();
  const utcTime = useUtcTime();
  const close = useCloseReport();
  const onError = useStaleSecondFactor();
  const [note, setNote] = useState('');
  const noteId = `report-note-${report.id}`;
  const name = report.itemName ?? t('admin.deletedItem');
  return (
    <li aria-label={t('admin.reportOf', { kind: t(KIND[report.itemType]), name })} className="grid gap-2 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-muted-foreground">{t(KIND[report.itemType])}</span>
        {report.url ? (
          <a href={report.url} target="_blank" rel="noopener noreferrer" className="inline-flex min-w-0 items-center gap-1 font-medium break-words underline underline-offset-4">
            {name}
            <ExternalLinkIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">{t('admin.opensInNewTab')}</span>
          </a>
        ) : (
          <span className="font-medium">{name}</span>
        )}
        {report.artistName && report.itemType !== 'profile' && <span className="text-muted-foreground">{t('admin.byArtist', { name: report.artistName })}</span>}
      </div>
      <p className="break-words whitespace-pre-line">{report.reason}</p>
      <p className="text-muted-foreground">
        {utcTime(report.createdAt)}
        {report.email && <> · {report.email}</>}
      </p>
      {report.status === 'open' ? (
        <div className="grid gap-2">
          <Label htmlFor={noteId}>{t('admin.noteLabel')}</Label>
          <Input id={noteId} value={note} onChange={(event) => setNote(event.target.value)} maxLength={500} placeholder={t('admin.notePlaceholder')} />
          {close.isError && <ActionError error={close.error} />}
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              disabled={close.isPending || note.trim() === ''}
              aria-label={t('admin.markActionedNamed', { name })}
              onClick={() => close.mutate({ id: report.id, kind: 'action', note }, { onError })}
            >
              <CheckIcon aria-hidden="true" />
              {t('admin.markActioned')}
            </Button>
            <Button size="sm" variant="outline" disabled={close.isPending} aria-label={t('admin.dismissNamed', { name })} onClick={() => close.mutate({ id: report.id, kind: 'dismiss', note }, { onError })}>
              <XIcon aria-hidden="true" />
              {t('admin.dismiss')}
            </Button>
          </div>
        </div>
      ) : (
        <p className="text-muted-foreground">
          {t(report.status === 'actioned' ? 'admin.closedBy.actioned' : 'admin.closedBy.dismissed', { email: report.closedByEmail ?? '' })}
          {report.closedAt && <> · {utcTime(report.closedAt)}</>}
          {report.closeNote && <> · {report.closeNote}</>}
        </p>
      )}
    </li>
  );
}
