import { useState, type FormEvent } from 'react';
import type { ReportInput, ReportItemType } from '#common/schemas/reports';
import { DialogButtons, DialogError, DialogShell } from '@/components/dialog-shell';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { errorFromResponse, hasErrorCode } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

/** REPORT_REASON_MAX of common/src/schemas/reports.ts, written here so the public pages' chunk does not take zod (the server checks it anyway). */
const REASON_MAX = 1000;

type Sending = 'idle' | 'pending' | 'sent' | 'offline' | 'tooMany' | 'failed';

/**
 * The report's dialog: what is wrong, an optional e-mail, then thanks (POST /api/reports). Plain
 * state, fetch and the dialog only: a fan's page fetches as little as it can for it.
 */
export function ReportDialog({
  itemType,
  itemId,
  name,
  open,
  onOpenChange,
}: {
  itemType: ReportItemType;
  itemId: string;
  name: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const [email, setEmail] = useState('');
  const [sending, setSending] = useState<Sending>('idle');
  const pending = sending === 'pending';
  const close = (next: boolean) => {
    if (pending) return;
    onOpenChange(next);
    if (!next) {
      setSending('idle');
      setReason('');
      setEmail('');
    }
  };
  // fetch itself, not lib/api's request helpers: the chunk a fan's page fetches for this stays small.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending('pending');
    const input: ReportInput = { itemType, itemId, reason, email: email.trim() || undefined };
    let response: Response;
    try {
      response = await fetch('/api/reports', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(input) });
    } catch {
      setSending('offline');
      return;
    }
    if (response.ok) {
      setSending('sent');
      return;
    }
    // Decided by the answer's code (decision 046): a flood of reports is refused as too many.
    setSending(hasErrorCode(await errorFromResponse(response), 'request.too-many') ? 'tooMany' : 'failed');
  };
  const error = sending === 'offline' || sending === 'tooMany' || sending === 'failed' ? t(`report.${sending}`) : null;
  const sent = sending === 'sent';

  return (
    <DialogShell
      open={open}
      onOpenChange={close}
      pending={pending}
      title={sent ? t('report.sentTitle') : t('report.title', { name })}
      description={sent ? t('report.sent') : t('report.description')}
    >
      {sent ? (
        <DialogButtons type="button" label={t('report.done')} onClick={() => close(false)} buttonClassName="h-11 sm:h-9" />
      ) : (
        <form onSubmit={(event) => void submit(event)} className="grid gap-4" aria-label={t('report.title', { name })}>
          <div className="grid gap-2">
            <label htmlFor="report-reason" className="text-sm font-medium">
              {t('report.reasonLabel')}
            </label>
            <Textarea id="report-reason" required maxLength={REASON_MAX} rows={4} value={reason} onChange={(event) => setReason(event.target.value)} />
          </div>
          <div className="grid gap-2">
            <label htmlFor="report-email" className="text-sm font-medium">
              {t('report.emailLabel')}
            </label>
            <Input id="report-email" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" className="h-11" value={email} onChange={(event) => setEmail(event.target.value)} />
          </div>
          {error && <DialogError>{error}</DialogError>}
          <DialogButtons
            label={t('report.submit')}
            pending={pending}
            disabled={reason.trim() === ''}
            cancelLabel={t('report.cancel')}
            onCancel={() => close(false)}
            cancelDisabled={pending}
            buttonClassName="h-11 sm:h-9"
          />
        </form>
      )}
    </DialogShell>
  );
}
