import { PLAY_COUNT_AFTER_SECONDS, PREVIEW_SECONDS, streamUrl } from '#common/playback';
import type { StreamEvent } from '#common/schemas/playback';

/**
 * The audio player's rules (spec section 4, Playback), kept apart from React so they can be
 * tested with a stand-in for the <audio> element:
 * - selecting the current track toggles play/pause; selecting another makes it current and
 *   playing; selecting nothing closes the player;
 * - a play is recorded once per selection, when playback first reaches 5 seconds;
 * - a preview-only track stops at 25 seconds and the player closes; a seek beyond 25 s lands on 25.
 *   The bar then says so (previewEnded) until the listener closes it or selects a track;
 * - but the server streams a preview-only track whole to its owner and to its buyers (and a
 *   25-second preview to everyone else): once the audio's length is known and clearly longer than
 *   the preview, the song plays whole (wholeSong), never cut short;
 * - the player closes at the end of a track and on an audio error;
 * - no audio is fetched before the listener presses play (the element is preload="none" and has
 *   no source until a track is selected); the data-saver choice picks the smaller rendition.
 */

/** What the player needs of a track (the catalogue's Track has all of it). */
export interface PlayerTrack {
  id: string;
  trackName: string;
  artistName: string;
  /** Seconds, as decoded by the server. */
  duration: number;
  allowFullPlayback: boolean;
  coverPhotoFilename?: string | null;
  /** Minor units (KES x 100); missing or 0 is free. When a preview ends, a priced track offers its Buy button. */
  price?: number;
  /** False for a priced track whose artist cannot take payments yet ('Not on sale yet' instead of Buy). */
  purchasable?: boolean;
}

export interface PlayerState {
  track: PlayerTrack | null;
  /** The listener wants it playing (the spec's "playing"); audio may still be buffering. */
  isPlaying: boolean;
  /** Playing was asked for but the audio is waiting for data. */
  isBuffering: boolean;
  /** Stream the smaller rendition (about half the data). */
  dataSaver: boolean;
  /** The track whose 25-second preview just ended (the player has closed; the bar says so). */
  previewEnded: PlayerTrack | null;
  /**
   * The current track is preview-only, but the server sent it whole (this listener is its owner
   * or bought it): it plays to the end, with no 25-second stop.
   */
  wholeSong: boolean;
}

export interface PlayerTime {
  /** Seconds into the track. */
  position: number;
  /** Seconds the listener may hear: the track's length, or 25 for a preview. */
  length: number;
}

