import { useState, type FormEvent } from 'react';
import type { ReportInput, ReportItemType } from '#common/schemas/reports';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
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
  // fetch itself, not lib/api: the chunk a fan's page fetches for this stays small.
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending('pending');
    const input: ReportInput = { itemType, itemId, reason, email: email.trim() || undefined };
    try {
      const response = await fetch('/api/reports', { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(input) });
      setSending(response.ok ? 'sent' : response.status === 429 ? 'tooMany' : 'failed');
    } catch {
      setSending('offline');
    }
  };
  const error = sending === 'offline' || sending === 'tooMany' || sending === 'failed' ? t(`report.${sending}`) : null;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        {sending === 'sent' ? (
          <>
            <DialogHeader>
              <DialogTitle>{t('report.sentTitle')}</DialogTitle>
              <DialogDescription>{t('report.sent')}</DialogDescription>
            </DialogHeader>
            <DialogFooter>
              <Button type="button" className="h-11 sm:h-9" onClick={() => close(false)}>
                {t('report.done')}
              </Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={(event) => void submit(event)} className="grid gap-4" aria-label={t('report.title', { name })}>
            <DialogHeader>
              <DialogTitle>{t('report.title', { name })}</DialogTitle>
              <DialogDescription>{t('report.description')}</DialogDescription>
            </DialogHeader>
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
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" className="h-11 sm:h-9" disabled={pending} onClick={() => close(false)}>
                {t('report.cancel')}
              </Button>
              <Button type="submit" className="h-11 sm:h-9" disabled={pending || reason.trim() === ''} aria-busy={pending}>
                {t('report.submit')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
