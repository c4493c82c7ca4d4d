import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Analytics, DailyAnalytics } from '#common/schemas/analytics';
import type { ArtistSale, ArtistSalesResponse, SalesSummary } from '#common/schemas/sales';
import type { MockRoute } from '@/test/fetch-mock';
import { openDashboard } from '@/test/dashboard';

const TOTALS = { count: 3, price: 50_000 + 12_345 + 100_000, artistShare: 45_000 + 11_111 + 90_000 };
const ANALYTICS: Analytics = { totalTracks: 2, totalDownloads: 3, totalStreams: 10, profileViews: 4, totalRevenue: TOTALS.artistShare, storageUsed: 1024, followers: 0 };
const DAILY: DailyAnalytics = { from: '2026-11-01', to: '2026-11-01', days: [{ date: '2026-11-01', plays: 0, downloads: 0, views: 0, sales: 0, revenue: 0 }], tracks: [], totals: { plays: 0, downloads: 0, views: 0, sales: 0, revenue: 0 } };

function sale(overrides: Partial<ArtistSale>): ArtistSale {
  return {
    reference: 'sauti-1',
    soldAt: '2026-11-26T09:15:00.000Z',
    item: { type: 'track', id: 't1', name: 'Kesho' },
    buyerEmail: 'fan@example.com',
    channel: 'mobile_money',
    price: 50_000,
    fee: 10_800,
    platformShare: 5_000,
    artistShare: 45_000,
    status: 'paid',
    refundedShare: 0,
    ...overrides,
  };
}

const PAGE_1: ArtistSalesResponse = {
  sales: [
    sale({ reference: 'sauti-3', item: { type: 'album', id: 'a1', name: 'Siku Moja' }, buyerEmail: 'album@example.com', channel: 'card', price: 100_000, fee: 11_500, platformShare: 10_000, artistShare: 90_000 }),
    sale({ reference: 'sauti-2', item: { type: 'track', id: 't2', name: '=Remix, "live"' }, buyerEmail: 'odd@example.com', price: 12_345, fee: 10_200, platformShare: 1_234, artistShare: 11_111 }),
  ],
  totals: TOTALS,
  nextCursor: 'cursor-2',
};
const PAGE_2: ArtistSalesResponse = { sales: [sale({ reference: 'sauti-1' })], totals: TOTALS, nextCursor: null };

const SUMMARY: SalesSummary = {
  items: [
    { type: 'album', id: 'a1', name: 'Siku Moja', count: 1, price: 100_000, artistShare: 90_000 },
    { type: 'track', id: 't1', name: 'Kesho', count: 1, price: 50_000, artistShare: 45_000 },
    { type: 'track', id: 't2', name: '=Remix, "live"', count: 1, price: 12_345, artistShare: 11_111 },
  ],
  months: [{ month: '2026-11', ...TOTALS }],
  totals: TOTALS,
};

const openAnalytics = (routes: Record<string, MockRoute>) =>
  openDashboard(
    '/dashboard?section=analytics',
    {
      'GET /api/analytics': { body: ANALYTICS },
      'GET /api/analytics/daily': { body: DAILY },
      'GET /api/sales/summary': { body: SUMMARY },
      ...routes,
    },
    ['heading', { level: 1, name: 'Analytics' }],
  );

const SLOW = { timeout: 15_000 };

