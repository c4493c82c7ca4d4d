import { once } from 'node:events';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MESSAGES, MAX_AUDIO_FILE_BYTES, MAX_NEW_ALBUM_TRACKS, MAX_UPLOADS_PER_ARTIST } from '#common/schemas/catalog/rules';
import { albums, covers, tracks } from '../../db/schema';
import type { TestArtist } from '../../../test/support/artists';
import { CatalogTestApp, fileAppears, STORAGE_BACKENDS, type FormFile } from '../../../test/support/catalog-app';
import { mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';
import { abortedUpload, rawUpload, stalledUpload } from '../../../test/support/raw-upload';

/**
 * Bad input to the upload calls (issue 3, item 7): each gets a clear 4xx message, and nothing is
 * stored: no row, no object in storage, no scratch file.
 */
describe.each(STORAGE_BACKENDS)('bad uploads, with %s storage', (backend) => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  let artist: TestArtist;

  beforeAll(async () => {
    media = await mediaFixtures();
    t = await CatalogTestApp.start(backend);
    artist = await t.artist();
  });
  afterAll(async () => t?.close());

  async function expectNothingStored() {
    await t.app.uploads.idle();
    const db = t.app.database.db;
    expect(await db.select().from(tracks).where(eq(tracks.userId, artist.id))).toEqual([]);
    expect(await db.select().from(covers).where(eq(covers.userId, artist.id))).toEqual([]);
    expect(await db.select().from(albums).where(eq(albums.userId, artist.id))).toEqual([]);
    expect(await t.storedKeys(`audio/${artist.id}/`)).toEqual([]);
    expect(await t.storedKeys(`covers/${artist.id}/`)).toEqual([]);
    expect(t.scratchFiles()).toEqual([]);
  }

  const fields = { trackName: 'Nairobi Nights', artistName: 'Wanjiru' };
  const upload = (files: FormFile[], extra: Record<string, string> = {}) =>
    t.sendForm('POST', '/api/tracks', { fields: { ...fields, ...extra }, files }, artist.cookie);

  it.each([
    ['a text file named .mp3 and sent as audio/mpeg', () => media.textAsMp3, 'song.mp3', 'audio/mpeg', 415, CATALOG_MESSAGES.audioFormat],
    ['an M4A file (albums take it, single tracks do not)', () => media.m4a, 'song.m4a', 'audio/mp4', 415, CATALOG_MESSAGES.audioFormat],
    ['an M4A file pretending to be an MP3', () => media.m4a, 'song.mp3', 'audio/mpeg', 415, CATALOG_MESSAGES.audioFormat],
    ['a video in an .m4a', () => media.movieMp4, 'clip.mp3', 'audio/mpeg', 415, CATALOG_MESSAGES.audioFormat],
    ['a truncated MP3', () => media.truncatedMp3, 'cut.mp3', 'audio/mpeg', 400, CATALOG_MESSAGES.audioDamaged],
    ['a truncated WAV', () => media.truncatedWav, 'cut.wav', 'audio/wav', 400, CATALOG_MESSAGES.audioDamaged],
    ['an empty file', () => media.empty, 'empty.mp3', 'audio/mpeg', 400, CATALOG_MESSAGES.audioEmpty],
  ])('refuses %s', async (_name, file, name, type, status, message) => {
    const response = await upload([{ field: 'audio', path: file(), name, type }]);
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(message);
    expect(response.body.errors).toEqual({ audio: message });
    await expectNothingStored();
  });

  it.each([
    ['no track name', { trackName: '  ' }, CATALOG_MESSAGES.trackNameRequired],
    ['no artist name', { artistName: '' }, CATALOG_MESSAGES.artistNameRequired],
    ['a negative price', { price: '-5' }, CATALOG_MESSAGES.priceMin],
    ['a price that is not an amount', { price: '12 shillings' }, CATALOG_MESSAGES.priceFormat],
    ['a price with three decimals', { price: '12.345' }, CATALOG_MESSAGES.priceDecimals],
    ['a price with a decimal comma', { price: '12,50' }, CATALOG_MESSAGES.priceDecimalComma],
    ['a price above the highest', { price: '21474836.48' }, CATALOG_MESSAGES.priceMax],
    ['a name that is only control characters', { trackName: '\u0000\u0001' }, CATALOG_MESSAGES.trackNameRequired],
  ])('refuses %s with the form message', async (_name, extra, message) => {
    const response = await upload([{ field: 'audio', path: media.mp3 }], extra);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    await expectNothingStored();
  });

  it('asks for the audio file when there is none', async () => {
    const response = await upload([]);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(CATALOG_MESSAGES.audioRequired);
    await expectNothingStored();
  });

  it('takes one audio file per track', async () => {
    const response = await upload([
      { field: 'audio', path: media.mp3 },
      { field: 'audio', path: media.wav },
    ]);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(CATALOG_MESSAGES.oneAudioFile);
    await expectNothingStored();
  });

  it('lets an artist have 4 uploads in progress at once, and asks a fifth to wait', async () => {
    const stalled = [];
    for (let i = 0; i < MAX_UPLOADS_PER_ARTIST; i++) {
      const started = once(t.app.uploads, 'start');
      stalled.push(stalledUpload(t.baseUrl, artist.cookie));
      await started;
    }
    const fifth = await upload([{ field: 'audio', path: media.mp3 }]);
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe(CATALOG_MESSAGES.tooManyUploads);
    // Another artist is not held up by them.
    const other = await t.artist();
    const theirs = await t.sendForm('POST', '/api/tracks', { fields, files: [{ field: 'audio', path: media.mp3 }] }, other.cookie);
    expect(theirs.status).toBe(201);
    for (const request of stalled) request.destroy();
    await expectNothingStored();
    // Once they are gone, the artist uploads again.
    const again = await upload([{ field: 'audio', path: media.mp3 }]);
    expect(again.status).toBe(201);
    expect((await t.request('DELETE', `/api/tracks/${again.body.id}`, { cookie: artist.cookie })).status).toBe(200);
    await t.app.jobs.drain();
    await expectNothingStored();
  });

  it('stores names with a NUL or a bidi override cleaned, never a 500', async () => {
    const response = await upload([{ field: 'audio', path: media.mp3, name: '\u202ewav.mp3' }], { trackName: 'Jua\u0000Kali', artistName: '\u202eWanjiru' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ trackName: 'Jua Kali', artistName: 'Wanjiru', originalName: 'wav.mp3' });
    expect((await t.request('DELETE', `/api/tracks/${response.body.id}`, { cookie: artist.cookie })).status).toBe(200);
    await t.app.jobs.drain();
    await expectNothingStored();
  });

  it('refuses a second cover, too many files and files the form does not have', async () => {
    const twoCovers = await upload([
      { field: 'audio', path: media.mp3 },
      { field: 'coverPhoto', path: media.coverPng },
      { field: 'coverPhoto', path: media.coverJpg },
    ]);
    expect(twoCovers.status).toBe(400);
    expect(twoCovers.body.message).toBe('Please upload one cover photo');
    const tooMany = await t.sendForm(
      'POST',
      '/api/albums',
      {
        fields: { albumName: 'Many', albumTracks: '[]' },
        // Each new song may send its audio and its cover, and the album its cover: one more is too many.
        files: Array.from({ length: 2 * MAX_NEW_ALBUM_TRACKS + 2 }, (_, index) => ({ field: `albumTrackFile_${index}`, path: media.textAsMp3 })),
      },
      artist.cookie,
    );
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.message).toBe(CATALOG_MESSAGES.tooManyFiles);
    const stranger = await upload([
      { field: 'audio', path: media.mp3 },
      { field: 'lyrics', path: media.textAsMp3 },
    ]);
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toBe(CATALOG_MESSAGES.unexpectedFile);
    await expectNothingStored();
  });

  it.each([
    ['2999x3000 px', () => media.wrongSizePng, 400],
    ['a WebP image', () => media.coverWebp, 415],
    ['a decompression bomb (a tiny PNG claiming 20000x20000 px)', () => media.bombPng, 400],
    ['a truncated PNG', () => media.truncatedPng, 400],
    ['a text file named .png', () => media.textAsMp3, 415],
  ])('refuses a cover that is %s', async (_name, file, status) => {
    const response = await upload([
      { field: 'audio', path: media.mp3 },
      { field: 'coverPhoto', path: file(), name: 'cover.png', type: 'image/png' },
    ]);
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(CATALOG_MESSAGES.coverPhoto);
    await expectNothingStored();
  });

  describe('oversize and broken transfers', () => {
    const oversizeParts = () => [
      { name: 'trackName', value: 'Too long' },
      { name: 'artistName', value: 'Wanjiru' },
      { name: 'audio', filename: 'huge.wav', contentType: 'audio/wav', bytes: MAX_AUDIO_FILE_BYTES + 1024 },
    ];

    it('refuses an audio file over 50 MB with 413 and a message, sent without Content-Length', async () => {
      const response = await rawUpload(t.baseUrl, { path: '/api/tracks', cookie: artist.cookie, parts: oversizeParts(), contentLength: 'none' });
      expect(response.status).toBe(413);
      expect(response.body.message).toBe(CATALOG_MESSAGES.audioTooLarge);
      await expectNothingStored();
    });

    it('refuses at once a body declared larger than the form allows', async () => {
      const response = await rawUpload(t.baseUrl, {
        path: '/api/tracks',
        cookie: artist.cookie,
        parts: [...oversizeParts().slice(0, 2), { name: 'audio', filename: 'huge.wav', contentType: 'audio/wav', bytes: 3 * MAX_AUDIO_FILE_BYTES }],
      });
      expect(response.status).toBe(413);
      expect(response.body.message).toBe(CATALOG_MESSAGES.audioTooLarge);
      await expectNothingStored();
    });

    it('is not fooled by a Content-Length smaller than the body', async () => {
      const response = await rawUpload(t.baseUrl, {
        path: '/api/tracks',
        cookie: artist.cookie,
        parts: oversizeParts(),
        contentLength: 200_000,
      });
      // The bytes past the declared length are a malformed next request: Node answers 400 and closes.
      expect(response.status).toBe(400);
      await expectNothingStored();
    });

    it('cleans up after a client that disconnects mid-upload', async () => {
      const started = Promise.all([once(t.app.uploads, 'start'), fileAppears(t.scratchDir, 'upload-')]);
      await abortedUpload(t.baseUrl, {
        path: '/api/tracks',
        cookie: artist.cookie,
        parts: [
          { name: 'trackName', value: 'Cut short' },
          { name: 'artistName', value: 'Wanjiru' },
          { name: 'audio', filename: 'song.wav', contentType: 'audio/wav', bytes: 20 * 1024 * 1024 },
        ],
        bytesBeforeAbort: 2 * 1024 * 1024,
        ready: started,
      });
      await expectNothingStored();
    });
  });

  describe('albums', () => {
    const albumFields = { albumName: 'Safari', price: '' };
    const createAlbum = (extra: Record<string, string>, files: FormFile[] = []) =>
      t.sendForm('POST', '/api/albums', { fields: { ...albumFields, ...extra }, files }, artist.cookie);

    it('refuses malformed selectedSongs and albumTracks JSON', async () => {
      const badSongs = await createAlbum({ selectedSongs: '[not json' });
      expect(badSongs.status).toBe(400);
      expect(badSongs.body.message).toBe(CATALOG_MESSAGES.selectedSongsInvalid);
      const notAList = await createAlbum({ selectedSongs: '{"id": 1}' });
      expect(notAList.status).toBe(400);
      expect(notAList.body.message).toBe(CATALOG_MESSAGES.selectedSongsInvalid);
      const badTracks = await createAlbum({ albumTracks: '[{"trackName": ' }, [{ field: 'albumTrackFile_0', path: media.mp3 }]);
      expect(badTracks.status).toBe(400);
      expect(badTracks.body.message).toBe(CATALOG_MESSAGES.albumTracksInvalid);
      const missingName = await createAlbum({ albumTracks: JSON.stringify([{ trackName: 'x' }]) }, [{ field: 'albumTrackFile_0', path: media.mp3 }]);
      expect(missingName.status).toBe(400);
      expect(missingName.body.message).toBe(CATALOG_MESSAGES.artistNameRequired);
      await expectNothingStored();
    });

    it("refuses another artist's songs in selectedSongs, and ids that do not exist", async () => {
      const other = await t.artist();
      const theirs = await t.sendForm('POST', '/api/tracks', { fields, files: [{ field: 'audio', path: media.mp3 }] }, other.cookie);
      expect(theirs.status).toBe(201);
      const response = await createAlbum({ selectedSongs: JSON.stringify([theirs.body.id]) });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(CATALOG_MESSAGES.selectedSongsNotFound);
      const unknown = await createAlbum({ selectedSongs: JSON.stringify(['7b0c3c52-4c1e-4f7a-9d3e-2f1a0b9c8d7e']) });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(CATALOG_MESSAGES.selectedSongsNotFound);
      const theirAlbum = await t.request('GET', '/api/albums', { cookie: other.cookie });
      expect(theirAlbum.body).toEqual([]);
      await expectNothingStored();
    });

    it('needs a name and at least one song', async () => {
      const noName = await createAlbum({ albumName: '', selectedSongs: '[]' });
      expect(noName.status).toBe(400);
      expect(noName.body.message).toBe(CATALOG_MESSAGES.albumNameRequired);
      const empty = await createAlbum({ selectedSongs: '[]', albumTracks: '[]' });
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe(CATALOG_MESSAGES.albumNeedsSongs);
      await expectNothingStored();
    });

    it('pairs every new track with its file, and checks each file by content', async () => {
      const entry = { trackName: 'Track', artistName: 'Wanjiru', price: '', allowFullPlayback: true };
      const noFile = await createAlbum({ albumTracks: JSON.stringify([entry]) });
      expect(noFile.status).toBe(400);
      expect(noFile.body.message).toBe(CATALOG_MESSAGES.albumTrackFileMissing);
      expect(noFile.body.errors).toEqual({ albumTrackFile_0: CATALOG_MESSAGES.albumTrackFileMissing });
      const extraFile = await createAlbum({ albumTracks: JSON.stringify([entry]) }, [
        { field: 'albumTrackFile_0', path: media.mp3 },
        { field: 'albumTrackFile_1', path: media.wav },
      ]);
      expect(extraFile.status).toBe(400);
      expect(extraFile.body.message).toBe(CATALOG_MESSAGES.unexpectedFile);
      // The first file is fine; the second is text: nothing of either is kept.
      const lying = await createAlbum({ albumTracks: JSON.stringify([entry, entry]) }, [
        { field: 'albumTrackFile_0', path: media.flac },
        { field: 'albumTrackFile_1', path: media.textAsMp3, name: 'song.ogg', type: 'audio/ogg' },
      ]);
      expect(lying.status).toBe(415);
      expect(lying.body.message).toBe(CATALOG_MESSAGES.albumAudioFormat);
      expect(lying.body.errors).toEqual({ albumTrackFile_1: CATALOG_MESSAGES.albumAudioFormat });
      const video = await createAlbum({ albumTracks: JSON.stringify([entry]) }, [{ field: 'albumTrackFile_0', path: media.movieMp4 }]);
      expect(video.status).toBe(415);
      const cover = await createAlbum({ albumTracks: JSON.stringify([entry]) }, [
        { field: 'albumTrackFile_0', path: media.ogg },
        { field: 'coverPhoto', path: media.wrongSizePng },
      ]);
      expect(cover.status).toBe(400);
      expect(cover.body.message).toBe(CATALOG_MESSAGES.coverPhoto);
      await expectNothingStored();
    });

    // Issue 33: a new song's own cover is checked as a track's, and a bad one keeps nothing of the album.
    it.each([
      ['2999x3000 px', () => media.wrongSizePng, 400],
      ['a text file named .png', () => media.textAsMp3, 415],
    ])("refuses a new song's cover that is %s, keeping nothing", async (_name, file, status) => {
      const entry = { trackName: 'Track', artistName: 'Wanjiru', price: '', genre: 'benga', tags: 'pwani' };
      const response = await createAlbum({ albumTracks: JSON.stringify([entry, entry]) }, [
        { field: 'albumTrackFile_0', path: media.flac },
        { field: 'albumTrackCover_0', path: media.coverPng },
        { field: 'albumTrackFile_1', path: media.ogg },
        { field: 'albumTrackCover_1', path: file(), name: 'cover.png', type: 'image/png' },
        { field: 'coverPhoto', path: media.coverJpg },
      ]);
      expect(response.status).toBe(status);
      expect(response.body.message).toBe(CATALOG_MESSAGES.coverPhoto);
      expect(response.body.errors).toEqual({ albumTrackCover_1: CATALOG_MESSAGES.coverPhoto });
      await expectNothingStored();
    });

    it("refuses a new song's cover with no song of its number, and a second cover for one song", async () => {
      const entry = { trackName: 'Track', artistName: 'Wanjiru', price: '' };
      const stray = await createAlbum({ albumTracks: JSON.stringify([entry]) }, [
        { field: 'albumTrackFile_0', path: media.mp3 },
        { field: 'albumTrackCover_1', path: media.coverPng },
      ]);
      expect(stray.status).toBe(400);
      expect(stray.body.message).toBe(CATALOG_MESSAGES.unexpectedFile);
      expect(stray.body.errors).toEqual({ albumTrackCover_1: CATALOG_MESSAGES.unexpectedFile });
      const twice = await createAlbum({ albumTracks: JSON.stringify([entry]) }, [
        { field: 'albumTrackFile_0', path: media.mp3 },
        { field: 'albumTrackCover_0', path: media.coverPng },
        { field: 'albumTrackCover_0', path: media.coverJpg },
      ]);
      expect(twice.status).toBe(400);
      expect(twice.body.message).toBe('Please upload one cover photo');
      await expectNothingStored();
    });
  });

  it('answers 401 without a session and 415 for a body that is not a form', async () => {
    const anonymous = await t.sendForm('POST', '/api/tracks', { fields, files: [{ field: 'audio', path: media.mp3 }] });
    expect(anonymous.status).toBe(401);
    const json = await t.request('POST', '/api/tracks', { cookie: artist.cookie, json: fields });
    expect(json.status).toBe(415);
    await expectNothingStored();
  });
});
