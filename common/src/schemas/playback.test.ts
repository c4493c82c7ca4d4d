import { describe, expect, it } from 'vitest';
import { downloadFormatQuerySchema, downloadFormatsFor, isLosslessAudio } from './playback';

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