describe('Sales in Analytics (issue 16)', SLOW, () => {
  it('lists every sale with its split, pages with Load more, totals them and offers the CSV statement', async () => {
    const { user, calls } = await openAnalytics({
      'GET /api/sales': (request) => ({ body: new URL(request.url, 'http://localhost').searchParams.get('cursor') === 'cursor-2' ? PAGE_2 : PAGE_1 }),
    });
    const table = await screen.findByRole('table', { name: 'Your sales' });
    let rows = within(table).getAllByTestId('sale-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Siku Moja');
    expect(rows[0]).toHaveTextContent('Album · 26 Nov 2026, 12:15');
    expect(rows[0]).toHaveTextContent('album@example.com');
    expect(rows[0]).toHaveTextContent('Card');
    expect(rows[0]).toHaveTextContent('PriceKES 1,000.00');
    expect(rows[0]).toHaveTextContent('Fee paid by buyerKES 115.00');
    expect(rows[0]).toHaveTextContent('Platform 10%KES 100.00');
    expect(rows[0]).toHaveTextContent('Your 90%KES 900.00');
    expect(rows[1]).toHaveTextContent('=Remix, "live"');
    expect(rows[1]).toHaveTextContent('M-Pesa');
    expect(rows[1]).toHaveTextContent('Your 90%KES 111.11');
    expect(screen.getByTestId('sales-totals')).toHaveTextContent('3 sales · sold for KES 1,623.45 · Your 90%: KES 1,461.11');

    const statement = screen.getByRole('link', { name: 'Download statement (CSV)' });
    expect(statement).toHaveAttribute('href', '/api/sales.csv');
    expect(statement).toHaveAttribute('download');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await within(table).findByText('fan@example.com');
    rows = within(table).getAllByTestId('sale-row');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      expect.stringMatching(/^Siku Moja/),
      expect.stringMatching(/^=Remix, "live"/),
      expect.stringMatching(/^Kesho/),
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(calls('GET /api/sales').map((request) => request.url)).toEqual(['/api/sales?limit=25', '/api/sales?limit=25&cursor=cursor-2']);
  });

  it('marks refunded sales, and says what the artist kept of a part refund', async () => {
    const refunds: ArtistSalesResponse = {
      sales: [
        sale({ reference: 'sauti-5', status: 'refunded', refundedShare: 45_000 }),
        sale({ reference: 'sauti-4', status: 'refunded', refundedShare: 15_000 }),
      ],
      totals: { count: 0, price: 33_334, artistShare: 30_000 },
      nextCursor: null,
    };
    await openAnalytics({ 'GET /api/sales': { body: refunds } });
    const rows = within(await screen.findByRole('table', { name: 'Your sales' })).getAllByTestId('sale-row');
    expect(rows[0]).toHaveTextContent('Refunded');
    expect(rows[0]).not.toHaveTextContent('kept');
    expect(rows[1]).toHaveTextContent('Refunded');
    expect(rows[1]).toHaveTextContent('Your 90%KES 450.00KES 300.00 kept');
  });

  it('shows the revenue per item and per month, summing to Total Revenue', async () => {
    await openAnalytics({ 'GET /api/sales': { body: PAGE_2 } });
    const perItem = await screen.findByRole('list', { name: 'Revenue per item' });
    expect(within(perItem).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Siku Moja · 1 saleKES 900.00',
      'Kesho · 1 saleKES 450.00',
      '=Remix, "live" · 1 saleKES 111.11',
    ]);
    const perMonth = screen.getByRole('list', { name: 'Revenue per month' });
    expect(within(perMonth).getByRole('listitem')).toHaveTextContent('November 2026 · 3 salesKES 1,461.11');
    const totals = screen.getByRole('list', { name: 'Totals' });
    expect(within(totals).getAllByRole('listitem')[4]).toHaveTextContent('Total RevenueKES 1,461.11');
  });

  it('says when there are no sales yet', async () => {
    await openAnalytics({
      'GET /api/sales': { body: { sales: [], totals: { count: 0, price: 0, artistShare: 0 }, nextCursor: null } },
      'GET /api/sales/summary': { body: { items: [], months: [], totals: { count: 0, price: 0, artistShare: 0 } } },
    });
    expect(await screen.findByText(/No sales yet/)).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Revenue per item' })).toBeNull();
  });

  it('offers to try again when the sales could not be loaded', async () => {
    let fail = true;
    const { user } = await openAnalytics({ 'GET /api/sales': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: PAGE_2 }) });
    expect(await screen.findByText('Your sales could not be loaded.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('fan@example.com')).toBeVisible();
  });
});
