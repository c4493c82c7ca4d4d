import { useState } from 'react';
import { SearchIcon, Undo2Icon } from 'lucide-react';
import { formatPrice } from '#common/money';
import type { ConsoleSale } from '#common/schemas/console';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PageSpinner } from '@/components/page-spinner';
import { messageOf } from '@/lib/api';
import { useAppI18n } from '@/lib/app-i18n';
import type { AppMessageKey } from '@/lib/i18n';
import { useRefund, useSaleSearch } from '../api/console';
import { useStaleSecondFactor, utcTime } from './console-common';

const REFUND_STATUS: Partial<Record<string, AppMessageKey>> = {
  pending: 'admin.refundStatus.pending',
  processing: 'admin.refundStatus.processing',
  processed: 'admin.refundStatus.processed',
  failed: 'admin.refundStatus.failed',
  'needs-attention': 'admin.refundStatus.needsAttention',
};

/**
 * Refunds (decision 059): find a sale by its reference, the buyer's e-mail or the artist, and
 * refund all the buyer paid with a reason, through the refunds service the command uses.
 */
export function RefundsPanel() {
  const { t } = useAppI18n();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const sales = useSaleSearch(search);
  return (
    <div className="grid gap-4">
      <form
        role="search"
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setSearch(query.trim());
        }}
      >
        <Input aria-label={t('admin.saleFindLabel')} value={query} onChange={(event) => setQuery(event.target.value)} placeholder={t('admin.saleFindPlaceholder')} maxLength={100} />
        <Button type="submit" variant="outline">
          <SearchIcon aria-hidden="true" />
          {t('admin.find')}
        </Button>
      </form>
      {search !== '' &&
        (sales.isPending ? (
          <PageSpinner className="py-8" />
        ) : sales.isError ? (
          <p className="text-sm text-destructive">{messageOf(sales.error, t('admin.failed'), t('admin.offline'))}</p>
        ) : sales.data.sales.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('admin.noSales')}</p>
        ) : (
          <ul aria-label={t('admin.salesFound')} className="grid gap-3">
            {sales.data.sales.map((sale) => (
              <SaleCard key={sale.reference} sale={sale} />
            ))}
          </ul>
        ))}
    </div>
  );
}

function SaleCard({ sale }: { sale: ConsoleSale }) {
  const { t } = useAppI18n();
  const refund = useRefund();
  const onError = useStaleSecondFactor();
  const [reason, setReason] = useState('');
  const reasonId = `refund-reason-${sale.reference}`;
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
          {refund.isError && (
            <Alert variant="destructive">
              <AlertDescription>{messageOf(refund.error, t('admin.failed'), t('admin.offline'))}</AlertDescription>
            </Alert>
          )}
          <div>
            <Button size="sm" variant="destructive" disabled={refund.isPending || reason.trim() === ''} onClick={() => refund.mutate({ reference: sale.reference, reason }, { onError })}>
              <Undo2Icon aria-hidden="true" />
              {t('admin.refundAmount', { amount: formatPrice(sale.amount) })}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
