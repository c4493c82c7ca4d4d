import { describe, expect, it } from 'vitest';
import { downloadFormatQuerySchema, downloadFormatsFor, downloadOptionsFor, isLosslessAudio } from './playback';

describe('download formats', () => {
  it('offers FLAC only when every original is lossless', () => {
    expect(isLosslessAudio('audio/wav')).toBe(true);
    expect(isLosslessAudio('audio/flac')).toBe(true);
    expect(isLosslessAudio('audio/mpeg')).toBe(false);
    expect(isLosslessAudio('audio/mp4')).toBe(false);
    expect(downloadFormatsFor(['audio/wav'])).toEqual(['original', 'mp3', 'flac']);
    expect(downloadFormatsFor(['audio/wav', 'audio/mpeg'])).toEqual(['original', 'mp3']);
    expect(downloadFormatsFor([])).toEqual(['original', 'mp3']);
  });

  it('takes original, mp3 or flac (original by default) and nothing else', () => {
    expect(downloadFormatQuerySchema.parse({}).format).toBe('original');
    expect(downloadFormatQuerySchema.parse({ format: 'mp3', token: 'abc' })).toEqual({ format: 'mp3', token: 'abc' });
    for (const format of ['MP3', 'ogg', '../flac', '', ['mp3', 'flac']]) expect(downloadFormatQuerySchema.safeParse({ format }).success).toBe(false);
  });
});

describe('download sizes', () => {
  const wav = { fileSize: 52_000_000, mimeType: 'audio/wav', duration: 240, made: {} };
  const mp3 = { fileSize: 4_000_000, mimeType: 'audio/mpeg', duration: 200, made: {} };

  it('says the original exactly and estimates what is not made yet: MP3 at 40,000 bytes a second plus tags, FLAC at 60% of a WAV', () => {
    expect(downloadOptionsFor('track', [wav])).toEqual([
      { format: 'original', bytes: 52_000_000, approximate: false },
      { format: 'mp3', bytes: 240 * 40_000 + 64 * 1024, approximate: true },
      { format: 'flac', bytes: 31_200_000, approximate: true },
    ]);
    expect(downloadOptionsFor('track', [{ ...mp3, mimeType: 'audio/flac', fileSize: 30_000_000 }])[2]).toEqual({ format: 'flac', bytes: 30_000_000, approximate: true });
  });

  it("estimates an MP3 original's MP3 from the original's own size: it is re-tagged, not encoded at 320 kb/s (issue 33)", () => {
    // 4,000,000 bytes for 200 s is 160 kb/s: 320 kb/s would have said 8,065,536.
    expect(downloadOptionsFor('track', [mp3])).toEqual([
      { format: 'original', bytes: 4_000_000, approximate: false },
      { format: 'mp3', bytes: 4_000_000 + 64 * 1024, approximate: true },
    ]);
  });

  it('reads the exact size of a format once made', () => {
    expect(downloadOptionsFor('track', [{ ...wav, made: { mp3: 9_600_123, flac: 30_000_001 } }])).toEqual([
      { format: 'original', bytes: 52_000_000, approximate: false },
      { format: 'mp3', bytes: 9_600_123, approximate: false },
      { format: 'flac', bytes: 30_000_001, approximate: false },
    ]);
  });

  it('adds up an album (its cover in the original ZIP), always approximate, FLAC only when every song is lossless', () => {
    expect(downloadOptionsFor('album', [wav, { ...mp3, made: { mp3: 5_000_000 } }], 1_000)).toEqual([
      { format: 'original', bytes: 56_001_000, approximate: true },
      { format: 'mp3', bytes: 240 * 40_000 + 64 * 1024 + 5_000_000, approximate: true },
    ]);
    expect(downloadOptionsFor('album', [])).toEqual([]);
  });
});
