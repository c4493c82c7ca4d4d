import { useId, useState } from 'react';
import type { AnalyticsDay } from '#common/schemas/analytics';
import { cn } from '@/lib/utils';
import { ColumnHeads } from '@/components/column-heads';
import { formatCount, formatDay } from '../lib/format';
import { useAppI18n } from '@/lib/app-i18n';
import type { AppMessageKey } from '@/lib/i18n';

type Metric = 'plays' | 'downloads' | 'views';

const METRICS: readonly { id: Metric; label: AppMessageKey; unit: AppMessageKey }[] = [
  { id: 'plays', label: 'analytics.plays', unit: 'analytics.unit.plays' },
  { id: 'downloads', label: 'analytics.downloads', unit: 'analytics.unit.downloads' },
  { id: 'views', label: 'analytics.profileViewsShort', unit: 'analytics.unit.views' },
];

const BAR = 8;
const GAP = 3;
const HEIGHT = 120;

/** A round top for the axis: 1, 2, 5, 10, 20, 50, ... at or above `max`. */
export function niceCeiling(max: number): number {
  if (max <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/**
 * Plays, downloads or profile views per day (one at a time, so 30 bars stay readable on a phone)
 * as a small hand-drawn SVG bar chart: no chart library in any bundle. Screen readers get a
 * summary as the chart's name and the figures as a table under "Show as a table".
 */
export function DailyChart({ days }: { days: readonly AnalyticsDay[] }) {
  const { t, language } = useAppI18n();
  const day = (date: string, options?: Intl.DateTimeFormatOptions) => formatDay(date, options, language);
  const [metric, setMetric] = useState<Metric>('plays');
  const tableId = useId();
  const current = METRICS.find((candidate) => candidate.id === metric)!;
  const values = days.map((day) => day[metric]);
  const total = values.reduce((sum, value) => sum + value, 0);
  const top = niceCeiling(Math.max(0, ...values));
  const best = values.reduce((bestIndex, value, index) => (value > (values[bestIndex] ?? 0) ? index : bestIndex), 0);
  const width = Math.max(1, days.length * (BAR + GAP) - GAP);
  const first = days[0];
  const last = days.at(-1);
  const middle = days[Math.floor(days.length / 2)];
  const unit = (count: number) => t(current.unit, { count, shown: formatCount(count) });
  const summary =
    first && last
      ? total > 0
        ? t('analytics.chartSummaryBest', { metric: t(current.label), from: day(first.date), to: day(last.date), total: unit(total), best: day(days[best]!.date), bestCount: formatCount(values[best]!) })
        : t('analytics.chartSummary', { metric: t(current.label), from: day(first.date), to: day(last.date), total: unit(total) })
      : t('analytics.chartEmpty', { metric: t(current.label) });

  return (
    <div className="grid gap-4">
      <div role="group" aria-label={t('analytics.figureShown')} className="grid grid-cols-3 gap-1 rounded-lg bg-muted p-1">
        {METRICS.map((candidate) => {
          const sum = days.reduce((acc, day) => acc + day[candidate.id], 0);
          const active = candidate.id === metric;
          return (
            <button
              key={candidate.id}
              type="button"
              aria-pressed={active}
              onClick={() => setMetric(candidate.id)}
              className={cn(
                'grid min-w-0 gap-0.5 rounded-md px-2 py-1.5 text-left text-xs font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 sm:px-3 sm:text-sm',
                active ? 'bg-background text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <span className="truncate">{t(candidate.label)}</span>
              <span className="text-base font-bold tabular-nums sm:text-lg">{formatCount(sum)}</span>
            </button>
          );
        })}
      </div>

      <div className="grid gap-1">
        <div className="grid grid-cols-[auto_1fr] gap-2">
          <div className="flex flex-col justify-between text-right text-[11px] leading-none text-muted-foreground tabular-nums" aria-hidden="true">
            <span>{formatCount(top)}</span>
            <span>{top >= 2 ? formatCount(top / 2) : ''}</span>
            <span>0</span>
          </div>
          <svg
            viewBox={`0 0 ${width} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="h-36 w-full overflow-visible sm:h-44"
            role="img"
            aria-label={summary}
            data-testid="daily-chart"
          >
            {[0, 0.5, 1].map((fraction) => (
              <line
                key={fraction}
                x1={0}
                x2={width}
                y1={HEIGHT * fraction}
                y2={HEIGHT * fraction}
                className="stroke-border"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {days.map((entry, index) => {
              const value = entry[metric];
              const height = value === 0 ? 0 : Math.max(2, (value / top) * HEIGHT);
              return (
                <rect
                  key={entry.date}
                  x={index * (BAR + GAP)}
                  y={HEIGHT - height}
                  width={BAR}
                  height={height}
                  rx={1.5}
                  className={cn('fill-primary', index === days.length - 1 && 'fill-primary/70')}
                >
                  <title>{t('analytics.barTitle', { date: day(entry.date), value: unit(value) })}</title>
                </rect>
              );
            })}
          </svg>
        </div>
        <div className="ml-8 flex justify-between text-[11px] text-muted-foreground" aria-hidden="true">
          <span>{first ? day(first.date) : ''}</span>
          <span className="hidden sm:inline">{middle ? day(middle.date) : ''}</span>
          <span>{last ? t('analytics.today') : ''}</span>
        </div>
      </div>

      <details className="group rounded-lg border">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium select-none" aria-controls={tableId}>
          {t('analytics.showTable')}
        </summary>
        {/* Scrolls on its own: focusable, so keyboard users can scroll it too. */}
        <div id={tableId} className="max-h-80 overflow-auto border-t" tabIndex={0} role="region" aria-label={t('analytics.perDay')}>
          <table className="w-full text-sm tabular-nums">
            <caption className="sr-only">{t('analytics.perDay')}</caption>
            <thead className="sticky top-0 bg-background">
              <ColumnHeads labels={[t('analytics.day'), t('analytics.plays'), t('analytics.downloads'), t('analytics.views')]} cellClassName="px-2 py-2 sm:px-3" />
            </thead>
            <tbody>
              {[...days].reverse().map((entry) => (
                <tr key={entry.date} className="border-b last:border-0">
                  <th scope="row" className="px-2 py-1.5 text-left font-normal whitespace-nowrap sm:px-3">
                    {day(entry.date, { weekday: 'short', day: 'numeric', month: 'short' })}
                  </th>
                  <td className="px-2 py-1.5 text-right sm:px-3">{formatCount(entry.plays)}</td>
                  <td className="px-2 py-1.5 text-right sm:px-3">{formatCount(entry.downloads)}</td>
                  <td className="px-2 py-1.5 text-right sm:px-3">{formatCount(entry.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </div>
  );
}
