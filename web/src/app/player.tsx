import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { StreamEvent } from '#common/schemas/playback';
import { PlayerProvider, recordPlay, usePlayer } from '@/features/player/components/player-provider';
import { showTrackFigures } from '@/lib/catalog-queries';
import { PlaybackProvider, type Playback } from '@/lib/playback';

/** Hands the player to every screen through lib/playback, the one port (features stay apart). */
function PlaybackPort({ children }: { children: ReactNode }) {
  const { track, isPlaying, select, sync } = usePlayer();
  const playback = useMemo<Playback>(() => ({ currentTrackId: track?.id ?? null, isPlaying, select, sync }), [track, isPlaying, select, sync]);
  return <PlaybackProvider value={playback}>{children}</PlaybackProvider>;
}

/**
 * One audio player for the whole app, so music goes on from a profile to a track page (and into
 * the dashboard). A counted play shows at once on every cached page and list that shows the track
 * (lib/catalog-queries: patched by query-key prefix).
 */
export function AppPlayer({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  const [dependencies] = useState(() => ({
    recordPlay: async (trackId: string, event: StreamEvent) => {
      const counted = await recordPlay(trackId, event);
      showTrackFigures(queryClient, trackId, { streamCount: counted.streamCount });
      return counted;
    },
  }));
  return (
    <PlayerProvider dependencies={dependencies}>
      <PlaybackPort>{children}</PlaybackPort>
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
