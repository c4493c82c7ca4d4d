import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowDownIcon, ArrowUpIcon, KeyRoundIcon, PlusIcon, SearchIcon, ShieldCheckIcon, Trash2Icon } from 'lucide-react';
import { ADMIN_MESSAGES, type AdminPick, type AuditEntry, type EnrolmentStart } from '#common/schemas/admin';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PageSpinner } from '@/components/page-spinner';
import { StatusCard } from '@/components/status-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { hasErrorCode, messageOf } from '@/lib/api';
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
import { PayoutsPanel } from './payouts-panel';
import { RefundsPanel } from './refunds-panel';
import { ReportsQueue } from './reports-queue';

const FAILED = 'Something went wrong. Please try again.';
const OFFLINE = 'Please check your connection and try again.';

/** "26 Nov 2026, 14:05 UTC": the same on every device. */
function when(iso: string): string {
  const date = new Date(iso);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const hh = String(date.getUTCHours()).padStart(2, '0');
  const mm = String(date.getUTCMinutes()).padStart(2, '0');
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${hh}:${mm} UTC`;
}

/**
 * /admin (issue 21, decision 051): the operator's console. An operator sets up an authenticator
 * app once (QR code and secret shown once, then ten recovery codes shown once), confirms a code
 * every 12 hours, and then manages the editor's picks and reads the audit log. Anyone else sees
 * that the page is not for them, and the API gives them nothing.
 */
export function AdminPage() {
  useDocumentTitle('Console');
  const status = useAdminStatus();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body: React.ReactNode;
  if (status.isPending) body = <PageSpinner className="min-h-[60vh]" />;
  else if (status.isError)
    body = (
      <Alert variant="destructive">
        <AlertDescription>{messageOf(status.error, FAILED, OFFLINE)}</AlertDescription>
      </Alert>
    );
  else if (status.data.kind === 'forbidden') body = <StatusCard title="Not available" description={ADMIN_MESSAGES.forbidden} />;
  else if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />;
  else if (!status.data.enrolled) body = <Enrol onEnrolled={setRecoveryCodes} />;
  else if (!status.data.verifiedUntil) body = <Verify />;
  else body = <Console status={status.data} />;

  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b">
        <div className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-3">
          <ShieldCheckIcon className="size-5 text-primary" aria-hidden="true" />
          <span className="font-semibold">Sauti console</span>
          <a href="/dashboard" className="ml-auto text-sm text-muted-foreground underline-offset-4 hover:underline">
            Dashboard
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
          Set up your authenticator app
        </h1>
        <p className="mt-2 text-muted-foreground">
          The console asks for a code from an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Aegis…) every 12 hours.
        </p>
      </div>
      {!offer ? (
        <div>
          <Button onClick={() => start.mutate()} disabled={start.isPending}>
            <KeyRoundIcon aria-hidden="true" />
            Set up
          </Button>
          {start.isError && <p className="mt-3 text-sm text-destructive">{messageOf(start.error, FAILED, OFFLINE)}</p>}
        </div>
      ) : (
        <form onSubmit={submit} className="grid gap-5">
          <ol className="grid list-decimal gap-4 pl-5">
            <li>
              Scan this code with the app.
              <img src={offer.qrCode} alt="QR code of your authenticator secret" width={220} height={220} className="mt-3 rounded-md border bg-white p-2" />
            </li>
            <li>
              Or type this key into it (shown only now):
              <code data-testid="totp-secret" className="mt-2 block rounded-md bg-muted px-3 py-2 font-mono text-sm break-all">
                {offer.secret.replace(/(.{4})/g, '$1 ').trim()}
              </code>
            </li>
            <li>Enter the 6-digit code the app shows.</li>
          </ol>
          <CodeField id="enrol-code" label="Code from the app" value={code} onChange={setCode} />
          {confirm.isError && (
            <p role="alert" className="text-sm text-destructive">
              {hasErrorCode(confirm.error, 'admin.enrolment-not-started') ? ADMIN_MESSAGES.enrolmentNotStarted : messageOf(confirm.error, FAILED, OFFLINE)}
            </p>
          )}
          <div>
            <Button type="submit" disabled={confirm.isPending}>
              Confirm
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section aria-labelledby="recovery-title" className="grid gap-4">
      <h1 id="recovery-title" className="text-2xl font-bold">
        Save your recovery codes
      </h1>
      <p className="text-muted-foreground">
        If you lose your phone, each of these codes lets you in once instead of a code from the app. They are shown only now: keep them somewhere safe.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-2 rounded-md bg-muted p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </section>
  );
}

function Verify() {
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
        Confirm it is you
      </h1>
      <p className="text-muted-foreground">{useRecovery ? 'Enter one of your recovery codes. Each works once.' : 'Enter the 6-digit code from your authenticator app. It lets you act for 12 hours on this device.'}</p>
      <CodeField id="verify-code" label={useRecovery ? 'Recovery code' : 'Code from the app'} value={value} onChange={setValue} autoFocus />
      {verify.isError && (
        <p role="alert" className="text-sm text-destructive">
          {messageOf(verify.error, FAILED, OFFLINE)}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={verify.isPending}>
          Confirm
        </Button>
        <Button
          type="button"
          variant="link"
          onClick={() => {
            setUseRecovery(!useRecovery);
            setValue('');
          }}
        >
          {useRecovery ? 'Use a code from the app' : 'Use a recovery code'}
        </Button>
      </div>
    </form>
  );
}

function Console({ status }: { status: Extract<ConsoleAccess, { kind: 'operator' }> }) {
  return (
    <div className="grid gap-4">
      <div>
        <h1 className="text-2xl font-bold">Console</h1>
        <p className="text-sm text-muted-foreground">
          {status.email} · verified until {when(status.verifiedUntil!)} · {status.recoveryCodesLeft} recovery codes left
        </p>
      </div>
      <Tabs defaultValue="picks">
        <TabsList className="h-auto w-full flex-wrap justify-start *:h-9 *:flex-none">
          <TabsTrigger value="picks">Editor’s picks</TabsTrigger>
          <TabsTrigger value="reports">Reports</TabsTrigger>
          <TabsTrigger value="refunds">Refunds</TabsTrigger>
          <TabsTrigger value="payouts">Payouts</TabsTrigger>
          <TabsTrigger value="audit">Audit log</TabsTrigger>
        </TabsList>
        <TabsContent value="picks" className="pt-4">
          <Picks />
        </TabsContent>
        <TabsContent value="reports" className="pt-4">
          <ReportsQueue />
        </TabsContent>
        <TabsContent value="refunds" className="pt-4">
          <RefundsPanel />
        </TabsContent>
        <TabsContent value="payouts" className="pt-4">
          <PayoutsPanel />
        </TabsContent>
        <TabsContent value="audit" className="pt-4">
          <AuditLog />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** An action refused for a stale second factor sends the operator back to the verify screen. */
function useStaleCheck() {
  const client = useQueryClient();
  return (error: unknown) => {
    if (hasErrorCode(error, 'admin.second-factor-required', 'admin.forbidden')) void client.invalidateQueries({ queryKey: ADMIN_STATUS_KEY });
  };
}

function Picks() {
  const picks = usePicks();
  const change = useChangePicks();
  const onError = useStaleCheck();
  const [reason, setReason] = useState('');
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const hits = useTrackSearch(search);
  const run = (input: Parameters<typeof change.mutate>[0]) => change.mutate({ ...input, reason }, { onError });
  const list: AdminPick[] = picks.data?.picks ?? [];

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Label htmlFor="pick-reason">Reason (kept in the audit log)</Label>
        <Input id="pick-reason" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} placeholder="Optional" />
      </div>
      {change.isError && (
        <Alert variant="destructive">
          <AlertDescription>{messageOf(change.error, FAILED, OFFLINE)}</AlertDescription>
        </Alert>
      )}
      <section aria-labelledby="picks-title">
        <h2 id="picks-title" className="text-lg font-semibold">
          On the landing page
        </h2>
        {picks.isPending ? (
          <PageSpinner className="py-8" />
        ) : picks.isError ? (
          <p className="text-sm text-destructive">{messageOf(picks.error, FAILED, OFFLINE)}</p>
        ) : list.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">No editor’s picks yet: add songs below.</p>
        ) : (
          <ol aria-label="Editor’s picks" className="mt-2 divide-y rounded-md border">
            {list.map((pick, index) => (
              <li key={pick.trackId} className="flex items-center gap-2 px-3 py-2">
                <span className="w-6 text-sm text-muted-foreground tabular-nums">{pick.position}.</span>
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{pick.trackName}</span>
                  <span className="block truncate text-sm text-muted-foreground">{pick.artistName}</span>
                </span>
                <Button size="icon" variant="ghost" aria-label={`Move ${pick.trackName} up`} disabled={index === 0 || change.isPending} onClick={() => run({ kind: 'move', trackId: pick.trackId, position: pick.position - 1 })}>
                  <ArrowUpIcon aria-hidden="true" />
                </Button>
                <Button
                  size="icon"
                  variant="ghost"
                  aria-label={`Move ${pick.trackName} down`}
                  disabled={index === list.length - 1 || change.isPending}
                  onClick={() => run({ kind: 'move', trackId: pick.trackId, position: pick.position + 1 })}
                >
                  <ArrowDownIcon aria-hidden="true" />
                </Button>
                <Button size="icon" variant="ghost" aria-label={`Remove ${pick.trackName}`} disabled={change.isPending} onClick={() => run({ kind: 'remove', trackId: pick.trackId })}>
                  <Trash2Icon aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="add-title" className="grid gap-3">
        <h2 id="add-title" className="text-lg font-semibold">
          Add a song
        </h2>
        <form
          role="search"
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setSearch(query.trim());
          }}
        >
          <Input aria-label="Search songs by name or artist" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Song or artist" maxLength={100} />
          <Button type="submit" variant="outline">
            <SearchIcon aria-hidden="true" />
            Search
          </Button>
        </form>
        {hits.isError && <p className="text-sm text-destructive">{messageOf(hits.error, FAILED, OFFLINE)}</p>}
        {hits.data && hits.data.tracks.length === 0 && <p className="text-sm text-muted-foreground">No songs match.</p>}
        {hits.data && hits.data.tracks.length > 0 && (
          <ul aria-label="Songs found" className="divide-y rounded-md border">
            {hits.data.tracks.map((track) => (
              <li key={track.id} className="flex items-center gap-2 px-3 py-2">
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{track.name}</span>
                  <span className="block truncate text-sm text-muted-foreground">{track.artistName}</span>
                </span>
                {track.isPick ? (
                  <span className="text-sm text-muted-foreground">A pick</span>
                ) : (
                  <Button size="sm" variant="outline" aria-label={`Add ${track.name}`} disabled={change.isPending} onClick={() => run({ kind: 'add', trackId: track.id })}>
                    <PlusIcon aria-hidden="true" />
                    Add
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const ACTIONS: Record<string, string> = {
  'operator.grant': 'Made an operator',
  'operator.revoke': 'Operator ended',
  'operator.enrol': 'Set up a second factor',
  'operator.verify': 'Confirmed a second factor',
  'pick.add': 'Added an editor’s pick',
  'pick.move': 'Moved an editor’s pick',
  'pick.remove': 'Removed an editor’s pick',
  'report.action': 'Acted on a report',
  'report.dismiss': 'Dismissed a report',
  'refund.create': 'Refunded a sale',
  'payout.retry': 'Retried a payout',
};

function AuditRow({ entry }: { entry: AuditEntry }) {
  const extra = Object.entries(entry.details)
    .map(([key, value]) => `${key}: ${String(value)}`)
    .join(', ');
  return (
    <li className="grid gap-0.5 px-3 py-2 text-sm">
      <span className="font-medium">{ACTIONS[entry.action] ?? entry.action}</span>
      <span className="text-muted-foreground">
        {when(entry.at)} · {entry.actorEmail ?? 'command line'}
      </span>
      {entry.targetId && (
        <span className="break-all text-muted-foreground">
          {entry.targetType} {entry.targetId}
          {extra && ` (${extra})`}
        </span>
      )}
      {entry.reason && <span>Reason: {entry.reason}</span>}
    </li>
  );
}

function AuditLog() {
  const audit = useAuditLog();
  if (audit.isPending) return <PageSpinner className="py-8" />;
  if (audit.isError) return <p className="text-sm text-destructive">{messageOf(audit.error, FAILED, OFFLINE)}</p>;
  const entries = audit.data.pages.flatMap((page) => page.entries);
  return (
    <div className="grid gap-3">
      <ol aria-label="Audit log" className="divide-y rounded-md border">
        {entries.map((entry) => (
          <AuditRow key={entry.id} entry={entry} />
        ))}
      </ol>
      {audit.hasNextPage && (
        <div>
          <Button variant="outline" onClick={() => void audit.fetchNextPage()} disabled={audit.isFetchingNextPage}>
            More
          </Button>
        </div>
      )}
    </div>
  );
}
