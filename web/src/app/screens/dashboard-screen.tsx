import { useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { showStreamCount } from '@/features/my-music/api/catalog-api';
import { TrackPlaybackProvider, type TrackPlayback } from '@/features/my-music/hooks/track-playback';
import { PlayerBar } from '@/features/player/components/player-bar';
import { usePlayer } from '@/features/player/components/player-provider';
import { DashboardPage } from '../dashboard/dashboard-page';
import { onPlayCounted } from '../player';

/** Hands the player to My Music through My Music's own playback interface (features stay apart). */
function DashboardPlayback({ children }: { children: ReactNode }) {
  const { track, isPlaying, select, sync } = usePlayer();
  const playback = useMemo<TrackPlayback>(
    () => ({ currentTrackId: track?.id ?? null, isPlaying, select, sync }),
    [track, isPlaying, select, sync],
  );
  return <TrackPlaybackProvider value={playback}>{children}</TrackPlaybackProvider>;
}

/**
 * /dashboard: the dashboard with the fixed bottom audio player (spec section 2). The player is
 * the app's one player (app/player.tsx), so a song started on a public page plays on here.
 */
export function DashboardScreen() {
  const queryClient = useQueryClient();
  // A counted play shows in the songs list at once.
  useEffect(() => onPlayCounted((trackId, streamCount) => showStreamCount(queryClient, trackId, streamCount)), [queryClient]);
  return (
    <DashboardPlayback>
      <DashboardPage footer={<PlayerBar className="md:left-64" />} />
    </DashboardPlayback>
  );
}
