import { createContext, useContext } from 'react';

/**
 * What a screen needs of the audio player: the one port between the features that list tracks
 * (public pages, My Music) and the player feature. Features do not import the player feature (they
 * stay apart); web/src/app wires the one real player in through PlaybackProvider.
 */
export interface PlayableTrack {
  id: string;
  trackName: string;
  artistName: string;
  /** Seconds, as decoded by the server. */
  duration: number;
  allowFullPlayback: boolean;
  coverPhotoFilename: string | null;
  /** Minor units (KES x 100); 0 is free. The player offers a priced track for sale when its preview ends. */
  price: number;
  /** False for a priced track whose artist cannot take payments yet (public tracks say; missing means true). */
  purchasable?: boolean;
}

export interface Playback {
  /** The current track (spec section 4), if any. */
  currentTrackId: string | null;
  isPlaying: boolean;
  /** The spec's selection: the current track toggles play/pause, another becomes current and plays. */
  select: (track: PlayableTrack) => void;
  /** Tell the player about the artist's edits and deletions (it closes when its track is gone). */
  sync: (tracks: readonly PlayableTrack[]) => void;
}

const NO_PLAYBACK: Playback = { currentTrackId: null, isPlaying: false, select: () => {}, sync: () => {} };

const PlaybackContext = createContext<Playback>(NO_PLAYBACK);

export const PlaybackProvider = PlaybackContext.Provider;

export function usePlayback(): Playback {
  return useContext(PlaybackContext);
}
