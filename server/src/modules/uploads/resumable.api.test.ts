import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CATALOG_MESSAGES, MAX_AUDIO_FILE_BYTES, MAX_UNFINISHED_UPLOADS, STORAGE_QUOTA_BYTES } from '#common/schemas/catalog/rules';
import { resumableUploads, tracks } from '../../db/schema';
import type { TestArtist } from '../../../test/support/artists';
import { CatalogTestApp, STORAGE_BACKENDS } from '../../../test/support/catalog-app';
import { fiftyMegabyteWav, mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';
import { TusClient, tusRequest } from '../../../test/support/tus-client';
import { DbLocker, LEASE_MS } from './resumable-locker';
import { tryLock } from './resumable.repo';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * Resumable uploads (issue 11, docs/decisions/033): tus 1.0 at /api/uploads, on the real app with
 * real storage (local disk, and an S3-compatible server), then POST /api/tracks naming the
 * finished upload. A connection cut mid-upload loses nothing that reached the server.
 */
describe.each(process.env.ONLY_BACKEND ? [process.env.ONLY_BACKEND as 'local'] : STORAGE_BACKENDS)('resumable uploads, with %s storage', (backend) => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  let wav: string;

  beforeAll(async () => {
    media = await mediaFixtures();
    wav = await fiftyMegabyteWav();
    t = await CatalogTestApp.start(backend);
  }, 120_000);
  afterAll(async () => t?.close());

  /**
   * Resolves once the server holds `bytes` of the PATCH to `url` from `start` now arriving (a cut then
   * loses none of them): the parts it stored as they came, and the one it is spooling.
   */
  const spooled = (url: string, start: number) => (bytes: number) =>
    vi.waitFor(
      async () => {
        const [row] = await t.app.database.db
          .select({ received: resumableUploads.received })
          .from(resumableUploads)
          .where(eq(resumableUploads.id, url.split('/').pop()!));
        const sizes = fs
          .readdirSync(t.scratchDir)
          .filter((name) => name.startsWith('resumable-'))
          .map((name) => {
            try {
              return fs.statSync(path.join(t.scratchDir, name)).size;
            } catch {
              return 0;
            }
          });
        expect(row!.received - start + Math.max(0, ...sizes)).toBeGreaterThanOrEqual(bytes);
      },
      { timeout: 60_000, interval: 10 },
    );

  /** A tus upload of media.mp3's size begun by `artist`, no bytes sent yet: the client and its URL. */
  async function begunUpload(artist: TestArtist) {
    const client = new TusClient(t.baseUrl, artist.cookie);
    const created = await client.create(fs.statSync(media.mp3).size);
    return { client, url: created.headers.location! };
  }

  async function uploadRows(artist: TestArtist) {
    return t.app.database.db.select().from(resumableUploads).where(eq(resumableUploads.userId, artist.id));
  }

  async function finishedUpload(artist: TestArtist, file: string, name = path.basename(file)): Promise<string> {
    const client = new TusClient(t.baseUrl, artist.cookie);
    const created = await client.create(fs.statSync(file).size, { filename: name, filetype: 'audio/mpeg' });
    expect(created.status).toBe(201);
    const url = created.headers.location!;
    const done = await client.patch(url, file, 0);
    expect(done?.status).toBe(204);
    return url.split('/').pop()!;
  }

  const trackForm = (uploadId: string, fields: Record<string, string> = {}) => ({
    fields: { trackName: 'Kesho', artistName: 'Wanjiru', audioUploadId: uploadId, ...fields },
  });

  it(
    'resumes a 50 MB WAV after the connection is cut twice, without sending it again, and makes it a track',
    async () => {
      const artist = await t.artist();
      const size = fs.statSync(wav).size;
      expect(size).toBeGreaterThan(50_000_000);
      expect(size).toBeLessThanOrEqual(MAX_AUDIO_FILE_BYTES);
      const client = new TusClient(t.baseUrl, artist.cookie);

      const created = await client.create(size, { filename: 'Usiku Mwema.wav', filetype: 'audio/wav' });
      expect(created.status).toBe(201);
      const url = created.headers.location!;
      expect(url).toMatch(/^\/api\/uploads\/[0-9a-f-]{36}$/);
      expect(new Date(created.headers['upload-expires'] as string).getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
      expect(await client.offset(url)).toBe(0);

      // The first cut, 15 MB in: what reached the server is kept.
      const firstCut = 15 * 1024 * 1024 + 12_345;
      expect(await client.patch(url, wav, 0, { cutAfter: firstCut, received: spooled(url, 0) })).toBeUndefined();
      expect(await client.offset(url)).toBe(firstCut);
      // Stored a part at a time as it came (a crash would have lost at most the last one).
      expect(await t.storedKeys(`uploads/${url.split('/').pop()}/`)).toHaveLength(16);

      // The second cut, 20 MB further on.
      const secondCut = 20 * 1024 * 1024 + 999;
      expect(await client.patch(url, wav, firstCut, { cutAfter: secondCut, received: spooled(url, firstCut) })).toBeUndefined();
      const resumeAt = await client.offset(url);
      expect(resumeAt).toBe(firstCut + secondCut);

      // The rest, from where the server says it is.
      const last = await client.patch(url, wav, resumeAt);
      expect(last?.status).toBe(204);
      expect(Number(last?.headers['upload-offset'])).toBe(size);
      expect(await client.offset(url)).toBe(size);
      // Every byte went over the wire once: the cuts cost nothing but the requests.
      expect(client.bytesSent).toBe(size);
      expect(client.bytesSent).toBeLessThan(1.2 * size);

      const uploadId = url.split('/').pop()!;
      const response = await t.sendForm('POST', '/api/tracks', trackForm(uploadId, { price: '150' }), artist.cookie);
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        trackName: 'Kesho',
        artistName: 'Wanjiru',
        originalName: 'Usiku Mwema.wav',
        fileSize: size,
        mimeType: 'audio/wav',
        price: 15000,
      });
      expect(response.body.duration).toBeCloseTo(295, 0);

      // The stored audio is the file, byte for byte; the upload and its pieces are gone.
      const [audioKey] = await t.storedKeys(`audio/${artist.id}/`);
      expect(sha256(await t.app.storage.read(audioKey!))).toBe(sha256(fs.readFileSync(wav)));
      expect(await uploadRows(artist)).toEqual([]);
      expect(await t.storedKeys(`uploads/${uploadId}/`)).toEqual([]);
      expect(t.scratchFiles()).toEqual([]);
      expect((await client.head(url)).status).toBe(404);

      // And it plays, like any uploaded track.
      await t.app.jobs.drain();
      const stream = await t.fetchBytes(`/api/tracks/${response.body.id}/stream`, { range: 'bytes=0-1023' });
      expect(stream.status).toBe(206);
      expect(stream.bytes.length).toBe(1024);
    },
    240_000,
  );

  it('keeps another artist out: their upload is not there to read, resume, end or use', async () => {
    const owner = await t.artist();
    const other = await t.artist();
    const uploadId = await finishedUpload(owner, media.mp3);
    const stranger = new TusClient(t.baseUrl, other.cookie);
    const url = `/api/uploads/${uploadId}`;
    for (const answer of [await stranger.head(url), await stranger.terminate(url)]) expect(answer.status).toBe(404);
    const patch = await stranger.patch(url, media.mp3, 0);
    expect(patch?.status).toBe(404);
    expect(patch?.body).toEqual({ code: 'upload.not-found', message: CATALOG_MESSAGES.uploadNotFound });

    const taken = await t.sendForm('POST', '/api/tracks', trackForm(uploadId), other.cookie);
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ code: 'form.invalid', message: CATALOG_MESSAGES.audioUploadMissing, errors: { audio: CATALOG_MESSAGES.audioUploadMissing } });
    expect(await t.app.database.db.select().from(tracks).where(eq(tracks.userId, other.id))).toEqual([]);

    // The owner still has it, whole.
    expect(await new TusClient(t.baseUrl, owner.cookie).offset(url)).toBe(fs.statSync(media.mp3).size);
  });

  it('answers a malformed upload id exactly as an unknown one (decision 082), on each path', async () => {
    const artist = await t.artist();
    const unknown = '7c0c1f0e-0000-4000-8000-000000000000';
    const malformed = ['nope', '7c0c1f0e-0000-4000-8000-00000000000', `${unknown}0`, "7c0c1f0e' OR '1'='1", 'x'.repeat(100)];
    const bytes = Buffer.alloc(1000, 1);
    /** What a client sees of an answer, less the date. */
    const seen = async (method: 'HEAD' | 'PATCH' | 'DELETE', id: string) => {
      const headers = { cookie: artist.cookie, 'tus-resumable': '1.0.0', ...(method === 'PATCH' ? { 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' } : {}) };
      const answer = await tusRequest(t.baseUrl, method, `/api/uploads/${encodeURIComponent(id)}`, headers, method === 'PATCH' ? bytes : undefined);
      const { date: _date, ...rest } = answer.headers;
      return { status: answer.status, headers: rest, body: answer.body };
    };
    for (const method of ['HEAD', 'PATCH', 'DELETE'] as const) {
      const expected = await seen(method, unknown);
      expect(expected.status, method).toBe(404);
      if (method !== 'HEAD') expect(expected.body, method).toEqual({ code: 'upload.not-found', message: CATALOG_MESSAGES.uploadNotFound });
      for (const id of malformed) expect(await seen(method, id), `${method} ${id}`).toEqual(expected);
    }

    // Named by a form instead of the audio part: the unknown upload's field error.
    const missing = { code: 'form.invalid', message: CATALOG_MESSAGES.audioUploadMissing, errors: { audio: CATALOG_MESSAGES.audioUploadMissing } };
    for (const id of [unknown, ...malformed, ' ']) {
      const response = await t.sendForm('POST', '/api/tracks', trackForm(id), artist.cookie);
      expect({ status: response.status, body: response.body }, id).toEqual({ status: 400, body: missing });
    }
    // Named beside an audio part: the one-file message first, as before.
    const both = await t.sendForm('POST', '/api/tracks', { ...trackForm('nope'), files: [{ field: 'audio', path: media.mp3Short }] }, artist.cookie);
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(CATALOG_MESSAGES.oneAudioFile);
    expect(await t.app.database.db.select().from(tracks).where(eq(tracks.userId, artist.id))).toEqual([]);
  });

  it('refuses a file over 50 MB, or over the storage quota, when the upload is created', async () => {
    const artist = await t.artist();
    const client = new TusClient(t.baseUrl, artist.cookie);
    const tooLarge = await client.create(MAX_AUDIO_FILE_BYTES + 1);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ code: 'upload.too-large', message: CATALOG_MESSAGES.audioTooLarge });

    // Most of the quota is used already (recorded directly: no gigabyte in a test).
    await t.app.database.db.insert(tracks).values({
      userId: artist.id,
      trackName: 'Long mix',
      artistName: 'Wanjiru',
      originalName: 'mix.wav',
      fileSize: STORAGE_QUOTA_BYTES - 1_000_000,
      mimeType: 'audio/wav',
      duration: 5000,
      audioKey: `audio/${artist.id}/00000000-0000-4000-8000-000000000000.wav`,
    });
    const overQuota = await client.create(1_000_001);
    expect(overQuota.status).toBe(413);
    expect(overQuota.body).toEqual({ code: 'quota.exceeded', message: CATALOG_MESSAGES.storageFull });
    expect(await uploadRows(artist)).toEqual([]);
    expect((await client.create(1_000_000)).status).toBe(201);
  });

  it('answers 401 to a signed-out client, and 412 to one that does not speak tus', async () => {
    const artist = await t.artist();
    const uploadId = await finishedUpload(artist, media.mp3Short);
    const anonymous = new TusClient(t.baseUrl, undefined);
    expect((await anonymous.create(1000)).status).toBe(401);
    expect((await anonymous.head(`/api/uploads/${uploadId}`)).status).toBe(401);
    expect((await anonymous.patch(`/api/uploads/${uploadId}`, media.mp3Short, 0))?.status).toBe(401);
    expect((await anonymous.terminate(`/api/uploads/${uploadId}`)).status).toBe(401);

    const withoutTus = await new TusClient(t.baseUrl, artist.cookie).create(1000, {}, { 'tus-resumable': undefined });
    expect(withoutTus.status).toBe(412);
    expect(withoutTus.headers['content-type']).toContain('application/json');
    expect(await uploadRows(artist)).toHaveLength(1);
  });

  it('refuses a finished upload that is not audio, with the form message, and stores nothing', async () => {
    const artist = await t.artist();
    const uploadId = await finishedUpload(artist, media.textAsMp3, 'song.mp3');
    const response = await t.sendForm('POST', '/api/tracks', trackForm(uploadId), artist.cookie);
    expect(response.status).toBe(415);
    expect(response.body).toEqual({ code: 'upload.unsupported-format', message: CATALOG_MESSAGES.audioFormat, errors: { audio: CATALOG_MESSAGES.audioFormat } });
    await t.app.uploads.idle();
    expect(await t.app.database.db.select().from(tracks).where(eq(tracks.userId, artist.id))).toEqual([]);
    expect(await t.storedKeys(`audio/${artist.id}/`)).toEqual([]);
    // A file that can never be a track is not kept either.
    expect(await uploadRows(artist)).toEqual([]);
    expect(await t.storedKeys(`uploads/${uploadId}/`)).toEqual([]);
    expect(t.scratchFiles()).toEqual([]);
  });

  it('keeps a finished upload when the form has a field to correct, and takes it once corrected', async () => {
    const artist = await t.artist();
    const uploadId = await finishedUpload(artist, media.mp3);
    const wrong = await t.sendForm('POST', '/api/tracks', trackForm(uploadId, { trackName: ' ' }), artist.cookie);
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(CATALOG_MESSAGES.trackNameRequired);
    expect(await uploadRows(artist)).toHaveLength(1);

    const both = await t.sendForm('POST', '/api/tracks', { ...trackForm(uploadId), files: [{ field: 'audio', path: media.mp3 }] }, artist.cookie);
    expect(both.status).toBe(400);
    expect(both.body.message).toBe(CATALOG_MESSAGES.oneAudioFile);

    const right = await t.sendForm('POST', '/api/tracks', { ...trackForm(uploadId), files: [{ field: 'coverPhoto', path: media.coverPng }] }, artist.cookie);
    expect(right.status).toBe(201);
    expect(right.body.coverPhotoFilename).not.toBeNull();
    expect(right.body.fileSize).toBe(fs.statSync(media.mp3).size);
    expect(await uploadRows(artist)).toEqual([]);

    // Used once: naming it again finds nothing.
    const again = await t.sendForm('POST', '/api/tracks', trackForm(uploadId), artist.cookie);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(CATALOG_MESSAGES.audioUploadMissing);
  });

  it('tells an artist whose upload has not finished to wait for it', async () => {
    const artist = await t.artist();
    const { url } = await begunUpload(artist);
    const uploadId = url.split('/').pop()!;
    const response = await t.sendForm('POST', '/api/tracks', trackForm(uploadId), artist.cookie);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(CATALOG_MESSAGES.audioUploadUnfinished);
  });

  it('ends an upload on DELETE, with what it had stored', async () => {
    const artist = await t.artist();
    const { client, url } = await begunUpload(artist);
    await client.patch(url, media.mp3, 0, { cutAfter: 100_000, received: spooled(url, 0) });
    expect(await client.offset(url)).toBe(100_000);
    expect(await t.storedKeys(`uploads/${url.split('/').pop()}/`)).toHaveLength(1);
    expect((await client.terminate(url)).status).toBe(204);
    expect(await uploadRows(artist)).toEqual([]);
    expect(await t.storedKeys(`uploads/${url.split('/').pop()}/`)).toEqual([]);
    expect((await client.head(url)).status).toBe(404);
  });

  it(`allows ${MAX_UNFINISHED_UPLOADS} unfinished uploads per artist`, async () => {
    const artist = await t.artist();
    const client = new TusClient(t.baseUrl, artist.cookie);
    const answers = await Promise.all(Array.from({ length: MAX_UNFINISHED_UPLOADS + 2 }, () => client.create(1000)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(MAX_UNFINISHED_UPLOADS);
    const refused = answers.filter((answer) => answer.status !== 201);
    expect(refused.map((answer) => answer.status)).toEqual([429, 429]);
    expect(refused[0]!.body.message).toBe(CATALOG_MESSAGES.tooManyUnfinishedUploads);
    // Ending one makes room.
    await client.terminate(answers.find((answer) => answer.status === 201)!.headers.location!);
    expect((await client.create(1000)).status).toBe(201);
  });

  it('removes expired uploads, finished or not, with their stored bytes (the hourly job)', async () => {
    const artist = await t.artist();
    const finished = await finishedUpload(artist, media.mp3Short);
    const { client, url } = await begunUpload(artist);
    await client.patch(url, media.mp3, 0, { cutAfter: 50_000, received: spooled(url, 0) });
    const unfinished = url.split('/').pop()!;
    const fresh = (await client.create(1000)).headers.location!.split('/').pop()!;

    // A day later (brought forward here), the two older ones have expired.
    await t.app.database.db.execute(sql`UPDATE resumable_uploads SET expires_at = now() - interval '1 second' WHERE id IN (${finished}, ${unfinished})`);
    expect((await client.head(url)).status).toBe(410);
    await t.app.jobs.offerScheduled();
    await t.app.jobs.drain(['uploads.expire']);
    expect((await uploadRows(artist)).map((row) => row.id)).toEqual([fresh]);
    expect(await t.storedKeys(`uploads/${finished}/`)).toEqual([]);
    expect(await t.storedKeys(`uploads/${unfinished}/`)).toEqual([]);
    expect((await t.sendForm('POST', '/api/tracks', trackForm(finished), artist.cookie)).body.message).toBe(CATALOG_MESSAGES.audioUploadMissing);
  });
});

describe('the tus lock across processes (DbLocker)', () => {
  let t: CatalogTestApp;
  beforeAll(async () => {
    t = await CatalogTestApp.start('local');
  });
  afterAll(async () => t?.close());

  it('asks the holder to let go, and takes the lock once it has', async () => {
    const artist = await t.artist();
    const id = randomUUID();
    await t.app.database.db.insert(resumableUploads).values({ id, userId: artist.id, size: 10, expiresAt: new Date(Date.now() + 3600_000) });
    // Two processes' lockers on one database.
    const first = new DbLocker(() => t.app.database.db).newLock(id);
    const second = new DbLocker(() => t.app.database.db).newLock(id);
    const released = vi.fn(async () => first.unlock());
    await first.lock(new AbortController().signal, released);
    const started = Date.now();
    await second.lock(new AbortController().signal, async () => {});
    expect(released).toHaveBeenCalledTimes(1);
    expect(Date.now() - started).toBeLessThan(5_000);
    await second.unlock();

    // A lock on an upload that is gone is a 404 for tus.
    await expect(new DbLocker(() => t.app.database.db).newLock(randomUUID()).lock(new AbortController().signal, async () => {})).rejects.toMatchObject({
      status_code: 404,
    });
  });

  it('takes over, within its short lease, a lock whose holder died without letting go', async () => {
    const artist = await t.artist();
    const id = randomUUID();
    await t.app.database.db.insert(resumableUploads).values({ id, userId: artist.id, size: 10, expiresAt: new Date(Date.now() + 3600_000) });
    // A process killed while a PATCH held the upload: its lock stays in the row, renewed by nobody.
    expect(await tryLock(t.app.database.db, id, randomUUID(), LEASE_MS)).toBe('taken');
    const started = performance.now();
    const resume = new DbLocker(() => t.app.database.db).newLock(id);
    await resume.lock(new AbortController().signal, async () => {});
    const waitedMs = performance.now() - started;
    expect(waitedMs).toBeLessThan(LEASE_MS + 1_000);
    await resume.unlock();
    console.log(`lock of a dead holder taken over after ${waitedMs.toFixed(0)} ms`);
  });
});
