import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { trackSchema, type Track } from '#common/schemas/catalog/responses';
import { CATALOG_MESSAGES, STORAGE_QUOTA_BYTES } from '#common/schemas/catalog/rules';
import { trackRenditions, tracks } from '../../db/schema';
import type { TestArtist } from '../../../test/support/artists';
import { catalogAppForBlock, type CatalogTestApp, type FormFile, STORAGE_BACKENDS } from '../../../test/support/catalog-app';
import type { MediaFixtures } from '../../../test/support/media-fixtures';
import { rawUpload } from '../../../test/support/raw-upload';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

describe.each(STORAGE_BACKENDS)('tracks, with %s storage', (backend) => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  catalogAppForBlock(backend, (app, fixtures) => ((t = app), (media = fixtures)));
  afterEach(() => vi.restoreAllMocks());

  const uploadMp3 = (artist: TestArtist, fields: Record<string, string> = {}): Promise<Track> =>
    t.uploadTrack(artist, media.mp3, { trackName: 'Nairobi Nights', ...fields });

  /** POST /api/tracks by Wanjiru with these files, answered as it comes. */
  const postTrack = (artist: TestArtist, trackName: string, files: FormFile[]) =>
    t.sendForm('POST', '/api/tracks', { fields: { trackName, artistName: 'Wanjiru' }, files }, artist.cookie);

  const list = async (artist: TestArtist): Promise<Track[]> => (await t.request('GET', '/api/tracks', { cookie: artist.cookie })).body;

  it('uploads an MP3 with a cover and a price, and lists it with duration, size and price', async () => {
    const artist = await t.artist();
    const response = await t.sendForm(
      'POST',
      '/api/tracks',
      {
        fields: { trackName: ' Nairobi Nights ', artistName: 'Wanjiru', price: '150.50' },
        files: [
          { field: 'audio', path: media.mp3, name: 'nairobi-nights (final).mp3' },
          { field: 'coverPhoto', path: media.coverJpg },
        ],
      },
      artist.cookie,
    );
    expect(response.status).toBe(201);
    const track = trackSchema.parse(response.body);
    expect(track).toMatchObject({
      userId: artist.id,
      trackName: 'Nairobi Nights',
      artistName: 'Wanjiru',
      originalName: 'nairobi-nights (final).mp3',
      fileSize: fs.statSync(media.mp3).size,
      mimeType: 'audio/mpeg',
      price: 15050,
      allowFullPlayback: true,
      albumId: null,
      downloadCount: 0,
      streamCount: 0,
      streamReady: false,
    });
    expect(track.duration).toBeCloseTo(30, 0);
    expect(track.coverPhotoFilename).toMatch(new RegExp(`^${UUID}\\.jpg$`));
    expect(Date.parse(track.uploadedAt)).toBeGreaterThan(Date.now() - 60_000);

    expect(await list(artist)).toEqual([track]);
    expect(await t.storedKeys(`audio/${artist.id}/`)).toEqual([expect.stringMatching(new RegExp(`^audio/${artist.id}/${UUID}\\.mp3$`))]);
    expect(await t.storedKeys(`covers/${artist.id}/`)).toEqual([expect.stringMatching(/\/original\.jpg$/)]);
    expect(t.scratchFiles()).toEqual([]);

    // The media jobs make the stream renditions and the thumbnails.
    await t.app.jobs.drain();
    const [ready] = await list(artist);
    expect(ready!.streamReady).toBe(true);
    expect(await t.storedKeys(`renditions/${track.id}/`)).toHaveLength(2);
    expect(await t.storedKeys(`covers/${artist.id}/`)).toHaveLength(7);
  });

  it('uploads a WAV without cover or price: free and full playback by default', async () => {
    const artist = await t.artist();
    const response = await t.sendForm(
      'POST',
      '/api/tracks',
      { fields: { trackName: 'Mvua', artistName: 'Wanjiru', price: '' }, files: [{ field: 'audio', path: media.wav, type: 'audio/x-wav' }] },
      artist.cookie,
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ mimeType: 'audio/wav', price: 0, allowFullPlayback: true, coverPhotoFilename: null });
    expect(response.body.duration).toBeCloseTo(8, 0);
  });

  it('never builds a storage key from the file name the client sent', async () => {
    const artist = await t.artist();
    const response = await postTrack(artist, 'Sneaky', [{ field: 'audio', path: media.mp3, name: '../../../etc/passwd.wav' }]);
    expect(response.status).toBe(201);
    expect(response.body.originalName).toBe('passwd.wav');
    // The content decides the type and the extension, not the name.
    expect(response.body.mimeType).toBe('audio/mpeg');
    expect(await t.storedKeys(`audio/${artist.id}/`)).toEqual([expect.stringMatching(new RegExp(`^audio/${artist.id}/${UUID}\\.mp3$`))]);
  });

  it('edits a track with multipart or JSON; a field left out keeps its value', async () => {
    const artist = await t.artist();
    const track = await uploadMp3(artist, { price: '99' });
    const edited = await t.sendForm(
      'PATCH',
      `/api/tracks/${track.id}`,
      { fields: { trackName: 'Nairobi Nights (Live)', artistName: 'Wanjiru & Band', price: '250.5', allowFullPlayback: 'true' } },
      artist.cookie,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: track.id, trackName: 'Nairobi Nights (Live)', artistName: 'Wanjiru & Band', price: 25050 });

    const json = await t.request('PATCH', `/api/tracks/${track.id}`, { cookie: artist.cookie, json: { price: '' } });
    expect(json.status).toBe(200);
    expect(json.body).toMatchObject({ trackName: 'Nairobi Nights (Live)', price: 0 });

    const invalid = await t.request('PATCH', `/api/tracks/${track.id}`, { cookie: artist.cookie, json: { trackName: '', price: '-1' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toBe(CATALOG_MESSAGES.trackNameRequired);
    expect(invalid.body.errors).toEqual({ trackName: CATALOG_MESSAGES.trackNameRequired, price: CATALOG_MESSAGES.priceMin });
    expect((await list(artist))[0]).toMatchObject({ trackName: 'Nairobi Nights (Live)', price: 0 });
  });

  it('shows every change in the very next list, though lists are cached between changes', async () => {
    const artist = await t.artist();
    expect(await list(artist)).toEqual([]);
    const track = await uploadMp3(artist);
    expect((await list(artist)).map((item) => [item.id, item.streamReady])).toEqual([[track.id, false]]);
    await t.app.jobs.drain();
    expect((await list(artist))[0]!.streamReady).toBe(true);

    await t.request('PATCH', `/api/tracks/${track.id}`, { cookie: artist.cookie, json: { trackName: 'Renamed' } });
    expect((await list(artist))[0]!.trackName).toBe('Renamed');

    const album = await t.sendForm('POST', '/api/albums', { fields: { albumName: 'Cached', selectedSongs: JSON.stringify([track.id]) } }, artist.cookie);
    expect(album.status).toBe(201);
    const albumId = album.body.id as string;
    expect((await list(artist))[0]!.albumId).toBe(albumId);
    await t.request('DELETE', `/api/albums/${albumId}`, { cookie: artist.cookie });
    expect((await list(artist))[0]!.albumId).toBeNull();

    await t.request('DELETE', `/api/tracks/${track.id}`, { cookie: artist.cookie });
    expect(await list(artist)).toEqual([]);
  });

  it('replaces the cover (an empty one keeps it), removes it, and deletes the old files', async () => {
    const artist = await t.artist();
    const track = await uploadMp3(artist);
    const first = await t.sendForm('PATCH', `/api/tracks/${track.id}`, { files: [{ field: 'coverPhoto', path: media.coverPng }] }, artist.cookie);
    expect(first.status).toBe(200);
    expect(first.body.coverPhotoFilename).toMatch(/\.png$/);
    await t.app.jobs.drain();
    const firstCoverKeys = await t.storedKeys(`covers/${artist.id}/`);
    expect(firstCoverKeys).toHaveLength(7);

    // A browser sends an untouched file input as an empty, nameless part: "keep the current cover".
    const kept = await t.sendForm('PATCH', `/api/tracks/${track.id}`, { fields: { trackName: 'Same cover' } }, artist.cookie);
    expect(kept.body.coverPhotoFilename).toBe(first.body.coverPhotoFilename);
    const emptyPart = await rawUpload(t.baseUrl, {
      method: 'PATCH',
      path: `/api/tracks/${track.id}`,
      cookie: artist.cookie,
      parts: [
        { name: 'trackName', value: 'Same cover' },
        { name: 'coverPhoto', filename: '', contentType: 'application/octet-stream', bytes: 0 },
      ],
    });
    expect(emptyPart.status).toBe(200);
    expect(emptyPart.body.coverPhotoFilename).toBe(first.body.coverPhotoFilename);

    const second = await t.sendForm('PATCH', `/api/tracks/${track.id}`, { files: [{ field: 'coverPhoto', path: media.coverJpg }] }, artist.cookie);
    expect(second.body.coverPhotoFilename).toMatch(/\.jpg$/);
    expect(second.body.coverPhotoFilename).not.toBe(first.body.coverPhotoFilename);
    await t.app.jobs.drain();
    const secondCoverKeys = await t.storedKeys(`covers/${artist.id}/`);
    expect(secondCoverKeys).toHaveLength(7);
    expect(secondCoverKeys.some((key) => firstCoverKeys.includes(key))).toBe(false);

    const removed = await t.request('PATCH', `/api/tracks/${track.id}`, { cookie: artist.cookie, json: { removeCoverPhoto: true } });
    expect(removed.body.coverPhotoFilename).toBeNull();
    await t.app.jobs.drain();
    expect(await t.storedKeys(`covers/${artist.id}/`)).toEqual([]);
    expect((await t.request('GET', `/api/tracks/${track.id}/cover`)).status).toBe(404);
  });

  it('replaces the audio: new renditions are made and the old files go', async () => {
    const artist = await t.artist();
    const track = await uploadMp3(artist);
    await t.app.jobs.drain();
    const oldKeys = [...(await t.storedKeys(`audio/${artist.id}/`)), ...(await t.storedKeys(`renditions/${track.id}/`))];
    expect(oldKeys).toHaveLength(3);

    const replaced = await t.sendForm('PATCH', `/api/tracks/${track.id}`, { files: [{ field: 'audio', path: media.wav }] }, artist.cookie);
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ mimeType: 'audio/wav', fileSize: fs.statSync(media.wav).size, streamReady: false });
    expect(replaced.body.duration).toBeCloseTo(8, 0);
    await t.app.jobs.drain();
    const newKeys = [...(await t.storedKeys(`audio/${artist.id}/`)), ...(await t.storedKeys(`renditions/${track.id}/`))];
    expect(newKeys).toHaveLength(3);
    expect(newKeys.some((key) => oldKeys.includes(key))).toBe(false);
    expect((await list(artist))[0]!.streamReady).toBe(true);

    // A single's new audio must be MP3 or WAV too.
    const refused = await t.sendForm('PATCH', `/api/tracks/${track.id}`, { files: [{ field: 'audio', path: media.ogg }] }, artist.cookie);
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe(CATALOG_MESSAGES.audioFormat);
  });

  it('makes the preview renditions when a track becomes preview-only', async () => {
    const artist = await t.artist();
    const track = await uploadMp3(artist);
    await t.app.jobs.drain();
    const edited = await t.request('PATCH', `/api/tracks/${track.id}`, { cookie: artist.cookie, json: { allowFullPlayback: false } });
    expect(edited.body.allowFullPlayback).toBe(false);
    await t.app.jobs.drain();
    const kinds = await t.app.database.db.select({ kind: trackRenditions.kind }).from(trackRenditions).where(eq(trackRenditions.trackId, track.id));
    expect(kinds.map((row) => row.kind).sort()).toEqual(['low', 'preview', 'preview_low', 'standard']);
  });

  it('refuses changes from another site with the same message as everywhere, and answers an absurdly long id with 404', async () => {
    const artist = await t.artist();
    for (const [method, url] of [
      ['POST', '/api/tracks'],
      ['DELETE', '/api/tracks/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/albums'],
    ]) {
      const response = await t.request(method!, url!, { cookie: artist.cookie, headers: { origin: 'https://evil.example' } });
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body).toEqual({ code: 'request.cross-site', message: 'Cross-site requests are not allowed.' });
    }
    const long = await t.request('GET', `/api/tracks/${'a'.repeat(300)}/stream`);
    expect(long.status).toBe(404);
    expect(long.body).toEqual({ code: 'not-found', message: 'Not found' });
  });

  it("hides another artist's tracks: absent from lists, 404 for every change", async () => {
    const owner = await t.artist();
    const other = await t.artist();
    const track = await uploadMp3(owner);
    expect(await list(other)).toEqual([]);
    const attempts = [
      await t.sendForm('PATCH', `/api/tracks/${track.id}`, { fields: { trackName: 'Mine now' } }, other.cookie),
      await t.request('PATCH', `/api/tracks/${track.id}`, { cookie: other.cookie, json: { price: '1' } }),
      await t.request('DELETE', `/api/tracks/${track.id}`, { cookie: other.cookie }),
      await t.request('GET', `/api/purchases/track/${track.id}`, { cookie: other.cookie }),
      await t.request('DELETE', '/api/tracks/not-a-uuid', { cookie: other.cookie }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(404);
      expect(attempt.body.message).toBe(CATALOG_MESSAGES.trackNotFound);
    }
    expect((await list(owner))[0]).toMatchObject({ trackName: 'Nairobi Nights', price: 0 });
    expect((await t.request('GET', '/api/tracks')).status).toBe(401);
    expect((await t.request('DELETE', `/api/tracks/${track.id}`)).status).toBe(401);
  });

  it('deletes a track and, through its job, every file of it', async () => {
    const artist = await t.artist();
    const track = await uploadMp3(artist);
    const withCover = await t.sendForm('PATCH', `/api/tracks/${track.id}`, { files: [{ field: 'coverPhoto', path: media.coverPng }] }, artist.cookie);
    expect(withCover.status).toBe(200);
    await t.app.jobs.drain();
    expect((await t.storedKeys()).filter((key) => key.includes(artist.id) || key.includes(track.id)).length).toBeGreaterThan(0);

    const response = await t.request('DELETE', `/api/tracks/${track.id}`, { cookie: artist.cookie });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Track deleted' });
    expect(await list(artist)).toEqual([]);
    expect((await t.request('GET', `/api/tracks/${track.id}/stream`)).status).toBe(404);
    await t.app.jobs.drain();
    expect((await t.storedKeys()).filter((key) => key.includes(artist.id) || key.includes(track.id))).toEqual([]);
    expect((await t.request('DELETE', `/api/tracks/${track.id}`, { cookie: artist.cookie })).status).toBe(404);
  });

  it('answers an empty purchase list, and refuses to delete a track that has been sold', async () => {
    const artist = await t.artist();
    const track = await uploadMp3(artist);
    const purchases = await t.request('GET', `/api/purchases/track/${track.id}`, { cookie: artist.cookie });
    expect(purchases.status).toBe(200);
    expect(purchases.body).toEqual([]);

    // The payments module will answer from its sales; here one sale is reported for this track.
    vi.spyOn(t.app.sales, 'trackPurchases').mockImplementation(async (id) =>
      id === track.id ? [{ id: '00000000-0000-4000-8000-000000000001', name: track.trackName, price: 15000, type: 'track' as const }] : [],
    );
    const sold = await t.request('GET', `/api/purchases/track/${track.id}`, { cookie: artist.cookie });
    expect(sold.body).toHaveLength(1);
    const refused = await t.request('DELETE', `/api/tracks/${track.id}`, { cookie: artist.cookie });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(CATALOG_MESSAGES.trackSold);
    expect(await list(artist)).toHaveLength(1);
    await t.app.jobs.drain();
    expect(await t.storedKeys(`audio/${artist.id}/`)).toHaveLength(1);
  });

  it('lets only one of two simultaneous uploads take the last of the quota', async () => {
    const artist = await t.artist();
    const size = fs.statSync(media.mp3).size;
    // Room for one more upload of this file, not two: both pass the check while their bytes arrive.
    await t.app.database.db.insert(tracks).values({
      userId: artist.id,
      trackName: 'Long mix',
      artistName: 'Wanjiru',
      originalName: 'mix.wav',
      fileSize: STORAGE_QUOTA_BYTES - Math.floor(size * 1.5),
      mimeType: 'audio/wav',
      duration: 5000,
      audioKey: `audio/${artist.id}/00000000-0000-4000-8000-000000000000.wav`,
    });
    const send = () =>
      postTrack(artist, 'Race', [{ field: 'audio', path: media.mp3 }]);
    const results = await Promise.all([send(), send()]);
    expect(results.map((result) => result.status).sort()).toEqual([201, 413]);
    expect(results.find((result) => result.status === 413)!.body.message).toBe(CATALOG_MESSAGES.storageFull);
    await t.app.uploads.idle();
    expect(await list(artist)).toHaveLength(2);
    // Only the winner's file is stored; the loser's was deleted right away.
    expect(await t.storedKeys(`audio/${artist.id}/`)).toHaveLength(1);
  });

  it('sweeps files an upload stored but never committed (a crash between the two)', async () => {
    const artist = await t.artist();
    const track = await uploadMp3(artist);
    const [kept] = await t.storedKeys(`audio/${artist.id}/`);
    // What a process that died after storing, before committing, leaves behind.
    const orphan = `audio/${artist.id}/11111111-1111-4111-8111-111111111111.mp3`;
    await t.app.storage.putBuffer(orphan, fs.readFileSync(media.mp3Short), 'audio/mpeg');
    await t.app.jobs.enqueue('catalog.sweep-upload', { keys: [orphan, kept] }, { delayMs: 60 * 60 * 1000 });
    await t.app.jobs.drain();
    expect(await t.storedKeys(`audio/${artist.id}/`)).toHaveLength(2);
    // An hour later (the sweep's delay, brought forward here), the orphan goes and the track's file stays.
    await t.app.database.db.execute(sql`UPDATE jobs SET run_at = now() WHERE kind = 'catalog.sweep-upload' AND status = 'queued'`);
    await t.app.jobs.drain();
    expect(await t.storedKeys(`audio/${artist.id}/`)).toEqual([kept]);
    expect((await t.fetchBytes(`/api/tracks/${track.id}/stream`)).status).toBe(200);
  });

  it('tells the artist what they store against the quota, counted as the quota counts it (audio and covers)', async () => {
    const artist = await t.artist();
    expect((await t.request('GET', '/api/storage')).status).toBe(401);
    expect((await t.request('GET', '/api/storage', { cookie: artist.cookie })).body).toEqual({ used: 0, quota: STORAGE_QUOTA_BYTES });
    const response = await postTrack(artist, 'With a cover', [{ field: 'audio', path: media.mp3 }, { field: 'coverPhoto', path: media.coverJpg }]);
    expect(response.status).toBe(201);
    const storage = await t.request('GET', '/api/storage', { cookie: artist.cookie });
    expect(storage.body).toEqual({ used: fs.statSync(media.mp3).size + fs.statSync(media.coverJpg).size, quota: STORAGE_QUOTA_BYTES });
    // Another artist's storage is their own.
    expect((await t.request('GET', '/api/storage', { cookie: (await t.artist()).cookie })).body.used).toBe(0);
  });

  it('keeps each artist within 1 GB of storage, with a clear message and nothing stored', async () => {
    const artist = await t.artist();
    // Most of the quota is already used by earlier uploads (recorded directly: no gigabyte in a test).
    const leftBytes = 100_000;
    await t.app.database.db.insert(tracks).values({
      userId: artist.id,
      trackName: 'Long mix',
      artistName: 'Wanjiru',
      originalName: 'mix.wav',
      fileSize: STORAGE_QUOTA_BYTES - leftBytes,
      mimeType: 'audio/wav',
      duration: 5000,
      audioKey: `audio/${artist.id}/00000000-0000-4000-8000-000000000000.wav`,
    });
    const response = await postTrack(artist, 'One more', [{ field: 'audio', path: media.mp3 }]);
    expect(response.status).toBe(413);
    expect(response.body.message).toBe(CATALOG_MESSAGES.storageFull);
    await t.app.uploads.idle();
    expect(await list(artist)).toHaveLength(1);
    expect(await t.storedKeys(`audio/${artist.id}/`)).toEqual([]);
    expect(t.scratchFiles()).toEqual([]);

    // A file that fits is still welcome.
    expect(fs.statSync(media.mp3Short).size).toBeLessThan(leftBytes);
    const small = await postTrack(artist, 'Short one', [{ field: 'audio', path: media.mp3Short }]);
    expect(small.status).toBe(201);
  });
});
