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
import { useRefund, useSaleSearch } from '../api/console';
import { FAILED, OFFLINE, useStaleSecondFactor, utcTime } from './console-common';

const REFUND_STATUS: Record<string, string> = {
  pending: 'refund asked',
  processing: 'refund processing',
  processed: 'refunded',
  failed: 'refund failed',
  'needs-attention': 'refund needs attention in Paystack',
};

/**
 * Refunds (decision 059): find a sale by its reference, the buyer's e-mail or the artist, and
 * refund all the buyer paid with a reason, through the refunds service the command uses.
 */
export function RefundsPanel() {
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
        <Input aria-label="Find a sale by reference, e-mail or artist" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="Reference, e-mail or artist" maxLength={100} />
        <Button type="submit" variant="outline">
          <SearchIcon aria-hidden="true" />
          Find
        </Button>
      </form>
      {search !== '' &&
        (sales.isPending ? (
          <PageSpinner className="py-8" />
        ) : sales.isError ? (
          <p className="text-sm text-destructive">{messageOf(sales.error, FAILED, OFFLINE)}</p>
        ) : sales.data.sales.length === 0 ? (
          <p className="text-sm text-muted-foreground">No sales match.</p>
        ) : (
          <ul aria-label="Sales found" className="grid gap-3">
            {sales.data.sales.map((sale) => (
              <SaleCard key={sale.reference} sale={sale} />
            ))}
          </ul>
        ))}
    </div>
  );
}

function SaleCard({ sale }: { sale: ConsoleSale }) {
  const refund = useRefund();
  const onError = useStaleSecondFactor();
  const [reason, setReason] = useState('');
  const reasonId = `refund-reason-${sale.reference}`;
  const open = sale.refundStatus && sale.refundStatus !== 'failed';
  const refundable = sale.status === 'paid' && !open;
  return (
    <li aria-label={`Sale ${sale.reference}`} className="grid gap-1.5 rounded-md border p-3 text-sm">
      <span className="font-medium break-words">
        {sale.itemName} <span className="font-normal text-muted-foreground">by {sale.artistName}</span>
      </span>
      <span className="text-muted-foreground break-all">
        {sale.reference} · {sale.email}
      </span>
      <span>
        {formatPrice(sale.amount)} paid{sale.paidAt && <> · {utcTime(sale.paidAt)}</>} ·{' '}
        <span data-testid="sale-status">{sale.status === 'refunded' ? 'refunded' : sale.refundStatus ? REFUND_STATUS[sale.refundStatus] ?? sale.refundStatus : 'paid'}</span>
      </span>
      {refundable && (
        <div className="mt-1 grid gap-2">
          <Label htmlFor={reasonId}>Reason for the refund (kept in the audit log)</Label>
          <Input id={reasonId} value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} />
          {refund.isError && (
            <Alert variant="destructive">
              <AlertDescription>{messageOf(refund.error, FAILED, OFFLINE)}</AlertDescription>
            </Alert>
          )}
          <div>
            <Button size="sm" variant="destructive" disabled={refund.isPending || reason.trim() === ''} onClick={() => refund.mutate({ reference: sale.reference, reason }, { onError })}>
              <Undo2Icon aria-hidden="true" />
              Refund {formatPrice(sale.amount)}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
