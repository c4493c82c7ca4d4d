import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { REPORT_REASON_MAX, type ReportInput, type ReportItemType } from '#common/schemas/reports';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, apiJson, NetworkError } from '@/lib/api';
import { useI18n } from '@/lib/i18n';

/** The report's dialog: what is wrong, an optional e-mail, then thanks (POST /api/reports). */
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
  const send = useMutation({ mutationFn: (input: ReportInput) => apiJson<{ message: string }>('POST', '/api/reports', input) });
  const close = (next: boolean) => {
    if (send.isPending) return;
    onOpenChange(next);
    if (!next) {
      send.reset();
      setReason('');
      setEmail('');
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ itemType, itemId, reason, email: email.trim() || undefined });
  };
  const error = !send.isError
    ? null
    : send.error instanceof NetworkError
      ? t('report.offline')
      : send.error instanceof ApiError && send.error.status === 429
        ? t('report.tooMany')
        : t('report.failed');

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-md">
        {send.isSuccess ? (
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
          <form onSubmit={submit} className="grid gap-4" aria-label={t('report.title', { name })}>
            <DialogHeader>
              <DialogTitle>{t('report.title', { name })}</DialogTitle>
              <DialogDescription>{t('report.description')}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor="report-reason">{t('report.reasonLabel')}</Label>
              <Textarea id="report-reason" required maxLength={REPORT_REASON_MAX} rows={4} value={reason} onChange={(event) => setReason(event.target.value)} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor="report-email">{t('report.emailLabel')}</Label>
              <Input id="report-email" type="email" autoComplete="email" inputMode="email" autoCapitalize="none" className="h-11" value={email} onChange={(event) => setEmail(event.target.value)} />
            </div>
            {error && (
              <Alert variant="destructive">
                <AlertDescription>{error}</AlertDescription>
              </Alert>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" className="h-11 sm:h-9" disabled={send.isPending} onClick={() => close(false)}>
                {t('report.cancel')}
              </Button>
              <Button type="submit" className="h-11 sm:h-9" disabled={send.isPending || reason.trim() === ''} aria-busy={send.isPending}>
                {send.isPending && <Spinner label={null} />}
                {t('report.submit')}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
