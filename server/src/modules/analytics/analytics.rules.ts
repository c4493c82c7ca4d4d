import type { AnalyticsDay, AnalyticsTrack, DailyAnalytics } from '#common/schemas/analytics';
import type { CountRow, TrackNameRow } from './analytics.repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** YYYY-MM-DD of a UTC day. */
export function utcDate(time: Date): string {
  return time.toISOString().slice(0, 10);
}

/** The period of `days` UTC days ending today (inclusive): its first instant and its dates. */
export function period(now: Date, days: number): { from: Date; dates: string[] } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const from = new Date(today - (days - 1) * DAY_MS);
  const dates = Array.from({ length: days }, (_, i) => utcDate(new Date(from.getTime() + i * DAY_MS)));
  return { from, dates };
}

/**
 * The time series of the Analytics chart and table from the grouped counts: every day of the
 * period present (zero-filled, oldest first), every track of the artist present (zero-filled),
 * most played first, then most downloaded, then by name. Counts outside the period are ignored.
 */
export function buildDaily(input: {
  dates: string[];
  tracks: TrackNameRow[];
  plays: CountRow[];
  downloads: CountRow[];
  views: { day: string; n: number }[];
  sales: { date: string; sales: number; revenue: number }[];
}): DailyAnalytics {
  const days = new Map<string, AnalyticsDay>(input.dates.map((date) => [date, { date, plays: 0, downloads: 0, views: 0, sales: 0, revenue: 0 }]));
  const tracks = new Map<string, AnalyticsTrack>(input.tracks.map((t) => [t.trackId, { trackId: t.trackId, trackName: t.trackName, plays: 0, downloads: 0 }]));
  const add = (rows: CountRow[], field: 'plays' | 'downloads') => {
    for (const row of rows) {
      if (row.day !== null) {
        const day = days.get(row.day);
        if (day) day[field] += row.n;
      } else if (row.trackId !== null) {
        const track = tracks.get(row.trackId);
        if (track) track[field] += row.n;
      }
    }
  };
  add(input.plays, 'plays');
  add(input.downloads, 'downloads');
  for (const row of input.views) {
    const day = days.get(row.day);
    if (day) day.views += row.n;
  }
  for (const row of input.sales) {
    const day = days.get(row.date);
    if (day) {
      day.sales += row.sales;
      day.revenue += row.revenue;
    }
  }
  const dayList = [...days.values()];
  const totals = { plays: 0, downloads: 0, views: 0, sales: 0, revenue: 0 };
  for (const day of dayList) {
    totals.plays += day.plays;
    totals.downloads += day.downloads;
    totals.views += day.views;
    totals.sales += day.sales;
    totals.revenue += day.revenue;
  }
  const trackList = [...tracks.values()].sort(
    (a, b) => b.plays - a.plays || b.downloads - a.downloads || a.trackName.localeCompare(b.trackName) || a.trackId.localeCompare(b.trackId),
  );
  return { from: input.dates[0]!, to: input.dates[input.dates.length - 1]!, days: dayList, tracks: trackList, totals };
}
