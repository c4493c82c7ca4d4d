import { createContext, useContext } from 'react';
import type { Track } from '#common/schemas/catalog/responses';

/**
 * What My Music needs of an audio player. My Music does not import the player feature
 * (features stay apart); the app wires a real player in through TrackPlaybackProvider.
 */
export interface TrackPlayback {
  /** The current track (spec section 4), if any. */
  currentTrackId: string | null;
  isPlaying: boolean;
  /** The spec's selection: the current track toggles play/pause, another becomes current and plays. */
  select: (track: Track) => void;
  /** Tell the player about the artist's edits and deletions (it closes when its track is gone). */
  sync: (tracks: readonly Track[]) => void;
}

const NO_PLAYBACK: TrackPlayback = {
  currentTrackId: null,
  isPlaying: false,
  select: () => {},
  sync: () => {},
};

const TrackPlaybackContext = createContext<TrackPlayback>(NO_PLAYBACK);

export const TrackPlaybackProvider = TrackPlaybackContext.Provider;

export function useTrackPlayback(): TrackPlayback {
  return useContext(TrackPlaybackContext);
}
