import { useState } from 'react';
import { BanIcon, RotateCcwIcon } from 'lucide-react';
import { type TakedownCandidate, type TakedownItemType } from '#common/schemas/takedowns';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useAppI18n } from '@/lib/app-i18n';
import type { AppMessageKey } from '@/lib/i18n';
import { useChangeTakedown, useTakedownFind, useTakedowns } from '../api/takedowns';
import { useStaleSecondFactor } from './console-common';
import { ActionError, ConsoleSearch, ConsoleSection, LoadedList, RowAction, RowLines } from './console-parts';

const KINDS: Record<TakedownItemType, AppMessageKey> = { track: 'admin.kind.track', album: 'admin.kind.album', artist: 'admin.kind.artist' };
const TAKE_DOWN_KIND: Record<TakedownItemType, AppMessageKey> = {
  track: 'admin.takeDownKind.track',
  album: 'admin.takeDownKind.album',
  artist: 'admin.takeDownKind.artist',
};

/** "2026-11-26 14:05 UTC": this tab's own shorter form, kept as it was. */
function when(iso: string): string {
  const date = new Date(iso);
  return `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 16)} UTC`;
}

/**
 * The console's takedowns (issue 21, decision 058): find a song, an album or an artist (by name,
 * or by pasting its address or id), take it down with a reason the artist sees, list what is down,
 * restore it. Everything is written to the audit log by the server.
 */
export function TakedownsPanel() {
  const { t } = useAppI18n();
  const list = useTakedowns();
  const change = useChangeTakedown();
  const [search, setSearch] = useState('');
  const found = useTakedownFind(search);
  const [chosen, setChosen] = useState<TakedownCandidate | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const onError = useStaleSecondFactor();

  const takeDown = () => {
    if (!chosen) return;
    if (!reason.trim()) {
      setReasonError(t('admin.takedownReasonRequired'));
      return;
    }
    change.mutate(
      { kind: 'take-down', itemType: chosen.itemType, itemId: chosen.itemId, reason: reason.trim() },
      {
        onError,
        onSuccess: () => {
          setChosen(null);
          setReason('');
        },
      },
    );
  };

  return (
    <div className="grid gap-6">
      {change.isError && <ActionError error={change.error} />}
      <ConsoleSection id="takedown-find-title" title={t('admin.takeSomethingDown')} className="grid gap-3">
        <ConsoleSearch
          label={t('admin.takedownFindLabel')}
          placeholder={t('admin.takedownFindPlaceholder')}
          maxLength={300}
          button={t('admin.find')}
          onSearch={(q) => {
            setChosen(null);
            setSearch(q);
          }}
        />
        {search !== '' && (
          <LoadedList
            read={found}
            items={(data) => data.items}
            empty={t('admin.nothingMatches')}
            label={t('admin.found')}
            className="divide-y rounded-md border"
            row={(item) => (
              <li key={`${item.itemType}:${item.itemId}`} className="grid grid-cols-[minmax(0,1fr)] gap-3 px-3 py-2">
                <div className="flex items-center gap-2">
                  <RowLines
                    name={item.name}
                    detail={
                      <>
                        {t(KINDS[item.itemType])}
                        {item.itemType === 'artist' ? '' : ` · ${item.artistName}`}
                      </>
                    }
                  />
                  {item.takenDown ? (
                    <span className="text-sm text-destructive">{t('admin.isTakenDown')}</span>
                  ) : (
                    <RowAction
                      label={t('admin.takeDownNamed', { name: item.name })}
                      icon={<BanIcon aria-hidden="true" />}
                      text={t('admin.takeDown')}
                      onClick={() => {
                        setChosen(item);
                        setReasonError(null);
                      }}
                    />
                  )}
                </div>
                {chosen?.itemId === item.itemId && chosen.itemType === item.itemType && (
                  <form
                    className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-2"
                    onSubmit={(event) => {
                      event.preventDefault();
                      takeDown();
                    }}
                  >
                    <Label htmlFor="takedown-reason">{t('admin.takedownReason')}</Label>
                    <Textarea
                      id="takedown-reason"
                      value={reason}
                      onChange={(event) => {
                        setReason(event.target.value);
                        setReasonError(null);
                      }}
                      maxLength={500}
                      aria-invalid={reasonError ? true : undefined}
                      aria-describedby={reasonError ? 'takedown-reason-error' : undefined}
                      autoFocus
                    />
                    {reasonError && (
                      <p id="takedown-reason-error" className="text-sm text-destructive">
                        {reasonError}
                      </p>
                    )}
                    <div className="flex gap-2">
                      <Button type="submit" variant="destructive" disabled={change.isPending}>
                        {t(TAKE_DOWN_KIND[item.itemType])}
                      </Button>
                      <Button type="button" variant="ghost" onClick={() => setChosen(null)}>
                        {t('admin.cancel')}
                      </Button>
                    </div>
                  </form>
                )}
              </li>
            )}
          />
        )}
      </ConsoleSection>

      <ConsoleSection id="takedowns-title" title={t('admin.takenDown')}>
        <LoadedList
          read={list}
          items={(data) => data.takedowns}
          empty={t('admin.nothingTakenDown')}
          emptyClassName="mt-2 text-sm text-muted-foreground"
          label={t('admin.takenDown')}
          className="mt-2 divide-y rounded-md border"
          row={(row) => (
            <li key={`${row.itemType}:${row.itemId}`} className="flex items-start gap-2 px-3 py-2">
              <RowLines
                name={row.name ?? t('admin.deletedSince')}
                detail={
                  <>
                    {t(KINDS[row.itemType])}
                    {row.itemType === 'artist' || !row.artistName ? '' : ` · ${row.artistName}`}
                  </>
                }
              >
                <span className="block text-sm break-words">“{row.reason}”</span>
                <span className="block text-xs text-muted-foreground">
                  {when(row.takenDownAt)}
                  {row.actorEmail ? ` · ${row.actorEmail}` : ''}
                </span>
              </RowLines>
              <RowAction
                label={t('admin.restoreNamed', { name: row.name ?? row.itemId })}
                icon={<RotateCcwIcon aria-hidden="true" />}
                text={t('admin.restore')}
                disabled={change.isPending}
                onClick={() => change.mutate({ kind: 'restore', itemType: row.itemType, itemId: row.itemId }, { onError })}
              />
            </li>
          )}
        />
      </ConsoleSection>
    </div>
  );
}
