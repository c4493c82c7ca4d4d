import type { ReactNode } from 'react';
import { DownloadIcon } from 'lucide-react';
import type { ArtistSale, SalesSummary } from '#common/schemas/sales';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { EmptyNote, ListStates, LoadFailed } from '@/components/list-states';
import { SectionCard } from '@/components/section-card';
import { ColumnHeads } from '@/components/column-heads';
import { STATEMENT_URL, useSales, useSalesSummary } from '../api/sales-api';
import { formatCount } from '../lib/format';
import { CHANNEL_LABELS, formatMoney, formatMonth, formatSoldAt } from '../lib/sales-format';
import { useAppI18n } from '@/lib/app-i18n';

const COLUMNS = ['sales.itemAndDate', 'sales.buyer', 'sales.paidWith', 'sales.price', 'sales.fee', 'sales.platform', 'sales.yours'] as const;

/** A cell: on a phone a labelled line of the sale's card, from md up a table cell. */
function Cell({ label, children, className = '' }: { label: string; children: ReactNode; className?: string }) {
  return (
    <td className={`flex justify-between gap-3 py-0.5 md:table-cell md:px-3 md:py-2 ${className}`}>
      <span className="text-muted-foreground md:hidden">{label}</span>
      <span className="min-w-0 text-right break-words md:text-inherit">{children}</span>
    </td>
  );
}

function SaleRow({ sale }: { sale: ArtistSale }) {
  const { t, language } = useAppI18n();
  const refunded = sale.status === 'refunded';
  return (
    <tr className="block border-b p-3 last:border-0 md:table-row md:p-0" data-testid="sale-row">
      <th scope="row" className="block pb-1 text-left font-medium break-words md:table-cell md:px-3 md:py-2">
        <span className="block">{sale.item.name}</span>
        <span className="text-xs font-normal text-muted-foreground">
          {sale.item.type === 'album' ? t('sales.album') : t('sales.track')} · {formatSoldAt(sale.soldAt, language)}
          {refunded && (
            <Badge variant="destructive" className="ml-2">
              {t('sales.refunded')}
            </Badge>
          )}
        </span>
      </th>
      <Cell label={t('sales.buyer')} className="md:max-w-48">
        {sale.buyerEmail}
      </Cell>
      <Cell label={t('sales.paidWith')}>{t(CHANNEL_LABELS[sale.channel])}</Cell>
      <Cell label={t('sales.price')} className="tabular-nums md:text-right">
        {formatMoney(sale.price)}
      </Cell>
      <Cell label={t('sales.fee')} className="tabular-nums md:text-right">
        {formatMoney(sale.fee)}
      </Cell>
      <Cell label={t('sales.platform')} className="tabular-nums md:text-right">
        {formatMoney(sale.platformShare)}
      </Cell>
      <Cell label={t('sales.yours')} className="font-medium tabular-nums md:text-right">
        <span className={refunded ? 'line-through' : ''}>{formatMoney(sale.artistShare)}</span>
        {/* A part refund leaves the artist the rest of their share: say what they kept. */}
        {refunded && sale.refundedShare < sale.artistShare && (
          <span className="block text-xs font-normal text-muted-foreground">
            {t('sales.kept', { amount: formatMoney(sale.artistShare - sale.refundedShare) })}
          </span>
        )}
      </Cell>
    </tr>
  );
}

/**
 * Every sale (issue 16): date, item, buyer's e-mail, card or M-Pesa, price, the fee the buyer
 * paid, the platform's 10% and the artist's 90%, newest first, 'Load more' for older ones, and the
 * CSV statement. At phone width each sale is a card of labelled lines; from md up, a table.
 */
