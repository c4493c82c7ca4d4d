import { useState, type ReactElement } from 'react';
import { ShieldCheckIcon } from 'lucide-react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PageSpinner } from '@/components/page-spinner';
import { StatusCard } from '@/components/status-card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAdminStatus, type ConsoleAccess } from '../api/admin';
import { useAppI18n } from '@/lib/app-i18n';
import type { AppMessageKey } from '@/lib/i18n';
import { AuditLog } from './audit-log';
import { EditorsPicksPanel } from './editors-picks-panel';
import { PayoutsPanel } from './payouts-panel';
import { RefundsPanel } from './refunds-panel';
import { ReportsQueue } from './reports-queue';
import { Enrol, RecoveryCodes, Verify } from './second-factor';
import { TakedownsPanel } from './takedowns-panel';
import { useUtcTime } from './console-common';
import { useConsoleMessage } from './console-parts';

/**
 * /admin (issue 21, decision 051): the operator's console. An operator sets up an authenticator
 * app once (QR code and secret shown once, then ten recovery codes shown once), confirms a code
 * every 12 hours, and then manages the editor's picks and reads the audit log. Anyone else sees
 * that the page is not for them, and the API gives them nothing. This page chooses the step and
 * composes the console's tabs; each step and tab is its own file beside it.
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

/** The console's tabs, in order: each one's value, its name, and what it shows. */
const TABS: ReadonlyArray<readonly [string, AppMessageKey, () => ReactElement]> = [
  ['picks', 'admin.picks', EditorsPicksPanel],
  ['takedowns', 'admin.takedowns', TakedownsPanel],
  ['reports', 'admin.reports', ReportsQueue],
  ['refunds', 'admin.refunds', RefundsPanel],
  ['payouts', 'admin.payouts', PayoutsPanel],
  ['audit', 'admin.auditLog', AuditLog],
];
