import { describe, expect, it } from 'vitest';
import { downloadFormatArgs, tagsFingerprint } from './download-formats';

describe('download format arguments', () => {
  const tags = { title: 'Jioni; -y /etc/passwd', artist: 'Wanjiru', album: null };

  it('re-tags an MP3 original without re-encoding, and encodes anything else at 320 kb/s', () => {
    expect(downloadFormatArgs({ path: '/in.mp3', mimeType: 'audio/mpeg' }, null, '/out.mp3', 'mp3', tags)).toEqual(expect.arrayContaining(['-c:a', 'copy']));
    const wav = downloadFormatArgs({ path: '/in.wav', mimeType: 'audio/wav' }, '/cover.jpg', '/out.mp3', 'mp3', tags);
    expect(wav.join(' ')).toContain('-c:a libmp3lame -b:a 320k');
    expect(wav.join(' ')).toContain('-disposition:v:0 attached_pic');
    // A title is one argument, whatever it holds: nothing in it becomes an option.
    expect(wav).toContain('title=Jioni; -y /etc/passwd');
    expect(wav.at(-1)).toBe('/out.mp3');
  });

  it('changes the fingerprint with the title, artist, album or cover, and only with them', () => {
    const base = tagsFingerprint(tags, 'covers/a/640.jpg');
    expect(tagsFingerprint({ ...tags }, 'covers/a/640.jpg')).toBe(base);
    expect(tagsFingerprint({ ...tags, title: 'Other' }, 'covers/a/640.jpg')).not.toBe(base);
    expect(tagsFingerprint({ ...tags, album: 'Siku' }, 'covers/a/640.jpg')).not.toBe(base);
    expect(tagsFingerprint(tags, null)).not.toBe(base);
    expect(base).toMatch(/^[a-z0-9]{12}$/);
  });
});
