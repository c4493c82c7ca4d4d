import { useState, type ReactNode } from 'react';
import type { AnalyticsTrack } from '#common/schemas/analytics';
import { ColumnHeads } from '@/components/column-heads';
import { formatCount } from '../lib/format';
import { useAppI18n } from '@/lib/app-i18n';

/** How many tracks show before "Show all". */
const FIRST_ROWS = 10;

/** Each track's plays and downloads over the period, most played first (the server's order). */
export function TrackTable({ tracks, caption }: { tracks: readonly AnalyticsTrack[]; caption: string }) {
  const { t } = useAppI18n();
  if (tracks.length === 0) return <p className="text-sm text-muted-foreground">{t('analytics.noTracks')}</p>;
  const rows = (list: readonly AnalyticsTrack[]) =>
    list.map((track) => (
      <tr key={track.trackId} className="border-b last:border-0">
        <th scope="row" className="px-2 py-2 text-left font-medium break-words sm:px-3">
          {track.trackName}
        </th>
        <td className="w-16 px-2 py-2 text-right tabular-nums sm:w-28 sm:px-3">{formatCount(track.plays)}</td>
        <td className="w-24 px-2 py-2 text-right tabular-nums sm:w-28 sm:px-3">{formatCount(track.downloads)}</td>
      </tr>
    ));
  const head = (
    <thead>
      <ColumnHeads labels={[t('analytics.track'), t('analytics.plays'), t('analytics.downloads')]} cellClassName="px-2 py-2 sm:px-3" />
    </thead>
  );
  return (
    <div className="overflow-hidden rounded-lg border">
      <table className="w-full table-fixed text-sm" data-testid="track-table">
        <caption className="sr-only">{caption}</caption>
        {head}
        <tbody>{rows(tracks.slice(0, FIRST_ROWS))}</tbody>
        {tracks.length > FIRST_ROWS && <MoreRows count={tracks.length - FIRST_ROWS}>{rows(tracks.slice(FIRST_ROWS))}</MoreRows>}
      </table>
    </div>
  );
}

function MoreRows({ count, children }: { count: number; children: ReactNode }) {
  const { t } = useAppI18n();
  const [open, setOpen] = useState(false);
  return (
    <tbody>
      {open ? (
        children
      ) : (
        <tr>
          <td colSpan={3} className="px-2 py-2 text-center">
            <button type="button" className="text-sm font-medium text-primary underline-offset-4 hover:underline" onClick={() => setOpen(true)}>
              {t('analytics.showMore', { count })}
            </button>
          </td>
        </tr>
      )}
    </tbody>
  );
}
