import { createContext, useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { StreamCount, StreamEvent } from '#common/schemas/playback';
import { toast } from '@/components/ui/use-toast';
import { apiJson } from '@/lib/api';
import { useI18n, type Translator } from '@/lib/i18n';
import { PlayerController, type PlayerDependencies, type PlayerState, type PlayerTime, type PlayerTrack } from '../player-controller';

const PlayerContext = createContext<PlayerController | null>(null);

/** POST /api/tracks/{id}/stream (spec section 7): the play is counted by the server, which answers the count. */
export function recordPlay(trackId: string, event: StreamEvent): Promise<StreamCount> {
  return apiJson<StreamCount>('POST', `/api/tracks/${encodeURIComponent(trackId)}/stream`, event);
}

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function showPlaybackError(t: Translator['t'], track: PlayerTrack) {
  toast({ variant: 'destructive', title: t('player.stopped'), description: t('player.stoppedDescription', { name: track.trackName }) });
}

/**
 * One player for everything below it: the <audio> element (preload="none", no source until a
 * track is chosen) and the controller that applies the playback rules. Any screen that lists
 * tracks can sit inside it and select tracks with usePlayer(); PlayerBar shows the controls.
 */
export function PlayerProvider({
  children,
  dependencies,
}: {
  children: ReactNode;
  /** Replaced in tests; by default the real API, localStorage and an error toast. */
  dependencies?: Partial<PlayerDependencies>;
}) {
  // The page's language is fixed for its life (the switch reloads the page).
  const { t } = useI18n();
  const [controller] = useState(
    () =>
      new PlayerController({
        recordPlay,
        onError: (track) => showPlaybackError(t, track),
        storage: localStorageOrNull(),
        ...dependencies,
      }),
  );
  const audioRef = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const audio = audioRef.current;
    if (audio) controller.attach(audio);
    return () => controller.detach();
  }, [controller]);

  return (
    <PlayerContext.Provider value={controller}>
      {children}
      <audio ref={audioRef} preload="none" hidden data-testid="player-audio" />
    </PlayerContext.Provider>
  );
}

function usePlayerController(): PlayerController {
  const controller = useContext(PlayerContext);
  if (!controller) throw new Error('usePlayer must be used inside <PlayerProvider>');
  return controller;
}

export interface Player extends PlayerState {
  /** The spec's selection: the current track toggles play/pause, another becomes current and plays, null closes. */
  select: (track: PlayerTrack | null) => void;
  toggle: () => void;
  seek: (seconds: number) => void;
  close: () => void;
  setDataSaver: (on: boolean) => void;
  /** Keep the current track's details in step with the catalogue (closes when it is gone). */
  sync: (tracks: readonly PlayerTrack[]) => void;
}

/** The player's state and actions. Re-renders when the track or play state changes, not with the playhead. */
export function usePlayer(): Player {
  const controller = usePlayerController();
  const state = useSyncExternalStore(controller.subscribe, controller.getState, controller.getState);
  // Stable actions: callers may list them as effect dependencies.
  const actions = useMemo(
    () => ({
      select: (track: PlayerTrack | null) => controller.select(track),
      toggle: () => controller.toggle(),
      seek: (seconds: number) => controller.seek(seconds),
      close: () => controller.close(),
      setDataSaver: (on: boolean) => controller.setDataSaver(on),
      sync: (tracks: readonly PlayerTrack[]) => controller.sync(tracks),
    }),
    [controller],
  );
  return useMemo(() => ({ ...state, ...actions }), [state, actions]);
}

/** Position and playable length, for the elapsed/total time and the seek bar (updates a few times a second). */
export function usePlayerTime(): PlayerTime {
  const controller = usePlayerController();
  return useSyncExternalStore(controller.subscribe, controller.getTime, controller.getTime);
}
