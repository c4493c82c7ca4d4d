import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { GaugeIcon, InfoIcon, Loader2Icon, MusicIcon, PauseIcon, PlayIcon, XIcon } from 'lucide-react';
import { formatDuration } from '#common/format';
import { coverUrl, PREVIEW_SECONDS } from '#common/playback';
import { Button } from '@/components/ui/button';
import { BuyButton } from '@/lib/purchase';
import { useI18n } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import type { PlayerTrack } from '../player-controller';
import { seekTarget, spokenPosition } from '../spoken-time';
import { usePlayer, usePlayerTime, type Player } from './player-provider';

/**
 * The fixed bottom audio player (spec section 2): play/pause, title, elapsed/total time, seek
 * bar, close button; plus the data-saver choice. Shown while a track is current, and after a
 * preview's 25 seconds (the player has closed) to say the preview ended, with the priced track's
 * Buy button where `offerPurchase` (the public pages). It keeps a spacer of its own height in the
 * page flow so the last rows of a list stay reachable.
 */
export function PlayerBar({ className, offerPurchase = false }: { className?: string; offerPurchase?: boolean }) {
  const player = usePlayer();
  useMediaSession(player);
  const track = player.track ?? player.previewEnded;
  if (!track) return null;
  return <PlayerBarContent player={player} track={track} ended={!player.track} offerPurchase={offerPurchase} className={className} />;
}

function PlayerBarContent({
  player,
  track,
  ended,
  offerPurchase,
  className,
}: {
  player: Player;
  track: PlayerTrack;
  /** The preview ended: the bar stays to say so (and offer the full song), without the playing controls. */
  ended: boolean;
  offerPurchase: boolean;
  className?: string;
}) {
  const { t } = useI18n();
  const barRef = useRef<HTMLElement>(null);
  useBottomBarHeight(barRef);
  const price = track.price ?? 0;
  const priced = price > 0;
  return (
    <>
      <div aria-hidden="true" className="h-[var(--bottom-bar-height,7rem)] shrink-0 sm:h-[var(--bottom-bar-height,5rem)]" />
      <section
        ref={barRef}
        aria-label={t('player.region')}
        data-testid="player-bar"
        className={cn(
          'fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_-8px_rgb(0_0_0/0.15)] backdrop-blur',
          className,
        )}
      >
        {/* Phones: play, title and close on the first line, the rest on the second; from sm up, one line. */}
        <div className="mx-auto grid max-w-5xl grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5 px-3 py-2.5 sm:flex sm:gap-x-4 sm:px-6">
          <PlayPauseButton player={player} track={track} ended={ended} />
          <TrackTitle track={track} wholeSong={player.wholeSong} />
          <div className="col-span-3 row-start-2 flex min-h-8 min-w-0 items-center gap-2 sm:flex-1 sm:gap-3">
            {/* Always present, so the changes (playing, paused, "Preview ended") are announced politely. */}
            <p role="status" className={ended ? 'min-w-0 flex-1 text-xs text-muted-foreground sm:text-sm' : 'sr-only'}>
              {ended ? (
                <>
                  <span className="font-medium text-foreground">{t('player.previewEnded')}</span>
                  {priced && <> {t('player.forBuyers')}</>}
                </>
              ) : (
                <PlayState player={player} name={track.trackName} />
              )}
            </p>
            {ended ? (
              offerPurchase &&
              priced && (
                <BuyButton
                  item={{ type: 'track', id: track.id, name: track.trackName, price }}
                  purchasable={track.purchasable !== false}
                  size="compact"
                />
              )
            ) : (
              <>
                <SeekBar player={player} track={track} />
                <DataSaver player={player} />
              </>
            )}
          </div>
          <Button variant="ghost" size="icon" className="col-start-3 row-start-1 size-9" aria-label={t('player.close')} onClick={player.close}>
            <XIcon aria-hidden="true" />
          </Button>
        </div>
      </section>
    </>
  );
}

/** What the polite live region says of the play state: "Playing Sunrise" or "Sunrise paused" (decision 057). */
function PlayState({ player, name }: { player: Player; name: string }) {
  const { t } = useI18n();
  return <>{player.isPlaying ? t('player.playing', { name }) : t('player.paused', { name })}</>;
}

function PlayPauseButton({ player, track, ended }: { player: Player; track: PlayerTrack; ended: boolean }) {
  const { t } = useI18n();
  const name = track.trackName;
  return (
    <Button
      size="icon"
      className="size-11 rounded-full"
      aria-label={player.isPlaying ? t('item.pause', { name }) : t('item.play', { name })}
      // After a preview the player has closed: play selects the track again, from the start.
      onClick={ended ? () => player.select(track) : player.toggle}
    >
      {player.isPlaying && player.isBuffering ? (
        <Loader2Icon className="size-5 animate-spin" aria-hidden="true" />
      ) : player.isPlaying ? (
        <PauseIcon className="size-5 fill-current" aria-hidden="true" />
      ) : (
        <PlayIcon className="size-5 fill-current" aria-hidden="true" />
      )}
    </Button>
  );
}

/** Title (up to two lines), then the artist and, for a preview, a compact badge: readable on a 360 px phone. */
function TrackTitle({ track, wholeSong }: { track: PlayerTrack; wholeSong: boolean }) {
  const { t } = useI18n();
  const cover = coverUrl('track', track.id, track.coverPhotoFilename ?? null, 96);
  return (
    <div className="flex min-w-0 items-center gap-3 sm:w-60 sm:flex-none lg:w-80">
      <div className="hidden size-10 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted text-muted-foreground min-[400px]:flex">
        {cover ? <img src={cover} alt="" width={40} height={40} className="size-10 object-cover" /> : <MusicIcon className="size-4" aria-hidden="true" />}
      </div>
      <div className="min-w-0">
        <p className="line-clamp-2 text-sm leading-5 font-medium wrap-anywhere" data-testid="player-title">
          {track.trackName}
        </p>
        <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
          <span className="truncate" data-testid="player-artist">
            {track.artistName}
          </span>
          {!track.allowFullPlayback && !wholeSong && (
            <span className="shrink-0 rounded-full border border-primary/40 px-1.5 text-[11px] leading-4 text-primary">
              {t('preview.badge', { seconds: PREVIEW_SECONDS })}
            </span>
          )}
        </p>
      </div>
    </div>
  );
}

