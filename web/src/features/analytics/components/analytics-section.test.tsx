import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Analytics, AnalyticsDay, DailyAnalytics } from '#common/schemas/analytics';
import type { MockRoute } from '@/test/fetch-mock';
import { openDashboard } from '@/test/dashboard';
import { niceCeiling } from './daily-chart';
import { formatKesAmount } from '../lib/format';

const EMPTY: Analytics = { totalTracks: 0, totalDownloads: 0, totalStreams: 0, profileViews: 0, totalRevenue: 0, storageUsed: 0, followers: 0 };

function daily(overrides: Partial<Record<number, Partial<AnalyticsDay>>> = {}, tracks: DailyAnalytics['tracks'] = []): DailyAnalytics {
  const days: AnalyticsDay[] = Array.from({ length: 30 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 10, 1 + index)).toISOString().slice(0, 10);
    return { date, plays: 0, downloads: 0, views: 0, sales: 0, revenue: 0, ...overrides[index] };
  });
  const sum = (key: 'plays' | 'downloads' | 'views' | 'sales' | 'revenue') => days.reduce((total, day) => total + day[key], 0);
  return {
    from: days[0]!.date,
    to: days.at(-1)!.date,
    days,
    tracks,
    totals: { plays: sum('plays'), downloads: sum('downloads'), views: sum('views'), sales: sum('sales'), revenue: sum('revenue') },
  };
}

const openAnalytics = (routes: Record<string, MockRoute>) => openDashboard('/dashboard?section=analytics', routes, ['heading', { level: 1, name: 'Analytics' }]);

describe('Analytics (spec sections 2, 3, 9)', () => {
  it("shows 'No Analytics Data Yet' until there are tracks or downloads", async () => {
    await openAnalytics({ 'GET /api/analytics': { body: EMPTY }, 'GET /api/analytics/daily': { body: daily() } });
    expect(await screen.findByRole('heading', { name: 'No Analytics Data Yet' })).toBeVisible();
    expect(screen.queryByText('Total Downloads')).toBeNull();
  });

  it('shows the five cards, revenue as KES money, storage out of 1 GB, the 30-day chart and the tracks', async () => {
    const analytics: Analytics = {
      totalTracks: 3,
      totalDownloads: 1234,
      totalStreams: 56,
      profileViews: 7,
      totalRevenue: 4500,
      storageUsed: 512 * 1024 * 1024,
      followers: 12,
    };
    const series = daily({ 28: { plays: 4, downloads: 1, views: 2 }, 29: { plays: 1 } }, [
      { trackId: 't1', trackName: 'Sunrise', plays: 4, downloads: 1 },
      { trackId: 't2', trackName: 'Nairobi Nights', plays: 1, downloads: 0 },
    ]);
    const { user, calls } = await openAnalytics({ 'GET /api/analytics': { body: analytics }, 'GET /api/analytics/daily': { body: series } });

    const totals = await screen.findByRole('list', { name: 'Totals' });
    const cards = within(totals).getAllByRole('listitem').map((card) => card.textContent);
    expect(cards[0]).toMatch(/^Total Downloads1,234/);
    expect(cards[1]).toMatch(/^Total Tracks3/);
    expect(cards[2]).toMatch(/^Total Streams56/);
    expect(cards[3]).toMatch(/^Profile Views7/);
    expect(cards[4]).toMatch(/^Total RevenueKES 45\.00/);
    expect(cards[5]).toMatch(/^Followers12By e-mail, confirmed/);

    expect(screen.getByRole('heading', { name: 'Storage Usage' })).toBeVisible();
    expect(screen.getByTestId('storage-used')).toHaveTextContent('512.00 MB / 1 GB');
    expect(screen.getByRole('progressbar', { name: 'Storage Usage' })).toHaveAttribute('aria-valuenow', '50');

    expect(calls('GET /api/analytics/daily')[0]!.url).toBe('/api/analytics/daily?days=30');
    const chart = await screen.findByRole('img', { name: /^Plays per day/ });
    expect(chart).toHaveAccessibleName('Plays per day from 1 Nov to 30 Nov: 5 plays in total, most on 29 Nov (4).');
    await user.click(screen.getByRole('button', { name: /Downloads/, pressed: false }));
    expect(screen.getByRole('img', { name: /^Downloads per day/ })).toHaveAccessibleName(
      'Downloads per day from 1 Nov to 30 Nov: 1 download in total, most on 29 Nov (1).',
    );

    const table = screen.getByRole('table', { name: /per track/ });
    const rows = within(table).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual(['Sunrise41', 'Nairobi Nights10']);
  });

  it('says when the figures could not be loaded and tries again', async () => {
    let fail = true;
    const { user } = await openAnalytics({
      'GET /api/analytics': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: EMPTY }),
    });
    expect(await screen.findByText('Your analytics could not be loaded.')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No Analytics Data Yet' })).toBeVisible();
  });
});

describe('analytics formatting', () => {
  it("shows money as 'KES 0.00'-style amounts (spec section 9), never 'Free'", () => {
    expect(formatKesAmount(0)).toBe('KES 0.00');
    expect(formatKesAmount(5000)).toBe('KES 50.00');
    expect(formatKesAmount(123456)).toBe('KES 1,234.56');
  });

  it('rounds the chart top to 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 45, 120].map(niceCeiling)).toEqual([1, 1, 5, 10, 10, 20, 50, 200]);
  });
});
