import { useMemo, type ReactNode } from 'react';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { TrackPlaybackProvider, type TrackPlayback } from '@/features/dashboard/hooks/track-playback';
import { PlayerBar } from '@/features/player/components/player-bar';
import { PlayerProvider, usePlayer } from '@/features/player/components/player-provider';

/** Hands the player to My Music through the dashboard's own playback interface (features stay apart). */
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
  return (
    <PlayerProvider>
      <DashboardPlayback>
        <DashboardPage footer={<PlayerBar className="md:left-64" />} />
      </DashboardPlayback>
    </PlayerProvider>
  );
}
