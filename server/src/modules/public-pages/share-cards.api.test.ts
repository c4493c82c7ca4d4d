import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Album, Track } from '#common/schemas/catalog/responses';
import { trackDetailSchema } from '#common/schemas/public';
import { tracks, users } from '../../db/schema';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { CatalogTestApp } from '../../../test/support/catalog-app';
import { mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';
import { PRIVATE_WORDS, PUBLIC_TRACK_KEYS } from './public-read.fixture';

describe('albums on track pages, album covers for their songs, and share cards (issue 17)', () => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  let nyota: TestArtist;
  /** On the album, no cover of its own. */
  let bare: Track;
  /** On the album, with its own cover. */
  let covered: Track;
  /** Not on any album, no cover. */
  let single: Track;
  let album: Album;

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  /** A PNG's width and height, from its IHDR chunk (the first, right after the signature). */
  const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

  beforeAll(async () => {
    media = await mediaFixtures();
    t = await CatalogTestApp.start('local');
    nyota = await createArtist(t.app, 'Nyota Ndogo');
    const upload = (trackName: string, cover: boolean) =>
      t.uploadTrack(
        nyota,
        media.mp3Short,
        { trackName, artistName: 'Nyota Ndogo', genre: 'taarab' },
        cover ? [{ field: 'coverPhoto', path: media.coverJpg }] : [],
      );
    bare = await upload('Kuna Watu', false);
    covered = await upload('Watu na Viatu', true);
    single = await upload('Chereko', false);
    const created = await t.sendForm(
      'POST',
      '/api/albums',
      { fields: { albumName: 'Nyota Gold', price: '0', selectedSongs: JSON.stringify([bare.id, covered.id]) }, files: [{ field: 'coverPhoto', path: media.coverPng }] },
      nyota.cookie,
    );
    expect(created.status).toBe(201);
    album = created.body;
    expect(album.coverPhotoFilename).toMatch(/\.png$/);
  });
  afterAll(async () => t?.close());

  it('names the album a track is on, and more from its artist, newest first', async () => {
    const detail = trackDetailSchema.parse((await get(`/api/track-detail/${bare.id}`)).json());
    expect(detail.album).toEqual({ id: album.id, albumName: 'Nyota Gold', coverPhotoFilename: album.coverPhotoFilename });
    expect(detail.moreFromArtist.map((track) => track.trackName)).toEqual(['Chereko', 'Watu na Viatu']);
    for (const track of detail.moreFromArtist) expect(Object.keys(track).sort()).toEqual(PUBLIC_TRACK_KEYS);
    const alone = trackDetailSchema.parse((await get(`/api/track-detail/${single.id}`)).json());
    expect(alone.album).toBeNull();
    expect(alone.moreFromArtist.map((track) => track.id)).toEqual([covered.id, bare.id]);
    await expectNothingPrivateIn(JSON.stringify(detail));
  });

  it("shows a song without its own cover with its album's, in every public answer; a song's own cover stays its own", async () => {
    const albumCover = album.coverPhotoFilename;
    const ownCover = covered.coverPhotoFilename;
    expect(ownCover).toMatch(/\.jpg$/);
    const coverOf = (list: { id: string; coverPhotoFilename: string | null }[], id: string) => list.find((track) => track.id === id)?.coverPhotoFilename;

    const detail = (await get(`/api/track-detail/${bare.id}`)).json();
    expect(detail.track.coverPhotoFilename).toBe(albumCover);
    expect((await get(`/api/track-detail/${covered.id}`)).json().track.coverPhotoFilename).toBe(ownCover);
    expect(coverOf((await get(`/api/track-detail/${single.id}`)).json().moreFromArtist, bare.id)).toBe(albumCover);

    const profile = (await get(`/api/profile/${nyota.id}`)).json();
    expect(coverOf(profile.tracks, bare.id)).toBe(albumCover);
    expect(coverOf(profile.tracks, covered.id)).toBe(ownCover);
    expect(coverOf(profile.tracks, single.id)).toBeNull();
    expect(coverOf(profile.albums[0].tracks, bare.id)).toBe(albumCover);
    expect(coverOf((await get(`/api/album-detail/${album.id}`)).json().tracks, bare.id)).toBe(albumCover);

    const search = (await get('/api/search?q=kuna%20watu&limit=10')).json();
    expect(coverOf(search.tracks, bare.id)).toBe(albumCover);
    const genre = (await get('/api/genres/taarab/tracks')).json();
    expect(coverOf(genre.tracks, bare.id)).toBe(albumCover);
    expect(coverOf(genre.tracks, covered.id)).toBe(ownCover);

    // The thumbnail behind that name is the album's, and it is the versioned (immutable) one.
    const thumbnail = await get(`/api/tracks/${bare.id}/cover?size=96&format=jpeg&v=${albumCover}`);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/jpeg');
    expect(thumbnail.headers['cache-control']).toContain('immutable');
    const albumThumbnail = await get(`/api/albums/${album.id}/cover?size=96&format=jpeg`);
    expect(thumbnail.headers.etag).toBe(albumThumbnail.headers.etag);
    expect((await get(`/api/tracks/${single.id}/cover?size=96`)).statusCode).toBe(404);
  });

  it.each([
    ['track', () => bare.id],
    ['album', () => album.id],
    ['profile', () => nyota.id],
  ])('draws the %s card as a 1200x630 PNG, cacheable, revalidated by its ETag', async (kind, id) => {
    const response = await get(`/api/cards/${kind}/${id()}.png`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
    expect(response.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(response.rawPayload.length).toBeLessThan(100_000);
    const etag = response.headers.etag as string;
    expect(etag).toMatch(/^"card-[\w-]+"$/);
    const again = await get(`/api/cards/${kind}/${id()}.png`, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('draws the site card, and a new card when a name changes', async () => {
    const site = await get('/api/cards/site.png');
    expect(site.statusCode).toBe(200);
    expect(site.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    expect(pngSize(site.rawPayload)).toEqual({ width: 1200, height: 630 });

    const before = (await get(`/api/cards/track/${single.id}.png`)).headers.etag;
    await t.app.database.db.update(tracks).set({ trackName: 'Chereko (Remix)' }).where(eq(tracks.id, single.id));
    const after = await get(`/api/cards/track/${single.id}.png`, { 'if-none-match': before as string });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before);
  });

  it('draws a card in the language asked for (?lang=, the cookie), varying on what chooses it (decision 049)', async () => {
    const english = await get(`/api/cards/track/${single.id}.png`);
    const kiswahili = await get(`/api/cards/track/${single.id}.png?lang=sw`);
    expect(kiswahili.statusCode).toBe(200);
    expect(kiswahili.headers.vary).toContain('Accept-Language');
    expect(kiswahili.headers.etag).not.toBe(english.headers.etag);
    expect((await get(`/api/cards/track/${single.id}.png`, { cookie: 'lang=sw' })).headers.etag).toBe(kiswahili.headers.etag);
    expect((await get('/api/cards/site.png?lang=sw')).headers.etag).not.toBe((await get('/api/cards/site.png')).headers.etag);
  });

  it('draws names no font can show, and names that try to break out of the drawing, without an error', async () => {
    for (const trackName of ['🎵🎶🔥', '</text><script>alert(1)</script> & "x"', 'ملكة الطرب', 'x'.repeat(100), 'Ω']) {
      await t.app.database.db.update(tracks).set({ trackName }).where(eq(tracks.id, single.id));
      const response = await get(`/api/cards/track/${single.id}.png`);
      expect(response.statusCode, trackName).toBe(200);
      expect(response.rawPayload.subarray(0, 8)).toEqual(PNG_SIGNATURE);
    }
  });

  it('answers 404 for an unknown item, a malformed address and an artist without a public page, never a 500', async () => {
    const hidden = await createArtist(t.app, 'Not Verified');
    await t.app.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, hidden.id));
    const hiddenTrack = await t.uploadTrack(hidden, media.mp3Short, { trackName: 'Hidden' });
    expect((await get(`/api/profile/${hidden.id}`)).statusCode).toBe(404);
    for (const url of [
      `/api/cards/track/${randomUUID()}.png`,
      `/api/cards/album/${randomUUID()}.png`,
      `/api/cards/profile/${randomUUID()}.png`,
      `/api/cards/profile/${hidden.id}.png`,
      `/api/cards/album/${bare.id}.png`,
      `/api/cards/track/${album.id}.png`,
      `/api/cards/track/${bare.id}`,
      `/api/cards/track/${bare.id}.jpg`,
      `/api/cards/user/${nyota.id}.png`,
      '/api/cards/track/not-a-uuid.png',
      '/api/cards/track/.png',
      '/api/cards/track/%00.png',
      `/api/cards/track/${'x'.repeat(300)}.png`,
      '/api/cards/track/%E0%A4%A.png',
    ]) {
      const response = await get(url);
      expect([400, 404], url).toContain(response.statusCode);
    }
    // A track is public as its page is: the card follows the track-detail read.
    expect((await get(`/api/track-detail/${hiddenTrack.id}`)).statusCode).toBe((await get(`/api/cards/track/${hiddenTrack.id}.png`)).statusCode);
  });

  async function expectNothingPrivateIn(body: string) {
    for (const word of PRIVATE_WORDS) expect(body).not.toContain(word);
  }
});
