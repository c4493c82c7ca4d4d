import fs from 'node:fs';
import { S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Track } from '#common/schemas/catalog/responses';
import { CATALOG_MESSAGES, PREVIEW_SECONDS } from '#common/schemas/catalog/rules';
import type { TestArtist } from '../../../test/support/artists';
import { catalogAppForBlock, type CatalogTestApp, STORAGE_BACKENDS } from '../../../test/support/catalog-app';
import { decodedSecondsOfBytes, type MediaFixtures } from '../../../test/support/media-fixtures';

/** DESIGN.md budgets: at most 720 KB (default) and 360 KB (data saver) per minute of audio. */
const STANDARD_BYTES_PER_MINUTE = 720_000;
const LOW_BYTES_PER_MINUTE = 360_000;

describe.each(STORAGE_BACKENDS)('streaming and plays, with %s storage', (backend) => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  catalogAppForBlock(backend, (app, fixtures) => ((t = app), (media = fixtures)));
  afterEach(() => vi.restoreAllMocks());

  const upload = (artist: TestArtist, file: string, fields: Record<string, string> = {}): Promise<Track> => t.uploadTrack(artist, file, fields);

  const stream = (trackId: string, headers: Record<string, string> = {}, query = '') => t.fetchBytes(`/api/tracks/${trackId}/stream${query}`, headers);

  describe('what is sent', () => {
    it('never sends the original to a listener: before the job, the rendition is made on demand', async () => {
      const artist = await t.artist();
      const track = await upload(artist, media.mp3, { price: '150' });
      // The owner hears the file they uploaded at once.
      const own = await stream(track.id, { cookie: artist.cookie });
      expect(own.headers.get('content-type')).toBe('audio/mpeg');
      expect(own.bytes.equals(fs.readFileSync(media.mp3))).toBe(true);
      // A fan of a priced track gets a compressed rendition, never the file a buyer pays for.
      const [first, second] = await Promise.all([stream(track.id), stream(track.id, {}, '?quality=low')]);
      for (const answer of [first, second]) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('audio/mp4');
        expect(decodedSecondsOfBytes(answer.bytes)).toBeCloseTo(30, 0);
      }
      expect(second.bytes.length).toBeLessThan(first.bytes.length);
    });

    it('streams the compressed rendition within budget once the job has run', async () => {
      const artist = await t.artist();
      const track = await upload(artist, media.mp3);
      await t.app.jobs.drain();
      const standard = await stream(track.id);
      expect(standard.status).toBe(200);
      expect(standard.headers.get('content-type')).toBe('audio/mp4');
      expect(standard.headers.get('x-content-type-options')).toBe('nosniff');
      expect(standard.headers.get('accept-ranges')).toBe('bytes');
      expect(Number(standard.headers.get('content-length'))).toBe(standard.bytes.length);
      expect(decodedSecondsOfBytes(standard.bytes)).toBeCloseTo(30, 0);
      expect(standard.bytes.length).toBeLessThanOrEqual((STANDARD_BYTES_PER_MINUTE * track.duration) / 60);

      const low = await stream(track.id, {}, '?quality=low');
      expect(low.headers.get('content-type')).toBe('audio/mp4');
      expect(decodedSecondsOfBytes(low.bytes)).toBeCloseTo(30, 0);
      expect(low.bytes.length).toBeLessThanOrEqual((LOW_BYTES_PER_MINUTE * track.duration) / 60);
      expect(low.bytes.length).toBeLessThan(standard.bytes.length * 0.7);
    });

    it('answers ranges, HEAD and conditional requests', async () => {
      const artist = await t.artist();
      const track = await upload(artist, media.mp3);
      await t.app.jobs.drain();
      const full = await stream(track.id);
      const size = full.bytes.length;
      const etag = full.headers.get('etag')!;
      expect(etag).toMatch(/^"[^"]+"$/);

      const first = await stream(track.id, { range: 'bytes=0-1023' });
      expect(first.status).toBe(206);
      expect(first.headers.get('content-range')).toBe(`bytes 0-1023/${size}`);
      expect(first.headers.get('content-length')).toBe('1024');
      expect(first.bytes.equals(full.bytes.subarray(0, 1024))).toBe(true);

      const middle = await stream(track.id, { range: `bytes=${size - 300000}-${size - 1}` });
      expect(middle.status).toBe(206);
      expect(middle.bytes.equals(full.bytes.subarray(size - 300000))).toBe(true);

      const openEnded = await stream(track.id, { range: 'bytes=100000-' });
      expect(openEnded.headers.get('content-range')).toBe(`bytes 100000-${size - 1}/${size}`);
      expect(openEnded.bytes.equals(full.bytes.subarray(100000))).toBe(true);

      const suffix = await stream(track.id, { range: 'bytes=-500' });
      expect(suffix.headers.get('content-range')).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
      expect(suffix.bytes.equals(full.bytes.subarray(size - 500))).toBe(true);

      const past = await stream(track.id, { range: `bytes=${size}-` });
      expect(past.status).toBe(416);
      expect(past.headers.get('content-range')).toBe(`bytes */${size}`);
      expect(JSON.parse(past.bytes.toString('utf8'))).toEqual({ code: 'request.range-unsatisfiable', message: 'The requested range is not available.' });

      const revalidated = await stream(track.id, { 'if-none-match': etag, range: 'bytes=0-99' });
      expect(revalidated.status).toBe(304);
      expect(revalidated.bytes.length).toBe(0);

      // A range against a version the client no longer has gets the whole current file.
      const stale = await stream(track.id, { 'if-range': '"another-version"', range: 'bytes=0-99' });
      expect(stale.status).toBe(200);
      expect(stale.bytes.length).toBe(size);
      const current = await stream(track.id, { 'if-range': etag, range: 'bytes=0-99' });
      expect(current.status).toBe(206);
      // A date validates a range only when it is exactly the file's Last-Modified.
      const lastModified = full.headers.get('last-modified')!;
      expect((await stream(track.id, { 'if-range': lastModified, range: 'bytes=0-99' })).status).toBe(206);
      const later = new Date(Date.parse(lastModified) + 365 * 86_400_000).toUTCString();
      expect((await stream(track.id, { 'if-range': later, range: 'bytes=0-99' })).status).toBe(200);

      expect((await stream(track.id, { 'if-match': '"another-version"' })).status).toBe(412);

      const head = await fetch(`${t.baseUrl}/api/tracks/${track.id}/stream`, { method: 'HEAD', headers: { range: 'bytes=10-19' } });
      expect(head.status).toBe(206);
      expect(head.headers.get('content-length')).toBe('10');
      expect(head.headers.get('content-range')).toBe(`bytes 10-19/${size}`);
      expect((await head.arrayBuffer()).byteLength).toBe(0);

      expect((await t.request('GET', '/api/tracks/8b9f1c7e-1d2a-4c3b-9e8f-7a6b5c4d3e2f/stream')).status).toBe(404);
      expect((await t.request('GET', '/api/tracks/nope/stream')).status).toBe(404);
    });

    it('never sends more than 25 seconds of a preview-only track, except to its owner', async () => {
      const owner = await t.artist();
      const listener = await t.artist();
      const track = await upload(owner, media.mp3Long, { allowFullPlayback: 'false' });
      expect(track.allowFullPlayback).toBe(false);

      // Before the job ran: the preview is made on demand.
      const anonymous = await stream(track.id);
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers.get('content-type')).toBe('audio/mp4');
      const previewSeconds = decodedSecondsOfBytes(anonymous.bytes);
      expect(previewSeconds).toBeGreaterThan(PREVIEW_SECONDS - 1);
      expect(previewSeconds).toBeLessThanOrEqual(PREVIEW_SECONDS + 0.1);
      // No range reaches past the preview.
      expect((await stream(track.id, { range: `bytes=${anonymous.bytes.length}-` })).status).toBe(416);

      const otherArtist = await stream(track.id, { cookie: listener.cookie }, '?quality=low');
      expect(decodedSecondsOfBytes(otherArtist.bytes)).toBeLessThanOrEqual(PREVIEW_SECONDS + 0.1);

      const own = await stream(track.id, { cookie: owner.cookie });
      expect(own.headers.get('content-type')).toBe('audio/mpeg');
      expect(own.bytes.equals(fs.readFileSync(media.mp3Long))).toBe(true);

      await t.app.jobs.drain();
      const ownRendition = await stream(track.id, { cookie: owner.cookie });
      expect(decodedSecondsOfBytes(ownRendition.bytes)).toBeCloseTo(40, 0);
      const lowPreview = await stream(track.id, {}, '?quality=low');
      expect(decodedSecondsOfBytes(lowPreview.bytes)).toBeLessThanOrEqual(PREVIEW_SECONDS + 0.1);
      expect(lowPreview.bytes.length).toBeLessThan(anonymous.bytes.length);
    });

    it('applies a switch to preview-only at once, and back to full playback', async () => {
      const owner = await t.artist();
      const track = await upload(owner, media.mp3Long);
      await t.app.jobs.drain();
      expect(decodedSecondsOfBytes((await stream(track.id)).bytes)).toBeCloseTo(40, 0);

      await t.request('PATCH', `/api/tracks/${track.id}`, { cookie: owner.cookie, json: { allowFullPlayback: false } });
      expect(decodedSecondsOfBytes((await stream(track.id)).bytes)).toBeLessThanOrEqual(PREVIEW_SECONDS + 0.1);

      await t.request('PATCH', `/api/tracks/${track.id}`, { cookie: owner.cookie, json: { allowFullPlayback: 'true' } });
      expect(decodedSecondsOfBytes((await stream(track.id)).bytes)).toBeCloseTo(40, 0);
    });

    it('makes renditions in a durable job that survives a restart', async () => {
      const artist = await t.artist();
      const track = await upload(artist, media.mp3Short);
      await t.restart();
      expect(await t.app.jobs.drain()).toBeGreaterThan(0);
      const tracks: Track[] = (await t.request('GET', '/api/tracks', { cookie: artist.cookie })).body;
      expect(tracks.find((candidate) => candidate.id === track.id)!.streamReady).toBe(true);
      expect((await stream(track.id)).headers.get('content-type')).toBe('audio/mp4');
    });

    it('reads only the requested bytes from storage (ranged GETs on S3)', async () => {
      const artist = await t.artist();
      const track = await upload(artist, media.mp3);
      await t.app.jobs.drain();
      const readRange = vi.spyOn(t.app.storage, 'readRange');
      const send = vi.spyOn(S3Client.prototype, 'send');
      const response = await stream(track.id, { range: 'bytes=1000-1999' });
      expect(response.status).toBe(206);
      expect(response.bytes.length).toBe(1000);
      expect(readRange).toHaveBeenCalledExactlyOnceWith(expect.stringMatching(/^renditions\//), 1000, 1999);
      const objectReads = send.mock.calls.map(([command]) => command.input as { Key?: string; Range?: string });
      expect(objectReads).toEqual(backend === 's3' ? [expect.objectContaining({ Range: 'bytes=1000-1999' })] : []);
    });
  });

  describe('play counts', () => {
    const play = { duration: 5.2, completedPercentage: 17, streamType: 'play' };
    const post = (trackId: string, address: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/tracks/${trackId}/stream`,
        payload: play,
        remoteAddress: address,
        headers: cookie ? { cookie } : {},
      });
    const count = async (trackId: string) => (await t.request('GET', `/api/tracks/${trackId}/streams`)).body.streamCount as number;

    it('counts one play per listener per track per 10 minutes', async () => {
      const artist = await t.artist();
      const fan = await t.artist();
      const track = await upload(artist, media.mp3Short);
      expect(await count(track.id)).toBe(0);

      const firstPlay = await post(track.id, '10.1.0.1');
      expect(firstPlay.statusCode).toBe(200);
      expect(firstPlay.json()).toEqual({ counted: true, streamCount: 1 });
      // A player looping the track, or a script, from the same place: not counted again.
      for (let i = 0; i < 3; i++) expect((await post(track.id, '10.1.0.1')).json()).toEqual({ counted: false, streamCount: 1 });
      expect((await post(track.id, '10.1.0.2')).json()).toEqual({ counted: true, streamCount: 2 });
      // A signed-in listener is known by the session, wherever they are.
      expect((await post(track.id, '10.1.0.1', fan.cookie)).json()).toEqual({ counted: true, streamCount: 3 });
      expect((await post(track.id, '10.9.9.9', fan.cookie)).json()).toEqual({ counted: false, streamCount: 3 });
      expect(await count(track.id)).toBe(3);

      // Ten minutes later the same listener counts again.
      await t.app.database.db.execute(sql`UPDATE play_throttle SET last_counted_at = now() - interval '11 minutes' WHERE track_id = ${track.id}`);
      expect((await post(track.id, '10.1.0.1')).json()).toEqual({ counted: true, streamCount: 4 });
      const listed: Track[] = (await t.request('GET', '/api/tracks', { cookie: artist.cookie })).body;
      expect(listed[0]!.streamCount).toBe(4);
    });

    it('counts simultaneous posts from one listener once', async () => {
      const artist = await t.artist();
      const track = await upload(artist, media.mp3Short);
      const results = await Promise.all(Array.from({ length: 8 }, () => post(track.id, '10.2.0.1')));
      expect(results.filter((result) => result.json().counted)).toHaveLength(1);
      expect(await count(track.id)).toBe(1);
    });

    it('refuses bad events and unknown tracks', async () => {
      const artist = await t.artist();
      const track = await upload(artist, media.mp3Short);
      const bad = await t.app.inject({ method: 'POST', url: `/api/tracks/${track.id}/stream`, payload: { ...play, streamType: 'download' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe("streamType must be 'play'");
      const negative = await t.app.inject({ method: 'POST', url: `/api/tracks/${track.id}/stream`, payload: { ...play, completedPercentage: 140 } });
      expect(negative.statusCode).toBe(400);
      const unknown = await post('0f1e2d3c-4b5a-4968-8776-655443322110', '10.3.0.1');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(CATALOG_MESSAGES.trackNotFound);
      expect((await t.request('GET', '/api/tracks/0f1e2d3c-4b5a-4968-8776-655443322110/streams')).status).toBe(404);
      expect(await count(track.id)).toBe(0);
    });
  });

  describe('covers', () => {
    it('serves small WebP or JPEG thumbnails with an ETag and long-lived caching when versioned', async () => {
      const artist = await t.artist();
      const response = await t.sendForm(
        'POST',
        '/api/tracks',
        { fields: { trackName: 'Picha', artistName: 'Wanjiru' }, files: [{ field: 'audio', path: media.mp3Short }, { field: 'coverPhoto', path: media.coverPng }] },
        artist.cookie,
      );
      const track: Track = response.body;
      const url = `/api/tracks/${track.id}/cover`;

      // Before the job ran the thumbnail is made on the spot.
      const webp = await t.fetchBytes(`${url}?size=96&v=${track.coverPhotoFilename}`, { accept: 'image/avif,image/webp,*/*' });
      expect(webp.status).toBe(200);
      expect(webp.headers.get('content-type')).toBe('image/webp');
      // A browser keeps it a year; a shared cache an hour, so a takedown reaches it (decision 066).
      expect(webp.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=3600, immutable');
      expect(webp.headers.get('vary')).toBe('Accept');
      expect(webp.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await sharp(webp.bytes).metadata()).toMatchObject({ format: 'webp', width: 96, height: 96 });
      expect(webp.bytes.length).toBeLessThan(25_000);

      const jpeg = await t.fetchBytes(`${url}?size=640`, { accept: 'image/jpeg,*/*' });
      expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
      expect(jpeg.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      expect(await sharp(jpeg.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 640 });

      const explicit = await t.fetchBytes(`${url}?format=jpeg`, { accept: 'image/webp' });
      expect(await sharp(explicit.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 300 });

      const again = await t.fetchBytes(`${url}?size=96`, { accept: 'image/webp', 'if-none-match': webp.headers.get('etag')! });
      expect(again.status).toBe(304);

      expect((await t.request('GET', `${url}?size=3000`)).status).toBe(400);
      expect((await t.request('GET', `${url}?format=gif`)).status).toBe(400);
      const bare = await upload(artist, media.mp3Short);
      expect((await t.request('GET', `/api/tracks/${bare.id}/cover`)).status).toBe(404);
    });
  });
});
