import { useEffect, useRef, useState, type RefObject } from 'react';
import { GaugeIcon, Loader2Icon, MusicIcon, PauseIcon, PlayIcon, XIcon } from 'lucide-react';
import { formatDuration } from '#common/format';
import { coverUrl, PREVIEW_SECONDS } from '#common/playback';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { PlayerTrack } from '../player-controller';
import { usePlayer, usePlayerTime, type Player } from './player-provider';

/**
 * The fixed bottom audio player (spec section 2): play/pause, title, elapsed/total time, seek
 * bar, close button; plus the data-saver choice. Shown while a track is current. It keeps a
 * spacer of its own height in the page flow so the last rows of a list stay reachable.
 */
export function PlayerBar({ className }: { className?: string }) {
  const player = usePlayer();
  useMediaSession(player);
  if (!player.track) return null;
  return <PlayerBarContent player={player} track={player.track} className={className} />;
}

function PlayerBarContent({ player, track, className }: { player: Player; track: PlayerTrack; className?: string }) {
  const barRef = useRef<HTMLElement>(null);
  useBottomBarHeight(barRef);
  return (
    <>
      <div aria-hidden="true" className="h-28 shrink-0 sm:h-20" />
      <section
        ref={barRef}
        aria-label="Audio player"
        data-testid="player-bar"
        className={cn(
          'fixed inset-x-0 bottom-0 z-40 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_-8px_rgb(0_0_0/0.15)] backdrop-blur',
          className,
        )}
      >
        <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-3 gap-y-1.5 px-3 py-2.5 sm:flex-nowrap sm:gap-x-4 sm:px-6">
          <PlayPauseButton player={player} />
          <TrackTitle track={track} />
          <SeekBar player={player} track={track} />
          <Button
            variant="outline"
            size="sm"
            className={cn(
              'order-3 h-8 px-2 text-xs sm:order-4 sm:text-sm',
              player.dataSaver && 'border-primary bg-accent text-primary hover:bg-accent hover:text-primary',
            )}
            aria-pressed={player.dataSaver}
            title="Data saver: stream a smaller file that uses about half the data"
            onClick={() => player.setDataSaver(!player.dataSaver)}
          >
            <GaugeIcon aria-hidden="true" />
            Data saver
          </Button>
          <Button variant="ghost" size="icon" className="order-4 size-9 sm:order-5" aria-label="Close player" onClick={player.close}>
            <XIcon aria-hidden="true" />
          </Button>
        </div>
      </section>
    </>
  );
}

function PlayPauseButton({ player }: { player: Player }) {
  const name = player.track?.trackName ?? '';
  return (
    <Button
      size="icon"
      className="order-1 size-11 rounded-full"
      aria-label={player.isPlaying ? `Pause ${name}` : `Play ${name}`}
      onClick={player.toggle}
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

function TrackTitle({ track }: { track: PlayerTrack }) {
  const cover = coverUrl('track', track.id, track.coverPhotoFilename ?? null, 96);
  return (
    <div className="order-2 flex min-w-0 flex-1 items-center gap-3 sm:w-60 sm:flex-none lg:w-80">
      <div className="hidden size-10 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted text-muted-foreground min-[400px]:flex">
        {cover ? <img src={cover} alt="" width={40} height={40} className="size-10 object-cover" /> : <MusicIcon className="size-4" aria-hidden="true" />}
      </div>
      <div className="min-w-0">
        <p className="truncate text-sm font-medium" data-testid="player-title">
          {track.trackName}
        </p>
        <p className="truncate text-xs text-muted-foreground">
          {track.artistName}
          {!track.allowFullPlayback && <span className="text-primary"> · {PREVIEW_SECONDS}-second preview</span>}
        </p>
      </div>
    </div>
  );
}

/**
 * Elapsed time, the seek bar and the total. While the thumb is dragged only the label follows
 * it; the seek happens when it is let go (one range request instead of dozens).
 */
function SeekBar({ player, track }: { player: Player; track: PlayerTrack }) {
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
    <div className="order-5 flex w-full items-center gap-2 sm:order-3 sm:w-auto sm:flex-1">
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
        aria-label={`Seek in ${track.trackName}`}
        aria-valuetext={`${formatDuration(shown)} of ${formatDuration(length)}`}
        onChange={(event) => setScrub(Number(event.currentTarget.value))}
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
