import { useState } from 'react';
import { Undo2Icon } from 'lucide-react';
import { formatPrice, parseKesToMinor } from '#common/money';
import type { ConsoleSale } from '#common/schemas/console';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAppI18n } from '@/lib/app-i18n';
import type { AppMessageKey } from '@/lib/i18n';
import { useRefund, useSaleSearch } from '../api/console';
import { useStaleSecondFactor, useUtcTime } from './console-common';
import { ActionError, ConsoleSearch, LoadedList } from './console-parts';

const REFUND_STATUS: Partial<Record<string, AppMessageKey>> = {
  pending: 'admin.refundStatus.pending',
  processing: 'admin.refundStatus.processing',
  processed: 'admin.refundStatus.processed',
  failed: 'admin.refundStatus.failed',
  'needs-attention': 'admin.refundStatus.needsAttention',
};

/**
 * Refunds (decisions 059, 066): find a sale by its reference, the buyer's e-mail or the artist, and
 * refund all the buyer paid or a part of it, with a reason, through the refunds service the
 * command uses.
 */
export function RefundsPanel() {
  const { t } = useAppI18n();
  const [search, setSearch] = useState('');
  const sales = useSaleSearch(search);
  return (
    <div className="grid gap-4">
      <ConsoleSearch label={t('admin.saleFindLabel')} placeholder={t('admin.saleFindPlaceholder')} maxLength={100} button={t('admin.find')} onSearch={setSearch} />
      {search !== '' && (
        <LoadedList read={sales} items={(data) => data.sales} empty={t('admin.noSales')} label={t('admin.salesFound')} className="grid gap-3" row={(sale) => <SaleCard key={sale.reference} sale={sale} />} />
      )}
    </div>
  );
}

function SaleCard({ sale }: { sale: ConsoleSale }) {
  const { t } = useAppI18n();
  const utcTime = useUtcTime();
  const refund = useRefund();
  const onError = useStaleSecondFactor();
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const reasonId = `refund-reason-${sale.reference}`;
  const amountId = `refund-amount-${sale.reference}`;
  const hintId = `${amountId}-hint`;
  // The button says what will go back: the amount typed once it reads as one, else all of it.
  const typed = amount.trim() === '' ? undefined : parseKesToMinor(amount);
  const shown = typed?.ok && typed.minor > 0 ? typed.minor : sale.amount;
  const open = sale.refundStatus && sale.refundStatus !== 'failed';
  const refundable = sale.status === 'paid' && !open;
  const refundStatus = (status: string) => {
    const key = REFUND_STATUS[status];
    return key ? t(key) : status;
  };
  return (
    <li aria-label={t('admin.saleOf', { reference: sale.reference })} className="grid gap-1.5 rounded-md border p-3 text-sm">
      <span className="font-medium break-words">
        {sale.itemName} <span className="font-normal text-muted-foreground">{t('admin.byArtist', { name: sale.artistName })}</span>
      </span>
      <span className="text-muted-foreground break-all">
        {sale.reference} · {sale.email}
      </span>
      <span>
        {t('admin.amountPaid', { amount: formatPrice(sale.amount) })}{sale.paidAt && <> · {utcTime(sale.paidAt)}</>} ·{' '}
        <span data-testid="sale-status">{sale.status === 'refunded' ? t('admin.saleStatus.refunded') : sale.refundStatus ? refundStatus(sale.refundStatus) : t('admin.saleStatus.paid')}</span>
      </span>
      {refundable && (
        <div className="mt-1 grid gap-2">
          <Label htmlFor={reasonId}>{t('admin.refundReason')}</Label>
          <Input id={reasonId} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
          <Label htmlFor={amountId}>{t('admin.refundPartLabel')}</Label>
          <Input
            id={amountId}
            inputMode="decimal"
            autoComplete="off"
            aria-describedby={hintId}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            maxLength={40}
            className="max-w-48"
          />
          <p id={hintId} className="text-xs text-muted-foreground">
            {t('admin.refundPartHint', { amount: formatPrice(sale.amount) })}
          </p>
          {refund.isError && <ActionError error={refund.error} />}
          <div>
            <Button size="sm" variant="destructive" disabled={refund.isPending || reason.trim() === ''} onClick={() => refund.mutate({ reference: sale.reference, reason, amount }, { onError })}>
              <Undo2Icon aria-hidden="true" />
              {t('admin.refundAmount', { amount: formatPrice(shown) })}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