/**
 * The data-saver choice, and what it means behind an info button (a tap reaches it, where a
 * hover tooltip never shows on a phone). Escape, or a tap elsewhere, folds it away.
 */
function DataSaver({ player }: { player: Player }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const groupRef = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const away = (event: PointerEvent) => {
      if (!groupRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  return (
    <div
      ref={groupRef}
      className="flex shrink-0 items-center sm:relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <Button
        variant="outline"
        size="sm"
        className={cn('h-8 px-2 text-xs sm:text-sm', player.dataSaver && 'border-primary bg-accent text-primary hover:bg-accent hover:text-primary')}
        aria-pressed={player.dataSaver}
        onClick={() => player.setDataSaver(!player.dataSaver)}
      >
        <GaugeIcon aria-hidden="true" />
        {t('player.dataSaver')}
      </Button>
      <Button variant="ghost" size="icon-sm" aria-label={t('player.aboutDataSaver')} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <InfoIcon aria-hidden="true" />
      </Button>
      <p
        id={id}
        hidden={!open}
        className="absolute inset-x-3 bottom-full mb-2 rounded-md border bg-popover p-3 text-sm text-popover-foreground shadow-md sm:inset-x-auto sm:right-0 sm:mb-6 sm:w-72"
      >
        {t('player.dataSaverHelp')}
      </p>
    </div>
  );
}

/**
 * Elapsed time, the seek bar and the total. While the thumb is dragged only the label follows
 * it; the seek happens when it is let go (one range request instead of dozens). A native range
 * input (role slider, aria-valuemin/max/now) whose aria-valuetext is spoken in words in the page's
 * language; the arrows move 5 s, Page Up/Down 30 s, Home and End to either end (decision 057).
 */
function SeekBar({ player, track }: { player: Player; track: PlayerTrack }) {
  const { t } = useI18n();
  const { position, length } = usePlayerTime();
  const [scrub, setScrub] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const shown = scrub ?? position;
  const { seek } = player;

  // The native change event fires when a drag ends or a key moves the thumb (React's onChange is "input").
  useEffect(() => {
    const input = inputRef.current;
    if (!input) return;
    const commit = () => {
      seek(Number(input.value));
      setScrub(null);
    };
    input.addEventListener('change', commit);
    return () => input.removeEventListener('change', commit);
  }, [seek]);

  const max = length > 0 ? length : Math.max(position, 1);
  return (
    <div className="flex min-w-0 flex-1 items-center gap-2">
      <span className="w-10 shrink-0 text-right text-xs text-muted-foreground tabular-nums" data-testid="player-elapsed">
        {formatDuration(shown)}
      </span>
      <input
        ref={inputRef}
        type="range"
        min={0}
        max={max}
        step={0.1}
        value={Math.min(shown, max)}
        aria-label={t('player.seek', { name: track.trackName })}
        aria-valuetext={spokenPosition(t, Math.min(shown, max), length)}
        onChange={(event) => setScrub(Number(event.currentTarget.value))}
        onKeyDown={(event) => {
          // The native step is 0.1 s: a key press would move nothing audible.
          const target = seekTarget(event.key, shown, max);
          if (target === null) return;
          event.preventDefault();
          setScrub(null);
          seek(target);
        }}
        className="h-6 min-w-0 flex-1 cursor-pointer accent-primary"
      />
      <span className="w-10 shrink-0 text-xs text-muted-foreground tabular-nums" data-testid="player-total">
        {formatDuration(length)}
      </span>
    </div>
  );
}

/** Tells fixed elements at the bottom (the toast area) how much room the bar takes. */
function useBottomBarHeight(ref: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement;
    const update = () => root.style.setProperty('--bottom-bar-height', `${element.offsetHeight}px`);
    update();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--bottom-bar-height');
    };
  }, [ref]);
}

/** Lock-screen and headset controls on phones (Media Session API, where the browser has it). */
function useMediaSession(player: Player) {
  const { track, isPlaying, toggle, close } = player;
  useEffect(() => {
    const session = typeof navigator !== 'undefined' ? navigator.mediaSession : undefined;
    if (!session || typeof MediaMetadata === 'undefined' || !track) return;
    const cover = coverUrl('track', track.id, track.coverPhotoFilename ?? null, 300);
    session.metadata = new MediaMetadata({
      title: track.trackName,
      artist: track.artistName,
      artwork: cover ? [{ src: cover, sizes: '300x300' }] : [],
    });
    session.playbackState = isPlaying ? 'playing' : 'paused';
    const handlers: [MediaSessionAction, MediaSessionActionHandler][] = [
      ['play', () => !isPlaying && toggle()],
      ['pause', () => isPlaying && toggle()],
      ['stop', () => close()],
    ];
    const setHandler = (action: MediaSessionAction, handler: MediaSessionActionHandler | null) => {
      try {
        session.setActionHandler(action, handler);
      } catch {
        // An action this browser does not know.
      }
    };
    for (const [action, handler] of handlers) setHandler(action, handler);
    return () => {
      for (const [action] of handlers) setHandler(action, null);
      session.metadata = null;
      session.playbackState = 'none';
    };
  }, [track, isPlaying, toggle, close]);
}
