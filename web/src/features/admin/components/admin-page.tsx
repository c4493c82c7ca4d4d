import { useState, type FormEvent, type ReactElement } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownIcon, ArrowUpIcon, KeyRoundIcon, PlusIcon, ShieldCheckIcon, Trash2Icon } from 'lucide-react';
import { type AdminPick, type AdminTrackHit, type AuditEntry, type EnrolmentStart } from '#common/schemas/admin';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PageSpinner } from '@/components/page-spinner';
import { StatusCard } from '@/components/status-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { hasErrorCode } from '@/lib/api';
import {
  ADMIN_STATUS_KEY,
  useAdminStatus,
  useAuditLog,
  useChangePicks,
  useConfirmEnrolment,
  usePicks,
  useStartEnrolment,
  useTrackSearch,
  useVerify,
  type ConsoleAccess,
} from '../api/admin';
import { TakedownsPanel } from './takedowns-panel';
import { useAppI18n } from '@/lib/app-i18n';
import type { AppMessageKey } from '@/lib/i18n';
import { PayoutsPanel } from './payouts-panel';
import { RefundsPanel } from './refunds-panel';
import { ReportsQueue } from './reports-queue';
import { useStaleSecondFactor, useUtcTime } from './console-common';
import { auditDetails } from './audit-details';
import { ActionError, ConsoleSearch, ConsoleSection, LoadError, LoadedList, RowAction, RowLines, useConsoleMessage } from './console-parts';

/**
 * /admin (issue 21, decision 051): the operator's console. An operator sets up an authenticator
 * app once (QR code and secret shown once, then ten recovery codes shown once), confirms a code
 * every 12 hours, and then manages the editor's picks and reads the audit log. Anyone else sees
 * that the page is not for them, and the API gives them nothing.
 */
export function AdminPage() {
  const { t } = useAppI18n();
  const messageOfError = useConsoleMessage();
  useDocumentTitle(t('admin.console'));
  const status = useAdminStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body: React.ReactNode;
  if (status.isPending) body = <PageSpinner className="min-h-[60vh]" />;
  else if (status.isError)
    body = (
      <Alert variant="destructive">
        <AlertDescription>{messageOfError(status.error)}</AlertDescription>
      </Alert>
    );
  else if (status.data.kind === 'forbidden') body = <StatusCard title={t('admin.notAvailable')} description={t('admin.forbidden')} />;
  else if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (!status.data.enrolled) body = <Enrol onEnrolled={setRecoveryCodes} />;
  else if (!status.data.verifiedUntil) body = <Verify />;
  else body = <Console status={status.data} />;

  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b">
        <div className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-3">
          <ShieldCheckIcon className="size-5 text-primary" aria-hidden="true" />
          <span className="font-semibold">{t('admin.sautiConsole')}</span>
          <a href="/dashboard" className="ml-auto text-sm text-muted-foreground underline-offset-4 hover:underline">
            {t('dashboard.nav')}
          </a>
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl px-4 pt-6 pb-16">{body}</main>
    </div>
  );
}

function CodeField({ id, label, value, onChange, autoFocus }: { id: string; label: string; value: string; onChange: (value: string) => void; autoFocus?: boolean }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        className="max-w-40 text-lg tracking-widest"
        autoFocus={autoFocus}
      />
    </div>
  );
}

