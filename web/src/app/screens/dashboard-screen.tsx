import { useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { StreamEvent } from '#common/schemas/playback';
import { showStreamCount } from '@/features/my-music/api/catalog-api';
import { TrackPlaybackProvider, type TrackPlayback } from '@/features/my-music/hooks/track-playback';
import { PlayerBar } from '@/features/player/components/player-bar';
import { PlayerProvider, recordPlay, usePlayer } from '@/features/player/components/player-provider';
import { DashboardPage } from '../dashboard/dashboard-page';

/** Hands the player to My Music through My Music's own playback interface (features stay apart). */
function DashboardPlayback({ children }: { children: ReactNode }) {
  const { track, isPlaying, select, sync } = usePlayer();
  const playback = useMemo<TrackPlayback>(
    () => ({ currentTrackId: track?.id ?? null, isPlaying, select, sync }),
    [track, isPlaying, select, sync],
  );
  return <TrackPlaybackProvider value={playback}>{children}</TrackPlaybackProvider>;
}

/** /dashboard: the dashboard with the fixed bottom audio player (spec section 2). */
export function DashboardScreen() {
  const queryClient = useQueryClient();
  // A counted play shows in the songs list at once.
  const [player] = useState(() => ({
    recordPlay: async (trackId: string, event: StreamEvent) => {
      const { streamCount } = await recordPlay(trackId, event);
      showStreamCount(queryClient, trackId, streamCount);
    },
  }));
  return (
    <PlayerProvider dependencies={player}>
      <DashboardPlayback>
        <DashboardPage footer={<PlayerBar className="md:left-64" />} />
      </DashboardPlayback>
    </PlayerProvider>
  );
}