export function SalesCard() {
  const { t } = useAppI18n();
  const sales = useSales();
  const pages = sales.data?.pages ?? [];
  const list = pages.flatMap((page) => page.sales);
  const totals = pages[0]?.totals;
  return (
    <SectionCard title={t('sales.title')} description={t('sales.description')} contentClassName="grid gap-4" data-testid="sales-card">
      <ListStates
        // A failed 'Load more' keeps the sales already shown; only a first read that failed is the error face.
        read={{ ...sales, isError: sales.isError && list.length === 0 }}
        items={() => list}
        loading={<Skeleton className="h-32 w-full" role="status" aria-label={t('sales.loading')} />}
        failed={<LoadFailed what={t('sales.loadFailed')} retry={t('analytics.tryAgain')} onRetry={() => void sales.refetch()} />}
        empty={<EmptyNote>{t('sales.none')}</EmptyNote>}
      >
        {() => (
          <>
            {totals && (
              <p className="text-sm" data-testid="sales-totals">
                {t('sales.count', { count: totals.count, shown: formatCount(totals.count) })} · {t('sales.totalPrice', { amount: formatMoney(totals.price) })} · {t('sales.yours')}:{' '}
                <span className="font-medium">{formatMoney(totals.artistShare)}</span>
              </p>
            )}
            <div className="overflow-hidden rounded-lg border">
              <table className="block w-full text-sm md:table" data-testid="sales-table">
                <caption className="sr-only">{t('sales.caption')}</caption>
                <thead className="hidden md:table-header-group">
                  <ColumnHeads labels={COLUMNS.map((column) => t(column))} cellClassName="px-3 py-2" rightFrom={3} />
                </thead>
                <tbody className="block md:table-row-group">
                  {list.map((sale) => (
                    <SaleRow key={sale.reference} sale={sale} />
                  ))}
                </tbody>
              </table>
            </div>
            {sales.isFetchNextPageError && <p className="text-sm text-destructive" role="alert">{t('sales.moreFailed')}</p>}
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              {sales.hasNextPage ? (
                <Button type="button" variant="outline" className="h-11 sm:h-9" disabled={sales.isFetchingNextPage} onClick={() => void sales.fetchNextPage()}>
                  {sales.isFetchingNextPage ? t('sales.loadingMore') : t('sales.loadMore')}
                </Button>
              ) : (
                <span />
              )}
              <Button asChild variant="link" className="h-11 justify-start px-0 sm:h-9">
                <a href={STATEMENT_URL} download>
                  <DownloadIcon aria-hidden="true" />
                  {t('sales.statement')}
                </a>
              </Button>
            </div>
          </>
        )}
      </ListStates>
    </SectionCard>
  );
}

function GroupList({ rows, testId, label }: { rows: { key: string; name: string; count: number; artistShare: number }[]; testId: string; label: string }) {
  const { t } = useAppI18n();
  return (
    <ul className="grid gap-1 text-sm" aria-label={label} data-testid={testId}>
      {rows.map((row) => (
        <li key={row.key} className="flex items-baseline justify-between gap-3 border-b py-2 last:border-0">
          <span className="min-w-0 break-words">
            {row.name} <span className="text-muted-foreground">· {t('sales.count', { count: row.count, shown: formatCount(row.count) })}</span>
          </span>
          <span className="shrink-0 font-medium tabular-nums">{formatMoney(row.artistShare)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Your 90% per item (most earned first) and per month (UTC): their sums are the sales totals and Total Revenue. */
export function RevenueBreakdown() {
  const { t, language } = useAppI18n();
  const summary = useSalesSummary();
  if (summary.isPending) return <Skeleton className="h-32 w-full rounded-xl" role="status" aria-label={t('sales.loading')} />;
  if (summary.isError) return <LoadFailed what={t('sales.summaryFailed')} retry={t('analytics.tryAgain')} onRetry={() => void summary.refetch()} />;
  const data: SalesSummary = summary.data;
  if (data.items.length === 0) return null;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <SectionCard className="gap-3" title={t('sales.perItem')} description={t('sales.perItemDescription')}>
        <GroupList
          label={t('sales.perItem')}
          testId="revenue-per-item"
          rows={data.items.map((item, index) => ({ key: `${item.type}:${item.id ?? index}`, name: item.name, count: item.count, artistShare: item.artistShare }))}
        />
      </SectionCard>
      <SectionCard className="gap-3" title={t('sales.perMonth')} description={t('sales.perMonthDescription')}>
        <GroupList
          label={t('sales.perMonth')}
          testId="revenue-per-month"
          rows={data.months.map((month) => ({ key: month.month, name: formatMonth(month.month, language), count: month.count, artistShare: month.artistShare }))}
        />
      </SectionCard>
    </div>
  );
}
