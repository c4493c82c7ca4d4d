import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATA_SAVER_STORAGE_KEY, PlayerController, clampSeek, isWholeSong, playableLength, type MediaElement, type PlayerTrack } from './player-controller';

/**
 * A stand-in for <audio>: it records what the controller asks of it, and the test plays the
 * browser's part by moving the playhead and firing the media events.
 */
class FakeMedia implements MediaElement {
  src = '';
  /** Every playhead position the controller asked for. */
  readonly seeks: number[] = [];
  private time = 0;
  get currentTime() {
    return this.time;
  }
  set currentTime(seconds: number) {
    this.seeks.push(seconds);
    this.time = seconds;
  }
  duration = Number.NaN;
  paused = true;
  playbackRate = 1;
  error: { code: number } | null = null;
  loads = 0;
  playResult: () => Promise<void> = () => Promise.resolve();
  private readonly listeners = new Map<string, Set<() => void>>();

  play() {
    this.paused = false;
    this.fire('play');
    return this.playResult();
  }
  pause() {
    if (this.paused) return;
    this.paused = true;
    this.fire('pause');
  }
  load() {
    this.loads += 1;
    this.time = 0;
  }
  removeAttribute(name: string) {
    if (name === 'src') this.src = '';
  }
  addEventListener(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  fire(type: string) {
    this.listeners.get(type)?.forEach((listener) => listener());
  }
  /** The browser playing on to `seconds`. */
  advanceTo(seconds: number) {
    this.time = seconds;
    this.fire('timeupdate');
  }
  /** The playhead moves, but no event says so yet. */
  moveSilentlyTo(seconds: number) {
    this.time = seconds;
  }
  listenerCount() {
    return [...this.listeners.values()].reduce((sum, set) => sum + set.size, 0);
  }
}

const FULL: PlayerTrack = { id: 'full', trackName: 'Sunrise', artistName: 'Amani', duration: 180, allowFullPlayback: true };
const OTHER: PlayerTrack = { id: 'other', trackName: 'Dusk', artistName: 'Amani', duration: 120, allowFullPlayback: true };
const PREVIEW: PlayerTrack = { id: 'preview', trackName: 'Teaser', artistName: 'Amani', duration: 40, allowFullPlayback: false };

function memoryStorage(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), values };
}

function setup(options: { storage?: ReturnType<typeof memoryStorage> } = {}) {
  const media = new FakeMedia();
  const recordPlay = vi.fn().mockResolvedValue({ counted: true, streamCount: 1 });
  const onError = vi.fn();
  const storage = options.storage ?? memoryStorage();
  const player = new PlayerController({ recordPlay, onError, storage, sourceOf: (id, quality) => `/stream/${id}/${quality}` });
  player.attach(media);
  return { media, player, recordPlay, onError, storage };
}

