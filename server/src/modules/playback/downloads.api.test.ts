import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Album, Track } from '#common/schemas/catalog/responses';
import { trackDailyStats, trackDownloads, trackTrends, tracks } from '../../db/schema';
import type { TestArtist } from '../../../test/support/artists';
import { catalogAppForBlock, type CatalogTestApp, STORAGE_BACKENDS, type FormFile } from '../../../test/support/catalog-app';
import type { MediaFixtures } from '../../../test/support/media-fixtures';
import { unzip } from '../../../test/support/zip';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What a browser makes of Content-Disposition: the RFC 8187 name (decoded) and the ASCII fallback. */
function dispositionOf(header: string | null): { type: string; fallback: string; name: string } {
  expect(header).not.toBeNull();
  const value = header!;
  return {
    type: value.split(';')[0]!,
    fallback: /;\s*filename="([^"]*)"/.exec(value)?.[1] ?? '',
    name: decodeURIComponent(/;\s*filename\*=UTF-8''([^;\s]*)/.exec(value)?.[1] ?? ''),
  };
}


describe.each(STORAGE_BACKENDS)('downloads, with %s storage', (backend) => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  catalogAppForBlock(backend, (app, fixtures) => ((t = app), (media = fixtures)));
  afterEach(() => vi.restoreAllMocks());

  const upload = (artist: TestArtist, file: string, fields: Record<string, string> = {}): Promise<Track> => t.uploadTrack(artist, file, fields);

  async function createAlbum(
    artist: TestArtist,
    songs: { name: string; file: string; price?: string }[],
    options: { price?: string; cover?: string; albumName?: string } = {},
  ): Promise<Album> {
    const response = await t.sendForm(
      'POST',
      '/api/albums',
      {
        fields: {
          albumName: options.albumName ?? 'Siku Moja',
          price: options.price ?? '',
          albumTracks: JSON.stringify(songs.map((song) => ({ trackName: song.name, artistName: 'Wanjiru', price: song.price ?? '', allowFullPlayback: true }))),
        },
        files: [
          ...songs.map((song, index): FormFile => ({ field: `albumTrackFile_${index}`, path: song.file })),
          ...(options.cover ? [{ field: 'coverPhoto', path: options.cover }] : []),
        ],
      },
      artist.cookie,
    );
    expect(response.status).toBe(201);
    return response.body;
  }

  const download = (path: string, headers: Record<string, string> = {}) => t.fetchBytes(path, headers);

  async function downloadCounts(trackIds: string[]): Promise<number[]> {
    const rows = await t.app.database.db.select({ id: tracks.id, downloadCount: tracks.downloadCount }).from(tracks);
    return trackIds.map((id) => rows.find((row) => row.id === id)!.downloadCount);
  }

  const downloadRows = (trackId: string) => t.app.database.db.select().from(trackDownloads).where(eq(trackDownloads.trackId, trackId));

  /** The analytics' rollup rows of a track (track_daily_stats), by day. */
  const dailyRows = async (trackId: string) =>
    (await t.app.database.db.select().from(trackDailyStats).where(eq(trackDailyStats.trackId, trackId))).sort((a, b) => a.day.localeCompare(b.day));
  /** The UTC day of a track's (only) download row: the day its rollup row must carry. */
  const downloadDay = async (trackId: string) => (await downloadRows(trackId))[0]!.downloadedAt.toISOString().slice(0, 10);

  describe('a track', () => {
    it('answers the original, byte for byte, as an attachment (MP3 and WAV), counted once per download', async () => {
      const artist = await t.artist();
      const mp3 = await upload(artist, media.mp3, { trackName: 'Kesho' });
      const wav = await upload(artist, media.wav, { trackName: 'Jioni ya Leo' });
      // The artist's track list is cached in embedded mode: the count must reach it all the same.
      const before: Track[] = (await t.request('GET', '/api/tracks', { cookie: artist.cookie })).body;
      expect(before.map((track) => track.downloadCount)).toEqual([0, 0]);

      for (const [track, file, type, name] of [
        [mp3, media.mp3, 'audio/mpeg', 'Kesho.mp3'],
        [wav, media.wav, 'audio/wav', 'Jioni ya Leo.wav'],
      ] as const) {
        const answer = await download(`/api/tracks/${track.id}/download`);
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe(type);
        expect(answer.headers.get('content-disposition')).toBe(`attachment; filename="${name}"; filename*=UTF-8''${encodeURIComponent(name)}`);
        expect(answer.headers.get('content-length')).toBe(String(fs.statSync(file).size));
        expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
        expect(answer.headers.get('accept-ranges')).toBe('bytes');
        expect(sha256(answer.bytes)).toBe(sha256(fs.readFileSync(file)));
      }

      expect(await downloadCounts([mp3.id, wav.id])).toEqual([1, 1]);
      for (const track of [mp3, wav]) {
        expect(await dailyRows(track.id)).toEqual([{ trackId: track.id, userId: artist.id, day: await downloadDay(track.id), plays: 0, downloads: 1 }]);
      }
      const rows = await downloadRows(mp3.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.albumId).toBeNull();
      const after: Track[] = (await t.request('GET', '/api/tracks', { cookie: artist.cookie })).body;
      expect(after.map((track) => track.downloadCount)).toEqual([1, 1]);

      // The owner's own download is not a fan's: not counted.
      expect((await download(`/api/tracks/${mp3.id}/download`, { cookie: artist.cookie })).status).toBe(200);
      expect(await downloadCounts([mp3.id])).toEqual([1]);
      expect((await dailyRows(mp3.id)).map((row) => row.downloads)).toEqual([1]);
    });

    it('resumes with ranges, and counts a download once however many ranges it takes', async () => {
      const artist = await t.artist();
      const track = await upload(artist, media.mp3);
      const original = fs.readFileSync(media.mp3);
      const size = original.length;
      const url = `/api/tracks/${track.id}/download`;

      const first = await download(url, { range: 'bytes=0-99999' });
      expect(first.status).toBe(206);
      expect(first.headers.get('content-range')).toBe(`bytes 0-99999/${size}`);
      expect(first.headers.get('content-disposition')).toMatch(/^attachment; /);
      const etag = first.headers.get('etag')!;
      // The connection dropped; the download manager resumes from the middle, twice.
      const second = await download(url, { range: 'bytes=100000-299999', 'if-range': etag });
      expect(second.status).toBe(206);
      const rest = await download(url, { range: 'bytes=300000-', 'if-range': etag });
      expect(rest.status).toBe(206);
      expect(rest.headers.get('content-range')).toBe(`bytes 300000-${size - 1}/${size}`);
      expect(sha256(Buffer.concat([first.bytes, second.bytes, rest.bytes]))).toBe(sha256(original));
      // HEAD, a revalidation and an unsatisfiable range are no downloads.
      expect((await fetch(`${t.baseUrl}${url}`, { method: 'HEAD' })).status).toBe(200);
      expect((await download(url, { 'if-none-match': etag })).status).toBe(304);
      expect((await download(url, { range: `bytes=${size}-` })).status).toBe(416);
      expect(await downloadCounts([track.id])).toEqual([1]);

      // A new download from the start is a new download.
      expect((await download(url)).status).toBe(200);
      expect(await downloadCounts([track.id])).toEqual([2]);
    });

    it('gives hostile titles a safe file name and a header that cannot break', async () => {
      const artist = await t.artist();
      const titles: [string, string][] = [
        ['Say "Hi" \\ bye', "Say 'Hi' _ bye.mp3"],
        ['Moto 🔥🇰🇪 — Café', 'Moto 🔥🇰🇪 — Café.mp3'],
        ['../../etc/passwd', '_._etc_passwd.mp3'],
        ['Line one\r\nSet-Cookie: stolen=1', 'Line one Set-Cookie_ stolen=1.mp3'],
      ];
      for (const [title, expected] of titles) {
        const track = await upload(artist, media.mp3Short, { trackName: 'Placeholder' });
        // Straight into the row: whatever the form's rules, a title must never break a download.
        await t.app.database.db.update(tracks).set({ trackName: title }).where(eq(tracks.id, track.id));
        const answer = await download(`/api/tracks/${track.id}/download`);
        expect(answer.status).toBe(200);
        const disposition = dispositionOf(answer.headers.get('content-disposition'));
        expect(disposition).toMatchObject({ type: 'attachment', name: expected });
        expect(disposition.fallback).toMatch(/^[\x20-\x7E]+\.mp3$/);
        expect(answer.headers.get('set-cookie')).toBeNull();
        expect(sha256(answer.bytes)).toBe(sha256(fs.readFileSync(media.mp3Short)));
      }
    });

    it('answers a priced track with 402 JSON and no audio, except to its owner', async () => {
      const owner = await t.artist();
      const fan = await t.artist();
      const track = await upload(owner, media.mp3, { price: '50' });
      for (const cookie of [undefined, fan.cookie]) {
        const answer = await t.request('GET', `/api/tracks/${track.id}/download`, cookie ? { cookie } : {});
        expect(answer.status).toBe(402);
        expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
        expect(answer.headers.get('content-disposition')).toBeNull();
        expect(answer.body).toEqual({ code: 'download.purchase-required', message: 'This track costs KES 50.00. Buy it to download it.', price: 5000 });
      }
      // A range request gets no audio either.
      const ranged = await download(`/api/tracks/${track.id}/download`, { range: 'bytes=0-' });
      expect(ranged.status).toBe(402);
      expect(ranged.bytes.length).toBeLessThan(200);

      const own = await download(`/api/tracks/${track.id}/download`, { cookie: owner.cookie });
      expect(own.status).toBe(200);
      expect(sha256(own.bytes)).toBe(sha256(fs.readFileSync(media.mp3)));
      expect(await downloadCounts([track.id])).toEqual([0]);
    });

    it('answers 404 for an unknown or malformed id', async () => {
      for (const id of ['8b9f1c7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f', 'nope', '8B9F1C7E-1D2A-4C3B-9E8F-7A6B5C4D3E2F', '..%2F..%2Fetc']) {
        const answer = await t.request('GET', `/api/tracks/${id}/download`);
        expect(answer.status).toBe(404);
        expect(answer.body, id).toEqual({ code: 'track.not-found', message: 'Track not found' });
      }
      // Past the router's 100-character limit on a path segment, the app's own 404 answers.
      const long = await t.request('GET', `/api/tracks/${'x'.repeat(500)}/download`);
      expect(long.status).toBe(404);
      expect(long.body.message).toMatch(/not found/i);
    });
  });

  describe('an album', () => {
    it('streams a ZIP in store mode: every original byte for byte, in album order, with the cover, counted per track', async () => {
      const artist = await t.artist();
      const album = await createAlbum(
        artist,
        [
          { name: 'Asubuhi', file: media.mp3 },
          { name: 'Jioni', file: media.wav },
          { name: '../Usiku "Mwema" 🌙', file: media.mp3Short },
          { name: 'Asubuhi', file: media.m4a },
        ],
        { cover: media.coverPng, albumName: 'Siku Moja / 2026' },
      );
      const trackIds = album.tracks.map((track) => track.id);
      const answer = await download(`/api/albums/${album.id}/download`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('application/zip');
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
      expect(dispositionOf(answer.headers.get('content-disposition'))).toMatchObject({ type: 'attachment', name: 'Siku Moja _ 2026.zip' });
      expect(Number(answer.headers.get('content-length'))).toBe(answer.bytes.length);

      const entries = await unzip(answer.bytes);
      expect(entries.map((entry) => entry.name)).toEqual([
        '01 - Asubuhi.mp3',
        '02 - Jioni.wav',
        "03 - _Usiku 'Mwema' 🌙.mp3",
        '04 - Asubuhi.m4a',
        'cover.png',
      ]);
      expect(entries.every((entry) => entry.method === 0)).toBe(true);
      for (const [index, file] of [media.mp3, media.wav, media.mp3Short, media.m4a, media.coverPng].entries()) {
        expect(sha256(entries[index]!.bytes), entries[index]!.name).toBe(sha256(fs.readFileSync(file)));
      }

      expect(await downloadCounts(trackIds)).toEqual([1, 1, 1, 1]);
      for (const id of trackIds) expect((await downloadRows(id)).map((row) => row.albumId)).toEqual([album.id]);
      // The analytics' rollup: +1 download on each track's row of the UTC day, in the same transaction.
      for (const id of trackIds) {
        expect(await dailyRows(id), id).toEqual([{ trackId: id, userId: artist.id, day: await downloadDay(id), plays: 0, downloads: 1 }]);
      }
      const listed: Track[] = (await t.request('GET', '/api/tracks', { cookie: artist.cookie })).body;
      expect(listed.every((track) => track.downloadCount === 1)).toBe(true);
    });

    it('counts concurrent album downloads exactly (one row lock order: no deadlock on PostgreSQL)', async () => {
      const artist = await t.artist();
      const album = await createAlbum(artist, [
        { name: 'Moja', file: media.mp3Short },
        { name: 'Mbili', file: media.mp3Short },
        { name: 'Tatu', file: media.mp3Short },
      ]);
      const answers = await Promise.all(Array.from({ length: 5 }, () => download(`/api/albums/${album.id}/download`)));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await downloadCounts(album.tracks.map((track) => track.id))).toEqual([5, 5, 5]);
      // The per-day upserts add up under concurrency too (5 downloads per track, whatever the day).
      for (const track of album.tracks) {
        const rows = await dailyRows(track.id);
        expect(rows.reduce((sum, row) => sum + row.downloads, 0), track.id).toBe(5);
        expect(rows.every((row) => row.userId === artist.id && row.plays === 0)).toBe(true);
      }
      expect((await unzip(answers[4]!.bytes)).map((entry) => entry.name)).toEqual(['01 - Moja.mp3', '02 - Mbili.mp3', '03 - Tatu.mp3']);
      // Each counted download weighs 3 in Currently Trending at once (decision 039): 5 x 3, decayed by moments.
      const trends = await t.app.database.db.select().from(trackTrends).where(inArray(trackTrends.trackId, album.tracks.map((track) => track.id)));
      expect(trends).toHaveLength(3);
      for (const trend of trends) expect(trend.score).toBeCloseTo(15, 4);
    });

    it('answers 402 for a priced album, or a free album holding a priced song, except to its owner', async () => {
      const owner = await t.artist();
      const priced = await createAlbum(owner, [{ name: 'Moja', file: media.mp3Short }], { price: '500' });
      const mixed = await createAlbum(owner, [
        { name: 'Bure', file: media.mp3Short },
        { name: 'Ya Kuuza', file: media.mp3Short, price: '20.5' },
      ]);
      const refused = await t.request('GET', `/api/albums/${priced.id}/download`);
      expect(refused.status).toBe(402);
      expect(refused.body).toEqual({ code: 'download.purchase-required', message: 'This album costs KES 500.00. Buy it to download it.', price: 50000 });
      expect(refused.headers.get('content-disposition')).toBeNull();
      const refusedMixed = await t.request('GET', `/api/albums/${mixed.id}/download`);
      expect(refusedMixed.status).toBe(402);
      expect(refusedMixed.body).toEqual({ code: 'download.purchase-required', message: 'A song on this album is for sale (KES 20.50). Buy it to download it.', price: 2050 });

      const own = await download(`/api/albums/${mixed.id}/download`, { cookie: owner.cookie });
      expect(own.status).toBe(200);
      expect((await unzip(own.bytes)).map((entry) => entry.name)).toEqual(['01 - Bure.mp3', '02 - Ya Kuuza.mp3']);
      expect(await downloadCounts([...priced.tracks, ...mixed.tracks].map((track) => track.id))).toEqual([0, 0, 0]);
    });

    it('answers 404 for an unknown or malformed id, and for an album with no songs left', async () => {
      for (const id of ['8b9f1c7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f', 'nope', `${'a'.repeat(36)}`]) {
        const answer = await t.request('GET', `/api/albums/${id}/download`);
        expect(answer.status).toBe(404);
        expect(answer.body, id).toEqual({ code: 'album.not-found', message: 'Album not found' });
      }
      const artist = await t.artist();
      const album = await createAlbum(artist, [{ name: 'Peke Yake', file: media.mp3Short }]);
      expect((await t.request('DELETE', `/api/tracks/${album.tracks[0]!.id}`, { cookie: artist.cookie })).status).toBeLessThan(300);
      const empty = await t.request('GET', `/api/albums/${album.id}/download`);
      expect(empty.status).toBe(404);
      expect(empty.body).toEqual({ code: 'album.not-found', message: 'This album has no songs to download.' });
    });

    it('stops reading storage when the client goes away mid-ZIP', async () => {
      const artist = await t.artist();
      const album = await createAlbum(artist, [
        { name: 'Moja', file: media.wav },
        { name: 'Mbili', file: media.mp3 },
        { name: 'Tatu', file: media.mp3Long },
      ]);
      const opened: Readable[] = [];
      const readRange = t.app.storage.readRange.bind(t.app.storage);
      vi.spyOn(t.app.storage, 'readRange').mockImplementation(async (key, start, end) => {
        const body = await readRange(key, start, end);
        if ('stream' in body) opened.push(body.stream);
        return body;
      });
      const controller = new AbortController();
      const response = await fetch(`${t.baseUrl}/api/albums/${album.id}/download`, { signal: controller.signal });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      await reader.read();
      controller.abort();
      await reader.closed.catch(() => {});
      // On S3 every object comes as a stream (on disk these small ones come as pooled buffers).
      if (backend === 's3') await vi.waitFor(() => expect(opened.length).toBeGreaterThan(0), { timeout: 5000 });
      await vi.waitFor(() => expect(opened.every((stream) => stream.destroyed)).toBe(true), { timeout: 5000 });
      // The server carries on.
      expect((await download(`/api/albums/${album.id}/download`)).status).toBe(200);
    });

    it('answers HEAD with the headers only, reading and counting nothing', async () => {
      const artist = await t.artist();
      const album = await createAlbum(artist, [{ name: 'Moja', file: media.mp3Short }]);
      const readRange = vi.spyOn(t.app.storage, 'readRange');
      const head = await fetch(`${t.baseUrl}/api/albums/${album.id}/download`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-type')).toBe('application/zip');
      expect(dispositionOf(head.headers.get('content-disposition')).name).toBe('Siku Moja.zip');
      expect(readRange).not.toHaveBeenCalled();
      expect(await downloadCounts([album.tracks[0]!.id])).toEqual([0]);
    });
  });

  // Last: it spends this address's allowance for the minute.
  it('rate-limits album downloads per address', async () => {
    const artist = await t.artist();
    // A priced album: each refused request is cheap, and still spends the allowance.
    const album = await createAlbum(artist, [{ name: 'Moja', file: media.mp3Short }], { price: '100' });
    const statuses: number[] = [];
    for (let i = 0; i < 25 && statuses.at(-1) !== 429; i++) statuses.push((await t.request('GET', `/api/albums/${album.id}/download`)).status);
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 402).length).toBeLessThanOrEqual(20);
    const limited = await t.request('GET', `/api/albums/${album.id}/download`);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many/);
  });
});
