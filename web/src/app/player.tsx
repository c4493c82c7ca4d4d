import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { StreamEvent } from '#common/schemas/playback';
import { showAlbumStreamCount } from '@/features/album/api/album-detail';
import { PlayerProvider, recordPlay, usePlayer } from '@/features/player/components/player-provider';
import { showProfileStreamCount } from '@/features/profile/api/profile';
import { showTrackDetailStreamCount } from '@/features/track/api/track-detail';
import { PlaybackProvider, type Playback } from '@/lib/playback';

type PlayCountedListener = (trackId: string, streamCount: number) => void;
const playCountedListeners = new Set<PlayCountedListener>();

/** Screens with a list of their own (the dashboard's songs) hear of counted plays; returns the unsubscribe. */
export function onPlayCounted(listener: PlayCountedListener): () => void {
  playCountedListeners.add(listener);
  return () => playCountedListeners.delete(listener);
}

/** Hands the player to the public pages through lib/playback (features stay apart). */
function PublicPlayback({ children }: { children: ReactNode }) {
  const { track, isPlaying, select } = usePlayer();
  const playback = useMemo<Playback>(() => ({ currentTrackId: track?.id ?? null, isPlaying, select }), [track, isPlaying, select]);
  return <PlaybackProvider value={playback}>{children}</PlaybackProvider>;
}

/**
 * One audio player for the whole app, so music goes on from a profile to a track page (and into
 * the dashboard). A counted play shows at once on every cached page that lists the track.
 */
export function AppPlayer({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const [dependencies] = useState(() => ({
    recordPlay: async (trackId: string, event: StreamEvent) => {
      const { streamCount } = await recordPlay(trackId, event);
      showProfileStreamCount(queryClient, trackId, streamCount);
      showTrackDetailStreamCount(queryClient, trackId, streamCount);
      showAlbumStreamCount(queryClient, trackId, streamCount);
      playCountedListeners.forEach((listener) => listener(trackId, streamCount));
    },
  }));
  return (
    <PlayerProvider dependencies={dependencies}>
      <PublicPlayback>{children}</PublicPlayback>
    </PlayerProvider>
  );
}

const PlayerBar = lazy(() => import('@/features/player/components/player-bar').then((m) => ({ default: m.PlayerBar })));

/**
 * The global player bar of the public pages (spec section 2), shown while a track is current (and
 * when a preview has ended, offering a priced track's Buy button). Its code arrives with the
 * first press of play, not with the page.
 */
export function PublicPlayerBar() {
  const { track, previewEnded } = usePlayer();
  if (!track && !previewEnded) return null;
  return (
    <Suspense fallback={null}>
      <PlayerBar offerPurchase />
    </Suspense>
  );
}
