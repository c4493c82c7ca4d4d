import { describe, expect, it } from 'vitest';
import { buildDaily, period, utcDate } from './analytics.rules';

describe('analytics arithmetic', () => {
  it('ends the period today (UTC) and counts back whole days, across a month and a year', () => {
    const { from, dates } = period(new Date('2027-01-02T23:59:59.999+03:00'), 4);
    // 23:59 in Nairobi is 20:59 UTC the same day.
    expect(from.toISOString()).toBe('2026-12-30T00:00:00.000Z');
    expect(dates).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(period(new Date('2028-03-01T00:00:00Z'), 2).dates).toEqual(['2028-02-29', '2028-03-01']);
    expect(period(new Date('2027-05-05T12:00:00Z'), 1).dates).toEqual(['2027-05-05']);
  });

  it('puts an instant on its UTC day: 23:59:59Z and 00:00:00Z a second later are different days', () => {
    expect(utcDate(new Date('2027-01-01T23:59:59Z'))).toBe('2027-01-01');
    expect(utcDate(new Date('2027-01-01T23:59:59.999Z'))).toBe('2027-01-01');
    expect(utcDate(new Date('2027-01-02T00:00:00Z'))).toBe('2027-01-02');
    // Nairobi's 02:59 on the 2nd is still the 1st in UTC; the year ends on UTC time too.
    expect(utcDate(new Date('2027-01-02T02:59:59+03:00'))).toBe('2027-01-01');
    expect(utcDate(new Date('2026-12-31T23:59:59Z'))).toBe('2026-12-31');
    expect(utcDate(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01-01');
    // So the period read a second apart across midnight ends on different days.
    expect(period(new Date('2027-01-01T23:59:59Z'), 1).dates).toEqual(['2027-01-01']);
    expect(period(new Date('2027-01-02T00:00:00Z'), 1).dates).toEqual(['2027-01-02']);
  });

  it('zero-fills days and tracks, sums per day and per track, and ignores what is outside the period', () => {
    const result = buildDaily({
      dates: ['2027-01-01', '2027-01-02', '2027-01-03'],
      tracks: [
        { trackId: 'a', trackName: 'Alpha' },
        { trackId: 'b', trackName: 'Beta' },
        { trackId: 'c', trackName: 'Cheza' },
        { trackId: 'd', trackName: 'Asubuhi' },
      ],
      plays: [
        { trackId: 'a', day: null, n: 5 },
        { trackId: 'b', day: null, n: 7 },
        { trackId: 'gone', day: null, n: 3 },
        { trackId: null, day: '2027-01-01', n: 4 },
        { trackId: null, day: '2027-01-03', n: 8 },
        { trackId: null, day: '2026-12-31', n: 100 },
      ],
      downloads: [
        { trackId: 'a', day: null, n: 2 },
        { trackId: 'c', day: null, n: 2 },
        { trackId: null, day: '2027-01-02', n: 4 },
      ],
      views: [{ day: '2027-01-02', n: 9 }],
      sales: [
        { date: '2027-01-03', sales: 2, revenue: 9000 },
        { date: '2027-01-03', sales: 1, revenue: 450 },
      ],
    });
    expect(result.from).toBe('2027-01-01');
    expect(result.to).toBe('2027-01-03');
    expect(result.days).toEqual([
      { date: '2027-01-01', plays: 4, downloads: 0, views: 0, sales: 0, revenue: 0 },
      { date: '2027-01-02', plays: 0, downloads: 4, views: 9, sales: 0, revenue: 0 },
      { date: '2027-01-03', plays: 8, downloads: 0, views: 0, sales: 3, revenue: 9450 },
    ]);
    expect(result.totals).toEqual({ plays: 12, downloads: 4, views: 9, sales: 3, revenue: 9450 });
    // Most played first; equal plays by downloads, then by name.
    expect(result.tracks.map((t) => [t.trackName, t.plays, t.downloads])).toEqual([
      ['Beta', 7, 0],
      ['Alpha', 5, 2],
      ['Cheza', 0, 2],
      ['Asubuhi', 0, 0],
    ]);
  });
});
