import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRoundIcon } from 'lucide-react';
import { type EnrolmentStart } from '#common/schemas/admin';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { hasErrorCode } from '@/lib/api';
import { useAppI18n } from '@/lib/app-i18n';
import { ADMIN_STATUS_KEY, useConfirmEnrolment, useStartEnrolment, useVerify } from '../api/admin';
import { useConsoleMessage } from './console-parts';

/*
 * The console's second factor (decision 051), the steps before the console opens: enrolling an
 * authenticator app once (QR code and secret shown once), the ten recovery codes shown once after,
 * and the code every 12 hours. The page (admin-page.tsx) chooses which one the operator sees.
 */

/** The field of a six-digit code (or a recovery code): the one shape enrolment and verification share. */
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

export function Enrol({ onEnrolled }: { onEnrolled: (codes: string[]) => void }) {
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

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
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

export function Verify() {
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
