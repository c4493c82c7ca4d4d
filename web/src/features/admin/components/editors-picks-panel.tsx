import { useState } from 'react';
import { ArrowDownIcon, ArrowUpIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { type AdminPick, type AdminTrackHit } from '#common/schemas/admin';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useAppI18n } from '@/lib/app-i18n';
import { useChangePicks, usePicks, useTrackSearch } from '../api/admin';
import { useStaleSecondFactor } from './console-common';
import { ActionError, ConsoleSearch, ConsoleSection, LoadedList, RowAction, RowLines } from './console-parts';

/**
 * The console's first tab: the editor's picks on the landing page, in order (move, remove), and a
 * search to add a song. One optional reason goes with every change, into the audit log.
 */
export function EditorsPicksPanel() {
  const { t } = useAppI18n();
  const picks = usePicks();
  const change = useChangePicks();
  const onError = useStaleSecondFactor();
  const [reason, setReason] = useState('');
  const [search, setSearch] = useState('');
  const hits = useTrackSearch(search);
  const run = (input: Parameters<typeof change.mutate>[0]) => change.mutate({ ...input, reason }, { onError });

  const songFound = (track: AdminTrackHit) => (
    <li key={track.id} className="flex items-center gap-2 px-3 py-2">
      <RowLines name={track.name} detail={track.artistName} />
      {track.isPick ? (
        <span className="text-sm text-muted-foreground">{t('admin.aPick')}</span>
      ) : (
        <RowAction label={t('admin.addNamed', { name: track.name })} icon={<PlusIcon aria-hidden="true" />} text={t('admin.add')} disabled={change.isPending} onClick={() => run({ kind: 'add', trackId: track.id })} />
      )}
    </li>
  );

  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Label htmlFor="pick-reason">{t('admin.reasonLabel')}</Label>
        <Input id="pick-reason" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={500} placeholder={t('admin.optional')} />
      </div>
      {change.isError && <ActionError error={change.error} />}
      <ConsoleSection id="picks-title" title={t('admin.onLanding')}>
        <LoadedList
          read={picks}
          items={(data): AdminPick[] => data.picks}
          empty={t('admin.noPicks')}
          emptyClassName="mt-2 text-sm text-muted-foreground"
          label={t('admin.picks')}
          className="mt-2 divide-y rounded-md border"
          ordered
          row={(pick, index, list) => (
            <li key={pick.trackId} className="flex items-center gap-2 px-3 py-2">
              <span className="w-6 text-sm text-muted-foreground tabular-nums">{pick.position}.</span>
              <RowLines name={pick.trackName} detail={pick.artistName} />
              <Button size="icon" variant="ghost" aria-label={t('admin.moveUp', { name: pick.trackName })} disabled={index === 0 || change.isPending} onClick={() => run({ kind: 'move', trackId: pick.trackId, position: pick.position - 1 })}>
                <ArrowUpIcon aria-hidden="true" />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label={t('admin.moveDown', { name: pick.trackName })}
                disabled={index === list.length - 1 || change.isPending}
                onClick={() => run({ kind: 'move', trackId: pick.trackId, position: pick.position + 1 })}
              >
                <ArrowDownIcon aria-hidden="true" />
              </Button>
              <Button size="icon" variant="ghost" aria-label={t('admin.removeNamed', { name: pick.trackName })} disabled={change.isPending} onClick={() => run({ kind: 'remove', trackId: pick.trackId })}>
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          )}
        />
      </ConsoleSection>
      <ConsoleSection id="add-title" title={t('admin.addSong')} className="grid gap-3">
        <ConsoleSearch label={t('admin.searchLabel')} placeholder={t('admin.searchPlaceholder')} maxLength={100} button={t('admin.search')} onSearch={setSearch} />
        {search !== '' && (
          <LoadedList read={hits} items={(data) => data.tracks} empty={t('admin.noMatch')} label={t('admin.songsFound')} className="divide-y rounded-md border" row={songFound} />
        )}
      </ConsoleSection>
    </div>
  );
}