describe('PlayerController: selection (spec section 4)', () => {
  it('fetches nothing until a track is selected, then plays it', () => {
    const { media, player } = setup();
    expect(media.src).toBe('');
    expect(player.getState()).toMatchObject({ track: null, isPlaying: false });

    player.select(FULL);
    expect(media.src).toBe('/stream/full/standard');
    expect(media.paused).toBe(false);
    expect(player.getState()).toMatchObject({ track: FULL, isPlaying: true });
    expect(player.getTime()).toEqual({ position: 0, length: 180 });
  });

  it('toggles play/pause when the current track is selected again', () => {
    const { media, player } = setup();
    player.select(FULL);
    player.select(FULL);
    expect(media.paused).toBe(true);
    expect(player.getState()).toMatchObject({ track: FULL, isPlaying: false });
    player.select(FULL);
    expect(media.paused).toBe(false);
    expect(player.getState().isPlaying).toBe(true);
    // Same source all along: a toggle does not restart the track.
    expect(media.src).toBe('/stream/full/standard');
  });

  it('makes another track current and playing from its start', () => {
    const { media, player } = setup();
    player.select(FULL);
    media.advanceTo(30);
    player.select(OTHER);
    expect(media.src).toBe('/stream/other/standard');
    expect(player.getState()).toMatchObject({ track: OTHER, isPlaying: true });
    expect(player.getTime().position).toBe(0);
  });

  it('closes when nothing is selected, and lets go of the source', () => {
    const { media, player } = setup();
    player.select(FULL);
    player.select(null);
    expect(player.getState()).toMatchObject({ track: null, isPlaying: false });
    expect(media.src).toBe('');
    expect(media.paused).toBe(true);
    expect(media.loads).toBeGreaterThan(0);
  });

  it('follows the element when the browser pauses on its own (headset unplugged)', () => {
    const { media, player } = setup();
    player.select(FULL);
    media.pause();
    expect(player.getState().isPlaying).toBe(false);
  });

  it('shows paused when the browser refuses to start', async () => {
    const { media, player } = setup();
    media.playResult = () => Promise.reject(new DOMException('no gesture', 'NotAllowedError'));
    player.select(FULL);
    await vi.waitFor(() => expect(player.getState().isPlaying).toBe(false));
    expect(player.getState().track).toEqual(FULL);
  });

  it('notifies subscribers of changes, and stops when unsubscribed', () => {
    const { player } = setup();
    const listener = vi.fn();
    const unsubscribe = player.subscribe(listener);
    player.select(FULL);
    expect(listener).toHaveBeenCalled();
    unsubscribe();
    listener.mockClear();
    player.select(FULL);
    expect(listener).not.toHaveBeenCalled();
  });
});

describe('PlayerController: the end of playback', () => {
  it('closes at the end of a track', () => {
    const { media, player } = setup();
    player.select(FULL);
    media.advanceTo(180);
    media.fire('ended');
    expect(player.getState().track).toBeNull();
    expect(media.src).toBe('');
  });

  it('closes on an audio error and says so', () => {
    const { media, player, onError } = setup();
    player.select(FULL);
    media.error = { code: 2 };
    media.fire('error');
    expect(player.getState().track).toBeNull();
    expect(onError).toHaveBeenCalledWith(FULL);
  });

  it('ignores the error event of an emptied element', () => {
    const { media, player, onError } = setup();
    player.select(FULL);
    player.close();
    media.error = { code: 4 };
    media.fire('error');
    expect(onError).not.toHaveBeenCalled();
  });

  it('releases the element when detached', () => {
    const { media, player } = setup();
    player.select(FULL);
    player.detach();
    expect(media.listenerCount()).toBe(0);
    expect(media.src).toBe('');
    expect(player.getState().track).toBeNull();
  });
});

