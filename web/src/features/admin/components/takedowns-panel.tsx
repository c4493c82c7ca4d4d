import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { BanIcon, RotateCcwIcon, SearchIcon } from 'lucide-react';
import { TAKEDOWN_MESSAGES, type Takedown, type TakedownCandidate, type TakedownItemType } from '#common/schemas/takedowns';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { PageSpinner } from '@/components/page-spinner';
import { hasErrorCode, messageOf } from '@/lib/api';
import { ADMIN_STATUS_KEY } from '../api/admin';
import { useChangeTakedown, useTakedownFind, useTakedowns } from '../api/takedowns';

const FAILED = 'Something went wrong. Please try again.';
const OFFLINE = 'Please check your connection and try again.';
const KINDS: Record<TakedownItemType, string> = { track: 'Song', album: 'Album', artist: 'Artist' };

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
  const client = useQueryClient();
  const list = useTakedowns();
  const change = useChangeTakedown();
  const [query, setQuery] = useState('');
  const [search, setSearch] = useState('');
  const found = useTakedownFind(search);
  const [chosen, setChosen] = useState<TakedownCandidate | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  // A refusal for a stale second factor sends the operator back to the verify screen.
  const onError = (error: unknown) => {
    if (hasErrorCode(error, 'admin.second-factor-required', 'admin.forbidden')) void client.invalidateQueries({ queryKey: ADMIN_STATUS_KEY });
  };

  const takeDown = () => {
    if (!chosen) return;
    if (!reason.trim()) {
      setReasonError(TAKEDOWN_MESSAGES.reasonRequired);
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
  const rows: Takedown[] = list.data?.takedowns ?? [];

  return (
    <div className="grid gap-6">
      {change.isError && (
        <Alert variant="destructive">
          <AlertDescription>{messageOf(change.error, FAILED, OFFLINE)}</AlertDescription>
        </Alert>
      )}
      <section aria-labelledby="takedown-find-title" className="grid gap-3">
        <h2 id="takedown-find-title" className="text-lg font-semibold">
          Take something down
        </h2>
        <form
          role="search"
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setChosen(null);
            setSearch(query.trim());
          }}
        >
          <Input
            aria-label="Find a song, album or artist, or paste its address"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder="Name, address or id"
            maxLength={300}
          />
          <Button type="submit" variant="outline">
            <SearchIcon aria-hidden="true" />
            Find
          </Button>
        </form>
        {found.isError && <p className="text-sm text-destructive">{messageOf(found.error, FAILED, OFFLINE)}</p>}
        {found.data && found.data.items.length === 0 && <p className="text-sm text-muted-foreground">Nothing matches.</p>}
        {found.data && found.data.items.length > 0 && (
          <ul aria-label="Found" className="divide-y rounded-md border">
            {found.data.items.map((item) => (
              <li key={`${item.itemType}:${item.itemId}`} className="grid grid-cols-[minmax(0,1fr)] gap-3 px-3 py-2">
                <div className="flex items-center gap-2">
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium">{item.name}</span>
                    <span className="block truncate text-sm text-muted-foreground">
                      {KINDS[item.itemType]}
                      {item.itemType === 'artist' ? '' : ` · ${item.artistName}`}
                    </span>
                  </span>
                  {item.takenDown ? (
                    <span className="text-sm text-destructive">Taken down</span>
                  ) : (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`Take down ${item.name}`}
                      onClick={() => {
                        setChosen(item);
                        setReasonError(null);
                      }}
                    >
                      <BanIcon aria-hidden="true" />
                      Take down
                    </Button>
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
                    <Label htmlFor="takedown-reason">Reason (the artist sees it)</Label>
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
                        Take down {KINDS[item.itemType].toLowerCase()}
                      </Button>
                      <Button type="button" variant="ghost" onClick={() => setChosen(null)}>
                        Cancel
                      </Button>
                    </div>
                  </form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="takedowns-title">
        <h2 id="takedowns-title" className="text-lg font-semibold">
          Taken down
        </h2>
        {list.isPending ? (
          <PageSpinner className="py-8" />
        ) : list.isError ? (
          <p className="text-sm text-destructive">{messageOf(list.error, FAILED, OFFLINE)}</p>
        ) : rows.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">Nothing is taken down.</p>
        ) : (
          <ul aria-label="Taken down" className="mt-2 divide-y rounded-md border">
            {rows.map((row) => (
              <li key={`${row.itemType}:${row.itemId}`} className="flex items-start gap-2 px-3 py-2">
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{row.name ?? 'Deleted since'}</span>
                  <span className="block truncate text-sm text-muted-foreground">
                    {KINDS[row.itemType]}
                    {row.itemType === 'artist' || !row.artistName ? '' : ` · ${row.artistName}`}
                  </span>
                  <span className="block text-sm break-words">“{row.reason}”</span>
                  <span className="block text-xs text-muted-foreground">
                    {when(row.takenDownAt)}
                    {row.actorEmail ? ` · ${row.actorEmail}` : ''}
                  </span>
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Restore ${row.name ?? row.itemId}`}
                  disabled={change.isPending}
                  onClick={() => change.mutate({ kind: 'restore', itemType: row.itemType, itemId: row.itemId }, { onError })}
                >
                  <RotateCcwIcon aria-hidden="true" />
                  Restore
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
