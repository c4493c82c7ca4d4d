import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DOWNLOAD_FORMAT_MESSAGES } from '#common/schemas/playback';
import { trackRenditions } from '../../db/schema';
import { catalogAppForBlock, type CatalogTestApp, STORAGE_BACKENDS } from '../../../test/support/catalog-app';
import { decodedSecondsOfBytes, probeAudio, type MediaFixtures } from '../../../test/support/media-fixtures';
import { unzip } from '../../../test/support/zip';


/**
 * Download formats (issue 16): the original, a tagged MP3 at 320 kb/s, FLAC for lossless
 * originals; made once and kept, made again after a rename, never for someone who may not download.
 */
describe.each(STORAGE_BACKENDS)('download formats, with %s storage', (backend) => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  catalogAppForBlock(backend, (app, fixtures) => ((t = app), (media = fixtures)));

  const madeFiles = async (trackId: string) =>
    (await t.app.database.db.select().from(trackRenditions).where(eq(trackRenditions.trackId, trackId))).filter((row) => row.kind.startsWith('download_'));

  it('makes a tagged MP3 with the cover once, serves it with ranges, and makes it again after a rename', async () => {
    const artist = await t.artist();
    const track = await t.uploadTrack(artist, media.wav, { trackName: 'Jioni', artistName: 'Wanjiru' }, [{ field: 'coverPhoto', path: media.coverJpg }]);

    const first = await t.fetchBytes(`/api/tracks/${track.id}/download?format=mp3`);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('audio/mpeg');
    expect(first.headers.get('content-disposition')).toBe(`attachment; filename="Jioni.mp3"; filename*=UTF-8''Jioni.mp3`);
    const probed = probeAudio(first.bytes, 'mp3');
    expect(probed).toMatchObject({ codec: 'mp3', attachedPicture: true, tags: { title: 'Jioni', artist: 'Wanjiru' } });
    expect(decodedSecondsOfBytes(first.bytes, 'mp3')).toBeCloseTo(8, 0);
    // 320 kb/s: 40,000 bytes a second of audio, plus the tags and the 640 px picture.
    expect(first.bytes.length).toBeGreaterThan(8 * 40_000);

    // Kept: the second download is the same file (same validator), and resumes with a range.
    const etag = first.headers.get('etag')!;
    const again = await t.fetchBytes(`/api/tracks/${track.id}/download?format=mp3`, { range: 'bytes=100-199', 'if-range': etag });
    expect(again.status).toBe(206);
    expect(again.bytes.equals(first.bytes.subarray(100, 200))).toBe(true);
    const [made] = await madeFiles(track.id);
    expect(made).toMatchObject({ kind: 'download_mp3', byteSize: first.bytes.length });

    // A rename is a new file with the new title; the old one is gone from storage.
    const renamed = await t.sendForm('PATCH', `/api/tracks/${track.id}`, { fields: { trackName: 'Jioni ya Leo' } }, artist.cookie);
    expect(renamed.status).toBe(200);
    const after = await t.fetchBytes(`/api/tracks/${track.id}/download?format=mp3`);
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(etag);
    expect(probeAudio(after.bytes, 'mp3').tags).toMatchObject({ title: 'Jioni ya Leo' });
    const rows = await madeFiles(track.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.storageKey).not.toBe(made!.storageKey);
    expect(await t.app.storage.list(`renditions/${track.id}/`)).not.toContain(made!.storageKey);
  });

  it('offers FLAC only for lossless originals, and refuses any other format name with the choices', async () => {
    const artist = await t.artist();
    const wav = await t.uploadTrack(artist, media.wav, { trackName: 'Lossless' });
    const mp3 = await t.uploadTrack(artist, media.mp3, { trackName: 'Lossy' });

    const flac = await t.fetchBytes(`/api/tracks/${wav.id}/download?format=flac`);
    expect(flac.status).toBe(200);
    expect(flac.headers.get('content-type')).toBe('audio/flac');
    expect(probeAudio(flac.bytes, 'flac')).toMatchObject({ codec: 'flac', tags: { title: 'Lossless' } });

    const refused = await t.request('GET', `/api/tracks/${mp3.id}/download?format=flac`);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ code: 'download.format-unavailable', message: DOWNLOAD_FORMAT_MESSAGES.flacNotAvailable });

    for (const format of ['ogg', '../../etc/passwd', 'MP3', '']) {
      const answer = await t.request('GET', `/api/tracks/${wav.id}/download?format=${encodeURIComponent(format)}`);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ code: 'download.format-unknown', message: DOWNLOAD_FORMAT_MESSAGES.unknown });
    }
    // The default, and an explicit 'original', are the upload byte for byte.
    const original = await t.fetchBytes(`/api/tracks/${mp3.id}/download?format=original`);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('audio/mpeg');
    // An MP3 original is re-tagged, not re-encoded: its MP3 is no bigger than a few kilobytes of tags more.
    const retagged = await t.fetchBytes(`/api/tracks/${mp3.id}/download?format=mp3`);
    expect(retagged.status).toBe(200);
    expect(Math.abs(retagged.bytes.length - original.bytes.length)).toBeLessThan(4096);
    expect(probeAudio(retagged.bytes, 'mp3').tags).toMatchObject({ title: 'Lossy' });
  });

  it('makes nothing for someone who may not download, and keeps the same grants as the original', async () => {
    const artist = await t.artist();
    const priced = await t.uploadTrack(artist, media.wav, { trackName: 'Bei', price: '50' });
    const answer = await t.request('GET', `/api/tracks/${priced.id}/download?format=mp3`);
    expect(answer.status).toBe(402);
    expect(await madeFiles(priced.id)).toHaveLength(0);
    // Its owner may.
    expect((await t.fetchBytes(`/api/tracks/${priced.id}/download?format=mp3`, { cookie: artist.cookie })).status).toBe(200);
  });

  it('zips an album in the chosen format, named as the original ZIP is', async () => {
    const artist = await t.artist();
    const response = await t.sendForm(
      'POST',
      '/api/albums',
      {
        fields: {
          albumName: 'Siku Moja',
          price: '',
          albumTracks: JSON.stringify([
            { trackName: 'Asubuhi', artistName: 'Wanjiru', price: '', allowFullPlayback: true },
            { trackName: 'Jioni', artistName: 'Wanjiru', price: '', allowFullPlayback: true },
          ]),
        },
        files: [
          { field: 'albumTrackFile_0', path: media.wav },
          { field: 'albumTrackFile_1', path: media.mp3 },
          { field: 'coverPhoto', path: media.coverJpg },
        ],
      },
      artist.cookie,
    );
    expect(response.status).toBe(201);
    const album = response.body as { id: string; tracks: { id: string }[] };

    const zip = await t.fetchBytes(`/api/albums/${album.id}/download?format=mp3`);
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-disposition')).toContain('Siku Moja.zip');
    const names = (await unzip(zip.bytes)).map((entry) => entry.name);
    expect(names.filter((name) => name.endsWith('.mp3'))).toHaveLength(2);
    expect(names.some((name) => name.startsWith('cover.'))).toBe(true);

    // One song is an MP3: the album has no lossless FLAC to offer.
    const flac = await t.request('GET', `/api/albums/${album.id}/download?format=flac`);
    expect(flac.status).toBe(400);
    expect((await t.request('GET', `/api/albums/${album.id}/download?format=wma`)).status).toBe(400);
  });
});