function Enrol({ onEnrolled }: { onEnrolled: (codes: string[]) => void }) {
  const { t } = useAppI18n();
  const messageOfError = useConsoleMessage();
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const client = useQueryClient();
  const [code, setCode] = useState('');
  const offer: EnrolmentStart | undefined = start.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(code, {
      onSuccess: (done) => {
        onEnrolled(done.recoveryCodes);
        void client.invalidateQueries({ queryKey: ADMIN_STATUS_KEY });
      },
    });
  };

  return (
    <section aria-labelledby="enrol-title" className="grid gap-5">
      <div>
        <h1 id="enrol-title" className="text-2xl font-bold">
          {t('admin.enrolTitle')}
        </h1>
        <p className="mt-2 text-muted-foreground">
          {t('admin.enrolText')}
        </p>
      </div>
      {!offer ? (
        <div>
          <Button onClick={() => start.mutate()} disabled={start.isPending}>
            <KeyRoundIcon aria-hidden="true" />
            {t('admin.setUp')}
          </Button>
          {start.isError && <p className="mt-3 text-sm text-destructive">{messageOfError(start.error)}</p>}
        </div>
      ) : (
        <form onSubmit={submit} className="grid gap-5">
          <ol className="grid list-decimal gap-4 pl-5">
            <li>
              {t('admin.scan')}
              <img src={offer.qrCode} alt={t('admin.qrAlt')} width={220} height={220} className="mt-3 rounded-md border bg-white p-2" />
            </li>
            <li>
              {t('admin.typeKey')}
              <code data-testid="totp-secret" className="mt-2 block rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">
                {offer.secret.replace(/(.{4})/g, '$1 ').trim()}
              </code>
            </li>
            <li>{t('admin.enterCode')}</li>
          </ol>
          <CodeField id="enrol-code" label={t('admin.codeFromApp')} value={code} onChange={setCode} />
          {confirm.isError && (
            <p role="alert" className="text-sm text-destructive">
              {hasErrorCode(confirm.error, 'admin.enrolment-not-started') ? t('admin.enrolmentNotStarted') : messageOfError(confirm.error)}
            </p>
          )}
          <div>
            <Button type="submit" disabled={confirm.isPending}>
              {t('admin.confirm')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useAppI18n();
  return (
    <section aria-labelledby="recovery-title" className="grid gap-4">
      <h1 id="recovery-title" className="text-2xl font-bold">
        {t('admin.recoveryTitle')}
      </h1>
      <p className="text-muted-foreground">
        {t('admin.recoveryText')}
      </p>
      <ul aria-label={t('admin.recoveryCodes')} className="grid grid-cols-2 gap-2 rounded-md bg-muted p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div>
        <Button onClick={onDone}>{t('admin.saved')}</Button>
      </div>
    </section>
  );
}

function Verify() {
  const { t } = useAppI18n();
  const messageOfError = useConsoleMessage();
  const verify = useVerify();
  const [useRecovery, setUseRecovery] = useState(false);
  const [value, setValue] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(useRecovery ? { recoveryCode: value } : { code: value });
  };
  return (
    <form onSubmit={submit} aria-labelledby="verify-title" className="grid gap-4">
      <h1 id="verify-title" className="text-2xl font-bold">
        {t('admin.verifyTitle')}
      </h1>
      <p className="text-muted-foreground">{useRecovery ? t('admin.verifyRecoveryText') : t('admin.verifyText')}</p>
      <CodeField id="verify-code" label={useRecovery ? t('admin.recoveryCode') : t('admin.codeFromApp')} value={value} onChange={setValue} autoFocus />
      {verify.isError && (
        <p role="alert" className="text-sm text-destructive">
          {messageOfError(verify.error)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={verify.isPending}>
          {t('admin.confirm')}
        </Button>
        <Button
          type="button"
          variant="link"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
          }}
        >
          {useRecovery ? t('admin.useAppCode') : t('admin.useRecoveryCode')}
        </Button>
      </div>
    </form>
  );
}

function Console({ status }: { status: Extract<ConsoleAccess, { kind: 'operator' }> }) {
  const { t } = useAppI18n();
  const utcTime = useUtcTime();
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-bold">{t('admin.console')}</h1>
        <p className="text-sm text-muted-foreground">
          {t('admin.status', { email: status.email, until: utcTime(status.verifiedUntil!), left: status.recoveryCodesLeft })}
        </p>
      </div>
      <Tabs defaultValue="picks">
        <TabsList className="h-auto w-full flex-wrap justify-start *:h-9 *:flex-none">
          {TABS.map(([value, label]) => (
            <TabsTrigger key={value} value={value}>
              {t(label)}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map(([value, , Panel]) => (
          <TabsContent key={value} value={value} className="pt-4">
            <Panel />
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

function Picks() {
  const { t } = useAppI18n();
  const picks = usePicks();
  const change = useChangePicks();
  const onError = useStaleSecondFactor();
  const [reason, setReason] = useState('');
  const [search, setSearch] = useState('');
  const hits = useTrackSearch(search);
  const run = (input: Parameters<typeof change.mutate>[0]) => change.mutate({ ...input, reason }, { onError });

  const songFound = (track: AdminTrackHit) => (
    <li key={track.id} className="flex items-center gap-2 px-3 py-2">
      <RowLines name={track.name} detail={track.artistName} />
      {track.isPick ? (
        <span className="text-sm text-muted-foreground">{t('admin.aPick')}</span>
      ) : (
        <RowAction label={t('admin.addNamed', { name: track.name })} icon={<PlusIcon aria-hidden="true" />} text={t('admin.add')} disabled={change.isPending} onClick={() => run({ kind: 'add', trackId: track.id })} />
      )}
    </li>
  );

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Label htmlFor="pick-reason">{t('admin.reasonLabel')}</Label>
        <Input id="pick-reason" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} placeholder={t('admin.optional')} />
      </div>
      {change.isError && <ActionError error={change.error} />}
      <ConsoleSection id="picks-title" title={t('admin.onLanding')}>
        <LoadedList
          read={picks}
          items={(data): AdminPick[] => data.picks}
          empty={t('admin.noPicks')}
          emptyClassName="mt-2 text-sm text-muted-foreground"
          label={t('admin.picks')}
          className="mt-2 divide-y rounded-md border"
          ordered
          row={(pick, index, list) => (
            <li key={pick.trackId} className="flex items-center gap-2 px-3 py-2">
              <span className="w-6 text-sm text-muted-foreground tabular-nums">{pick.position}.</span>
              <RowLines name={pick.trackName} detail={pick.artistName} />
              <Button size="icon" variant="ghost" aria-label={t('admin.moveUp', { name: pick.trackName })} disabled={index === 0 || change.isPending} onClick={() => run({ kind: 'move', trackId: pick.trackId, position: pick.position - 1 })}>
                <ArrowUpIcon aria-hidden="true" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t('admin.moveDown', { name: pick.trackName })}
                disabled={index === list.length - 1 || change.isPending}
                onClick={() => run({ kind: 'move', trackId: pick.trackId, position: pick.position + 1 })}
              >
                <ArrowDownIcon aria-hidden="true" />
              </Button>
              <Button size="icon" variant="ghost" aria-label={t('admin.removeNamed', { name: pick.trackName })} disabled={change.isPending} onClick={() => run({ kind: 'remove', trackId: pick.trackId })}>
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          )}
        />
      </ConsoleSection>
      <ConsoleSection id="add-title" title={t('admin.addSong')} className="grid gap-3">
        <ConsoleSearch label={t('admin.searchLabel')} placeholder={t('admin.searchPlaceholder')} maxLength={100} button={t('admin.search')} onSearch={setSearch} />
        {search !== '' && (
          <LoadedList read={hits} items={(data) => data.tracks} empty={t('admin.noMatch')} label={t('admin.songsFound')} className="divide-y rounded-md border" row={songFound} />
        )}
      </ConsoleSection>
    </div>
  );
}

/** The console's tabs, in order: each one's value, its name, and what it shows. */
const TABS: ReadonlyArray<readonly [string, AppMessageKey, () => ReactElement]> = [
  ['picks', 'admin.picks', Picks],
  ['takedowns', 'admin.takedowns', TakedownsPanel],
  ['reports', 'admin.reports', ReportsQueue],
  ['refunds', 'admin.refunds', RefundsPanel],
  ['payouts', 'admin.payouts', PayoutsPanel],
  ['audit', 'admin.auditLog', AuditLog],
];

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

function AuditLog() {
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
