import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPhonePointer, phoneFriendlyDownloadUrl, PHONE_POINTER_QUERY } from './download';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the phone-friendly download (issue 16)', () => {
  it('asks for MP3 on phones and leaves the original elsewhere', () => {
    expect(phoneFriendlyDownloadUrl('/api/tracks/t1/download', true)).toBe('/api/tracks/t1/download?format=mp3');
    expect(phoneFriendlyDownloadUrl('/api/albums/a1/download?token=x', true)).toBe('/api/albums/a1/download?token=x&format=mp3');
    expect(phoneFriendlyDownloadUrl('/api/tracks/t1/download', false)).toBe('/api/tracks/t1/download');
    // A format already chosen stays.
    expect(phoneFriendlyDownloadUrl('/api/tracks/t1/download?format=flac', true)).toBe('/api/tracks/t1/download?format=flac');
  });

  it('tells a phone by its coarse pointer, not by the window’s width', () => {
    const matchMedia = vi.fn((query: string) => ({ matches: query === PHONE_POINTER_QUERY }));
    vi.stubGlobal('matchMedia', matchMedia);
    expect(isPhonePointer()).toBe(true);
    expect(matchMedia).toHaveBeenCalledWith('(pointer: coarse)');
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    expect(isPhonePointer()).toBe(false);
    expect(phoneFriendlyDownloadUrl('/api/tracks/t1/download')).toBe('/api/tracks/t1/download');
  });
});
