import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { AlbumDetail, TrackDetail } from '#common/schemas/public';
import { albumEmbedHtml, trackEmbedHtml } from './embed-page';

/** The little of jsdom's DOM these tests touch (the server's compiler has no DOM types, jsdom ships none). */
interface PlayerElement {
  textContent: string | null;
  getAttribute(name: string): string | null;
  click(): void;
  dispatchEvent(event: object): boolean;
}
interface PlayerWindow {
  document: { getElementById(id: string): PlayerElement | null };
  Event: new (type: string) => object;
  HTMLMediaElement: { prototype: { play(): Promise<void>; pause(): void } };
}
const { JSDOM } = createRequire(import.meta.url)('jsdom') as {
  JSDOM: new (html: string, options: { runScripts: 'dangerously'; url: string }) => { window: PlayerWindow };
};

const song = (id: string, trackName: string, allowFullPlayback: boolean) => ({ id, trackName, allowFullPlayback, duration: 180, price: 5000, coverPhotoFilename: null, artistName: 'Nyota' });

const albumDetail = {
  album: { id: 'a1', albumName: 'Siku Moja', artistName: 'Nyota', price: 20000, coverPhotoFilename: null },
  // A preview-only song, then a song anyone may hear in full.
  tracks: [song('t1', 'Asubuhi', false), song('t2', 'Jioni', true)],
} as unknown as AlbumDetail;

/** The player as a browser runs it: its own inline script, with audio that "plays" at once. */
function player(html: string) {
  const { window } = new JSDOM(html, { runScripts: 'dangerously', url: 'https://sauti.test/embed/album/a1' });
  window.HTMLMediaElement.prototype.play = function play(this: PlayerElement) {
    this.dispatchEvent(new window.Event('play'));
    return Promise.resolve();
  };
  window.HTMLMediaElement.prototype.pause = function pause(this: PlayerElement) {
    this.dispatchEvent(new window.Event('pause'));
  };
  const byId = (id: string) => window.document.getElementById(id)!;
  return {
    play: () => byId('p').click(),
    audioEvent: (type: string) => byId('a').dispatchEvent(new window.Event(type)),
    notice: () => byId('m').textContent,
    nowPlaying: () => byId('n').textContent,
    source: () => byId('a').getAttribute('src'),
    playLabel: () => byId('p').getAttribute('aria-label'),
  };
}

describe("the embedded album player's preview notice (issue 33)", () => {
  it('says a preview ended, and stops saying it when the next, full song starts', () => {
    const embed = player(albumEmbedHtml(albumDetail, 'https://sauti.test/album/a1'));
    expect(embed.notice()).toBe('2 songs');
    embed.play();
    embed.audioEvent('playing');
    expect(embed.source()).toBe('/api/tracks/t1/stream');
    expect(embed.playLabel()).toBe('Pause');

    embed.audioEvent('ended');
    expect(embed.notice()).toBe('Preview ended: Buy to hear it all');
    // The next song is asked for; the notice stays until it actually plays.
    expect(embed.source()).toBe('/api/tracks/t2/stream');
    expect(embed.nowPlaying()).toBe('Jioni');
    embed.audioEvent('playing');
    expect(embed.notice()).toBe('2 songs');
  });

  it("stays after the last song's preview, and speaks the page's language", () => {
    const trackDetail = { track: song('t1', 'Asubuhi', false) } as unknown as TrackDetail;
    const embed = player(trackEmbedHtml(trackDetail, 'https://sauti.test/track/t1', 'sw'));
    expect(embed.playLabel()).toBe('Cheza');
    embed.play();
    embed.audioEvent('playing');
    expect(embed.playLabel()).toBe('Sitisha');
    embed.audioEvent('ended');
    embed.audioEvent('pause');
    expect(embed.notice()).toBe('Kionjo kimekwisha: nunua usikilize wimbo wote');
    expect(embed.playLabel()).toBe('Cheza');
  });
});