describe('PlayerController: preview tracks (allowFullPlayback false)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('offers 25 seconds, and stops and closes when playback reaches them', () => {
    const { media, player } = setup();
    player.select(PREVIEW);
    expect(player.getTime().length).toBe(25);
    media.advanceTo(24.7);
    expect(player.getState().track).toEqual(PREVIEW);
    media.advanceTo(25.1);
    expect(player.getState().track).toBeNull();
    expect(media.paused).toBe(true);
    expect(media.src).toBe('');
    // The bar says the preview ended until the listener closes it.
    expect(player.getState().previewEnded).toEqual(PREVIEW);
    player.close();
    expect(player.getState().previewEnded).toBeNull();
  });

  it('forgets the ended preview when a track is selected, and when the track is gone', () => {
    const { media, player } = setup();
    player.select(PREVIEW);
    player.seek(25);
    expect(player.getState().previewEnded).toEqual(PREVIEW);
    player.select(PREVIEW);
    expect(player.getState()).toMatchObject({ track: PREVIEW, isPlaying: true, previewEnded: null });
    expect(media.src).toBe('/stream/preview/standard');
    player.seek(30);
    player.sync([FULL]);
    expect(player.getState().previewEnded).toBeNull();
  });

  it('does not say a preview ended for a full track, or for one closed by the listener', () => {
    const { media, player } = setup();
    player.select(FULL);
    media.advanceTo(60);
    media.fire('ended');
    expect(player.getState().previewEnded).toBeNull();
    player.select(PREVIEW);
    media.advanceTo(10);
    player.close();
    expect(player.getState().previewEnded).toBeNull();
  });

  it('stops on time even between timeupdate events', () => {
    const { media, player } = setup();
    player.select(PREVIEW);
    media.advanceTo(24);
    // The browser plays on for a second without a timeupdate.
    media.moveSilentlyTo(25);
    vi.advanceTimersByTime(999);
    expect(player.getState().track).toEqual(PREVIEW);
    vi.advanceTimersByTime(1);
    expect(player.getState().track).toBeNull();
  });

  it('clamps a seek beyond 25 s to 25 s, which ends the preview', () => {
    const { media, player } = setup();
    player.select(PREVIEW);
    player.seek(35);
    expect(media.seeks).toEqual([25]);
    expect(player.getState().track).toBeNull();
  });

  it('lets a seek inside the preview through', () => {
    const { media, player } = setup();
    player.select(PREVIEW);
    player.seek(12);
    expect(media.currentTime).toBe(12);
    expect(player.getTime().position).toBe(12);
    expect(player.getState().track).toEqual(PREVIEW);
  });

  it('applies at once when the artist switches the current track to preview', () => {
    const { media, player } = setup();
    player.select(FULL);
    media.advanceTo(60);
    player.sync([{ ...FULL, allowFullPlayback: false }]);
    expect(player.getState().track).toBeNull();
  });

  it('a short preview-only track is as long as it is', () => {
    expect(playableLength({ ...PREVIEW, duration: 12 })).toBe(12);
    expect(playableLength({ ...PREVIEW, duration: 0 })).toBe(25);
    expect(playableLength({ ...FULL, duration: 0 }, 95.5)).toBe(95.5);
    expect(clampSeek(FULL, 500)).toBe(180);
    expect(clampSeek(FULL, -3)).toBe(0);
    expect(clampSeek(PREVIEW, 30)).toBe(25);
  });
});

describe('PlayerController: a preview-only track the server sent whole (its owner, a buyer)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('plays past 25 s to the end once the audio turns out longer than the preview', () => {
    const { media, player, recordPlay } = setup();
    player.select(PREVIEW);
    media.duration = 40;
    media.fire('loadedmetadata');
    expect(player.getState().wholeSong).toBe(true);
    expect(player.getTime().length).toBe(40);
    // No timer stops it at 25 s, and no timeupdate past 25 s closes it.
    media.advanceTo(10);
    vi.advanceTimersByTime(20_000);
    media.advanceTo(30);
    expect(player.getState()).toMatchObject({ track: PREVIEW, isPlaying: true, previewEnded: null });
    expect(player.getTime().position).toBe(30);
    // A seek past 25 s lands where it was asked.
    player.seek(35);
    expect(media.seeks.at(-1)).toBe(35);
    expect(recordPlay).toHaveBeenCalledWith('preview', { duration: 10, completedPercentage: 25, streamType: 'play' });
    // The end of the song closes the player without saying a preview ended.
    media.advanceTo(40);
    media.fire('ended');
    expect(player.getState()).toMatchObject({ track: null, previewEnded: null, wholeSong: false });
  });

  it('keeps the 25-second preview when the audio is the preview', () => {
    const { media, player } = setup();
    player.select(PREVIEW);
    media.duration = 25.05;
    media.fire('loadedmetadata');
    expect(player.getState().wholeSong).toBe(false);
    media.advanceTo(25.1);
    expect(player.getState()).toMatchObject({ track: null, previewEnded: PREVIEW });
  });

  it('decides again for each selection', () => {
    const { media, player } = setup();
    player.select(PREVIEW);
    media.duration = 40;
    media.fire('durationchange');
    expect(player.getState().wholeSong).toBe(true);
    player.select(FULL);
    expect(player.getState().wholeSong).toBe(false);
    player.select({ ...PREVIEW, id: 'preview-2' });
    media.duration = Number.NaN;
    media.fire('durationchange');
    expect(player.getState().wholeSong).toBe(false);
    media.advanceTo(25);
    expect(player.getState().previewEnded).toMatchObject({ id: 'preview-2' });
  });

  it('plays on when the owner switches the whole song playing to preview', () => {
    const { media, player } = setup();
    player.select(FULL);
    media.duration = 180;
    media.fire('loadedmetadata');
    media.advanceTo(60);
    player.sync([{ ...FULL, allowFullPlayback: false }]);
    expect(player.getState()).toMatchObject({ track: { id: 'full', allowFullPlayback: false }, wholeSong: true, isPlaying: true });
  });

  it('isWholeSong: clearly longer than the preview', () => {
    expect(isWholeSong(25)).toBe(false);
    expect(isWholeSong(25.9)).toBe(false);
    expect(isWholeSong(26.5)).toBe(true);
    expect(isWholeSong(Number.NaN)).toBe(false);
    expect(isWholeSong(Number.POSITIVE_INFINITY)).toBe(false);
  });
});