/** The parts of an HTMLMediaElement the controller uses. */
export interface MediaElement {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly playbackRate: number;
  readonly error: { code: number } | null;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** Where the data-saver choice is remembered. */
export interface ChoiceStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export interface PlayerDependencies {
  /** POST /api/tracks/{id}/stream. Failures are the caller's to swallow: a lost count is no error for the listener. */
  recordPlay: (trackId: string, event: StreamEvent) => Promise<unknown>;
  /** The audio could not be played (network, format): the player has already closed. */
  onError?: (track: PlayerTrack) => void;
  storage?: ChoiceStore | null;
  /** Stream URL of a track (tests may replace it). */
  sourceOf?: (trackId: string, quality: 'standard' | 'low') => string;
}

export const DATA_SAVER_STORAGE_KEY = 'sauti.player.dataSaver';

/** Playable seconds of a track: all of it, or the preview's 25 (or less, for a shorter track). */
export function playableLength(track: PlayerTrack, mediaDuration = Number.NaN): number {
  const known = Number.isFinite(track.duration) && track.duration > 0 ? track.duration : mediaDuration;
  const length = Number.isFinite(known) && known > 0 ? known : 0;
  if (track.allowFullPlayback) return length;
  return length > 0 ? Math.min(length, PREVIEW_SECONDS) : PREVIEW_SECONDS;
}

/** Where a seek may land: inside the track, and not past 25 s for a preview. */
export function clampSeek(track: PlayerTrack, seconds: number): number {
  if (!Number.isFinite(seconds) || seconds < 0) return 0;
  const limit = track.allowFullPlayback ? (track.duration > 0 ? track.duration : Number.POSITIVE_INFINITY) : PREVIEW_SECONDS;
  return Math.min(seconds, limit);
}

/** A little under 25 s counts as there: timers and timeupdate land a few milliseconds early. */
const LIMIT_TOLERANCE_SECONDS = 0.05;

/**
 * The server's 25-second preview decodes to about 25 s (an encoder's padding adds a frame or two);
 * audio longer than this is the whole song.
 */
export const WHOLE_SONG_MIN_SECONDS = PREVIEW_SECONDS + 1;

/** Whether audio of `mediaDuration` seconds is a preview-only track sent whole (not its 25-second preview). */
export function isWholeSong(mediaDuration: number): boolean {
  return Number.isFinite(mediaDuration) && mediaDuration > WHOLE_SONG_MIN_SECONDS;
}

const MEDIA_EVENTS = ['play', 'pause', 'playing', 'waiting', 'timeupdate', 'seeked', 'ratechange', 'ended', 'error', 'loadedmetadata', 'durationchange'] as const;
type MediaEventName = (typeof MEDIA_EVENTS)[number];

type Listener = () => void;

function readDataSaver(storage: ChoiceStore | null | undefined): boolean {
  try {
    return storage?.getItem(DATA_SAVER_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export class PlayerController {
  private state: PlayerState;
  private time: PlayerTime = { position: 0, length: 0 };
  private media: MediaElement | null = null;
  private readonly listeners = new Set<Listener>();
  private readonly handlers: Record<MediaEventName, () => void>;
  /** Increases with every selection of a (different) track: plays are counted per selection. */
  private selection = 0;
  private countedSelection = -1;
  private previewTimer: ReturnType<typeof setTimeout> | undefined;
  /** After a quality switch, where to resume once the new source knows its length. */
  private resumeAt: number | null = null;

  constructor(private readonly deps: PlayerDependencies) {
    this.state = { track: null, isPlaying: false, isBuffering: false, dataSaver: readDataSaver(deps.storage), previewEnded: null, wholeSong: false };
    this.handlers = {
      play: () => this.update({ isPlaying: true }),
      pause: () => {
        this.clearPreviewTimer();
        this.update({ isPlaying: false, isBuffering: false });
      },
      playing: () => this.update({ isBuffering: false }),
      waiting: () => {
        if (this.state.isPlaying) this.update({ isBuffering: true });
      },
      timeupdate: () => this.onProgress(),
      seeked: () => this.onProgress(),
      ratechange: () => this.schedulePreviewStop(),
      ended: () => this.close(),
      error: () => this.onMediaError(),
      loadedmetadata: () => this.onMetadata(),
      durationchange: () => this.onMetadata(),
    };
  }

  // --- subscription (useSyncExternalStore) -------------------------------------------------

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = (): PlayerState => this.state;

  getTime = (): PlayerTime => this.time;

  private emit() {
    this.listeners.forEach((listener) => listener());
  }

  private update(patch: Partial<PlayerState>) {
    const next = { ...this.state, ...patch };
    if ((Object.keys(patch) as (keyof PlayerState)[]).every((key) => next[key] === this.state[key])) return;
    this.state = next;
    this.emit();
  }

  private setTime(time: PlayerTime) {
    if (time.position === this.time.position && time.length === this.time.length) return;
    this.time = time;
    this.emit();
  }

  // --- the element ------------------------------------------------------------------------

  attach(media: MediaElement) {
    if (this.media === media) return;
    this.detach();
    this.media = media;
    for (const name of MEDIA_EVENTS) media.addEventListener(name, this.handlers[name]);
  }

  /** Stops playback and lets go of the element. */
  detach() {
    const media = this.media;
    if (!media) return;
    this.close();
    for (const name of MEDIA_EVENTS) media.removeEventListener(name, this.handlers[name]);
    this.media = null;
  }

  // --- what the listener does ---------------------------------------------------------------

  /** The spec's selection: toggles the current track, plays another, or (null) closes. */
  select(track: PlayerTrack | null) {
    if (!track) {
      this.close();
      return;
    }
    if (this.state.track?.id === track.id) {
      this.toggle();
      return;
    }
    this.selection += 1;
    this.resumeAt = null;
    this.clearPreviewTimer();
    this.state = { ...this.state, track, isPlaying: true, isBuffering: true, previewEnded: null, wholeSong: false };
    this.time = { position: 0, length: playableLength(track) };
    this.emit();
    const media = this.media;
    if (!media) return;
    media.src = this.sourceOf(track.id);
    this.startPlayback(media);
  }

  toggle() {
    const media = this.media;
    if (!this.state.track || !media) return;
    if (this.state.isPlaying) {
      media.pause();
      this.update({ isPlaying: false, isBuffering: false });
    } else {
      this.update({ isPlaying: true });
      this.startPlayback(media);
    }
  }

  /** Moves the playhead; a preview never goes past 25 s (and reaching it ends the preview). */
  seek(seconds: number) {
    const media = this.media;
    const track = this.state.track;
    if (!track || !media) return;
    const target = clampSeek(this.rulesOf(track), seconds);
    this.resumeAt = null;
    media.currentTime = target;
    this.onProgress(target);
  }

  /** Stops, forgets the source (no more bytes fetched) and hides the player (or, after a preview, says it ended). */
  close(previewEnded: PlayerTrack | null = null) {
    this.clearPreviewTimer();
    this.resumeAt = null;
    const media = this.media;
    const changed = this.state.track !== null || this.state.previewEnded !== previewEnded;
    this.state = { ...this.state, track: null, isPlaying: false, isBuffering: false, previewEnded, wholeSong: false };
    this.time = { position: 0, length: 0 };
    if (media) {
      media.pause();
      media.removeAttribute('src');
      // With no source, load() aborts any download in flight and empties the element.
      media.load();
    }
    if (changed) this.emit();
  }

  /** Remembers the listener's choice and, mid-track, carries on from the same second. */
  setDataSaver(on: boolean) {
    if (on === this.state.dataSaver) return;
    try {
      this.deps.storage?.setItem(DATA_SAVER_STORAGE_KEY, on ? '1' : '0');
    } catch {
      // Storage full or disabled: the choice lasts for this visit only.
    }
    this.update({ dataSaver: on });
    const media = this.media;
    const track = this.state.track;
    if (!media || !track) return;
    const position = media.currentTime;
    const wasPlaying = this.state.isPlaying;
    media.src = this.sourceOf(track.id);
    this.resumeAt = position;
    if (wasPlaying) this.startPlayback(media);
  }

  /**
   * The catalogue changed (an edit, a deletion). The current track takes its new details (a
   * switch to preview applies at once); if it is gone, the player closes.
   */
  sync(tracks: readonly PlayerTrack[]) {
    const current = this.state.track;
    if (!current) {
      const ended = this.state.previewEnded;
      if (ended && !tracks.some((track) => track.id === ended.id)) this.close();
      return;
    }
    const fresh = tracks.find((track) => track.id === current.id);
    if (!fresh) {
      this.close();
      return;
    }
    if (
      fresh.trackName === current.trackName &&
      fresh.artistName === current.artistName &&
      fresh.allowFullPlayback === current.allowFullPlayback &&
      fresh.duration === current.duration &&
      fresh.coverPhotoFilename === current.coverPhotoFilename &&
      fresh.price === current.price
    ) {
      return;
    }
    // Switched to preview while the whole file plays (the owner, in the dashboard): it plays on.
    const wholeSong = !fresh.allowFullPlayback && isWholeSong(this.media?.duration ?? Number.NaN);
    this.state = { ...this.state, track: { ...fresh }, wholeSong };
    this.time = { ...this.time, length: playableLength(this.rulesOf(fresh), this.media?.duration) };
    this.emit();
    this.onProgress();
  }

  // --- internals --------------------------------------------------------------------------

  /** The track as the rules see it: a preview-only track sent whole plays like a full one. */
  private rulesOf(track: PlayerTrack): PlayerTrack {
    return this.state.wholeSong && !track.allowFullPlayback ? { ...track, allowFullPlayback: true } : track;
  }

  private sourceOf(trackId: string): string {
    const quality = this.state.dataSaver ? 'low' : 'standard';
    return (this.deps.sourceOf ?? streamUrl)(trackId, quality);
  }

  private startPlayback(media: MediaElement) {
    const selection = this.selection;
    let started: Promise<void> | undefined;
    try {
      started = media.play();
    } catch {
      started = Promise.reject(new Error('play() failed'));
    }
    void Promise.resolve(started).catch((error: unknown) => {
      // A newer source replaced this one mid-start: nothing failed.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Refused (autoplay rules) or unplayable: the error event, if any, closes the player.
      if (selection === this.selection && this.state.track) this.update({ isPlaying: false, isBuffering: false });
    });
    this.schedulePreviewStop();
  }

  private onMetadata() {
    const media = this.media;
    const track = this.state.track;
    if (!media || !track) return;
    // What the server sent decides: a preview-only track longer than its preview came whole.
    if (!track.allowFullPlayback && Number.isFinite(media.duration) && media.duration > 0) {
      this.update({ wholeSong: isWholeSong(media.duration) });
    }
    const rules = this.rulesOf(track);
    if (this.resumeAt !== null) {
      const resumeAt = this.resumeAt;
      this.resumeAt = null;
      media.currentTime = clampSeek(rules, resumeAt);
    }
    this.setTime({ position: this.time.position, length: playableLength(rules, media.duration) });
    this.schedulePreviewStop();
  }

  private onProgress(position = this.media?.currentTime ?? 0) {
    const track = this.state.track;
    const media = this.media;
    if (!track || !media) return;
    // While a quality switch loads, the new source reports 0: keep showing where we were.
    if (this.resumeAt !== null) return;
    const rules = this.rulesOf(track);
    if (!rules.allowFullPlayback && position >= PREVIEW_SECONDS - LIMIT_TOLERANCE_SECONDS) {
      this.close(track);
      return;
    }
    this.setTime({ position, length: this.time.length || playableLength(rules, media.duration) });
    if (!media.paused && position >= PLAY_COUNT_AFTER_SECONDS && this.countedSelection !== this.selection) {
      this.countedSelection = this.selection;
      const length = playableLength(rules, media.duration) || position;
      const completedPercentage = Math.min(100, Math.round((position / length) * 10_000) / 100);
      this.deps
        .recordPlay(track.id, { duration: Math.round(position * 10) / 10, completedPercentage, streamType: 'play' })
        .catch(() => undefined);
    }
    this.schedulePreviewStop();
  }

  /** timeupdate comes about 4 times a second; a timer stops a preview on the dot. */
  private schedulePreviewStop() {
    this.clearPreviewTimer();
    const track = this.state.track;
    const media = this.media;
    if (!track || this.rulesOf(track).allowFullPlayback || !media || media.paused) return;
    const rate = media.playbackRate > 0 ? media.playbackRate : 1;
    const remainingMs = ((PREVIEW_SECONDS - media.currentTime) / rate) * 1000;
    this.previewTimer = setTimeout(() => this.onProgress(), Math.max(0, remainingMs));
  }

  private clearPreviewTimer() {
    if (this.previewTimer !== undefined) clearTimeout(this.previewTimer);
    this.previewTimer = undefined;
  }

  private onMediaError() {
    const track = this.state.track;
    // An element emptied by close() is not an error of the listener's track.
    if (!track || !this.media?.error) return;
    this.close();
    this.deps.onError?.(track);
  }
}
