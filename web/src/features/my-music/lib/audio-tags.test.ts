import { describe, expect, it } from 'vitest';
import { readAudioTags } from './audio-tags';

/** An ID3v2.3 tag with text frames (ISO-8859-1), followed by one silent MPEG-1 Layer III frame. */
function mp3WithTags(frames: Record<string, string>): Blob {
  const encoder = new TextEncoder();
  const bodies = Object.entries(frames).map(([id, text]) => {
    const content = new Uint8Array([0, ...encoder.encode(text)]);
    const header = new Uint8Array(10);
    header.set(encoder.encode(id), 0);
    new DataView(header.buffer).setUint32(4, content.length);
    return [header, content];
  });
  const size = bodies.reduce((sum, [header, content]) => sum + header!.length + content!.length, 0);
  const tagHeader = new Uint8Array([0x49, 0x44, 0x33, 3, 0, 0, (size >> 21) & 0x7f, (size >> 14) & 0x7f, (size >> 7) & 0x7f, size & 0x7f]);
  const frame = new Uint8Array(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return new Blob([tagHeader, ...bodies.flat(), frame, frame], { type: 'audio/mpeg' });
}

describe('readAudioTags', () => {
  it("reads an MP3's title and artist", async () => {
    expect(await readAudioTags(mp3WithTags({ TIT2: 'Usiku Mwema', TPE1: 'Wanjiru Kamau' }))).toEqual({ title: 'Usiku Mwema', artist: 'Wanjiru Kamau' });
  });

  it('gives nothing for a file without tags or one it cannot read', async () => {
    expect(await readAudioTags(mp3WithTags({}))).toEqual({ title: undefined, artist: undefined });
    expect(await readAudioTags(new Blob(['not audio at all'], { type: 'audio/mpeg' }))).toEqual({});
  });

  it('drops control characters and blank tags', async () => {
    expect(await readAudioTags(mp3WithTags({ TIT2: '  Jua\u0007 ', TPE1: '   ' }))).toEqual({ title: 'Jua', artist: undefined });
  });
});