describe('PlayerController: counting plays (once per selection, at 5 s)', () => {
  it('records one play when playback first reaches 5 seconds', () => {
    const { media, player, recordPlay } = setup();
    player.select(FULL);
    media.advanceTo(4.9);
    expect(recordPlay).not.toHaveBeenCalled();
    media.advanceTo(5.1);
    media.advanceTo(6);
    media.advanceTo(30);
    expect(recordPlay).toHaveBeenCalledTimes(1);
    expect(recordPlay).toHaveBeenCalledWith('full', { duration: 5.1, completedPercentage: 2.83, streamType: 'play' });
  });

  it('does not count again for a pause and resume, or a seek back', () => {
    const { media, player, recordPlay } = setup();
    player.select(FULL);
    media.advanceTo(6);
    player.select(FULL);
    player.select(FULL);
    player.seek(0);
    media.advanceTo(7);
    expect(recordPlay).toHaveBeenCalledTimes(1);
  });

  it('counts again after another track was selected in between', () => {
    const { media, player, recordPlay } = setup();
    player.select(FULL);
    media.advanceTo(6);
    player.select(OTHER);
    media.advanceTo(6);
    player.select(FULL);
    media.advanceTo(6);
    expect(recordPlay.mock.calls.map(([id]) => id)).toEqual(['full', 'other', 'full']);
  });

  it('does not count a paused playhead moved past 5 s', () => {
    const { player, recordPlay } = setup();
    player.select(FULL);
    player.select(FULL); // pause
    player.seek(20);
    expect(recordPlay).not.toHaveBeenCalled();
  });

  it('survives a failed count', async () => {
    const { media, player, recordPlay } = setup();
    recordPlay.mockRejectedValueOnce(new Error('offline'));
    player.select(FULL);
    media.advanceTo(5);
    await Promise.resolve();
    expect(player.getState().isPlaying).toBe(true);
  });
});

describe('PlayerController: data saver', () => {
  it('is off by default and remembered once chosen', () => {
    const storage = memoryStorage();
    const { player } = setup({ storage });
    expect(player.getState().dataSaver).toBe(false);
    player.setDataSaver(true);
    expect(storage.values.get(DATA_SAVER_STORAGE_KEY)).toBe('1');
    const again = setup({ storage });
    expect(again.player.getState().dataSaver).toBe(true);
  });

  it('streams the smaller rendition once on', () => {
    const { media, player } = setup({ storage: memoryStorage({ [DATA_SAVER_STORAGE_KEY]: '1' }) });
    player.select(FULL);
    expect(media.src).toBe('/stream/full/low');
  });

  it('switches mid-track and carries on from the same second', () => {
    const { media, player } = setup();
    player.select(FULL);
    media.advanceTo(42);
    player.setDataSaver(true);
    expect(media.src).toBe('/stream/full/low');
    expect(media.paused).toBe(false);
    // The new source starts at 0 until it knows its length: the bar keeps showing 42.
    media.advanceTo(0);
    expect(player.getTime().position).toBe(42);
    media.duration = 180;
    media.fire('loadedmetadata');
    expect(media.currentTime).toBe(42);
  });
});
