import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { mediaFixtures } from '../../../test/support/media-fixtures';
import { startS3Server, type TestS3 } from '../../../test/support/s3-server';
import { makeDataDir, startTestApp, type TestApp } from '../../../test/support/test-app';
import { TusClient } from '../../../test/support/tus-client';

/** The media bucket goes away and comes back (issue 22): callers are told plainly, nothing is started that cannot finish. */
let s3: TestS3;
let t: TestApp;
let baseUrl: string;
let artist: TestArtist;

const UNAVAILABLE = { code: 'storage.unavailable', message: 'Sauti cannot reach its file storage just now. Please try again in a minute.' };

beforeAll(async () => {
  s3 = await startS3Server();
  t = await startTestApp(s3.env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  artist = await createArtist(t.app);
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const uploadForm = async () => {
  const form = new FormData();
  form.append('trackName', 'Mvua');
  form.append('artistName', 'Wanjiru');
  form.append('audio', await fs.openAsBlob((await mediaFixtures()).wav, { type: 'audio/wav' }), 'mvua.wav');
  return fetch(`${baseUrl}/api/tracks`, { method: 'POST', body: form, headers: { cookie: artist.cookie } });
};

describe('an unreachable media bucket', () => {
  it('refuses to start a resumable upload at once, answers 503 with Retry-After to a form upload, and recovers when it is back', async () => {
    const tus = new TusClient(baseUrl, artist.cookie);
    expect((await tus.create(1000)).status).toBe(201);

    const port = Number(new URL(s3.env.S3_ENDPOINT!).port);
    await s3.close();

    const startedAt = performance.now();
    const refused = await tus.create(1000);
    const refusedAfterMs = performance.now() - startedAt;
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
    expect(refused.body).toEqual(UNAVAILABLE);
    // At once: the bucket's check (one HEAD, a few quick retries of a refused connection), not a timeout.
    expect(refusedAfterMs).toBeLessThan(3_000);

    const form = await uploadForm();
    expect(form.status).toBe(503);
    expect(form.headers.get('retry-after')).toBe('30');
    expect(await form.json()).toEqual(UNAVAILABLE);

    s3 = await startS3Server('sauti-media', port);
    expect((await tus.create(1000)).status).toBe(201);
    expect((await uploadForm()).status).toBe(201);
    console.log(`bucket down: POST /api/uploads refused in ${refusedAfterMs.toFixed(0)} ms`);
  });

  it('answers a PATCH and a DELETE of an upload under way 503 with Retry-After, and the upload carries on once it is back', async () => {
    const tus = new TusClient(baseUrl, artist.cookie);
    const dir = makeDataDir();
    const file = path.join(dir, 'outage.bin');
    // Over one part: the first part is the one that cannot be stored.
    fs.writeFileSync(file, randomBytes(1_500_000));
    try {
      const url = (await tus.create(1_500_000)).headers.location!;
      const port = Number(new URL(s3.env.S3_ENDPOINT!).port);
      await s3.close();

      const patched = await tus.patch(url, file, 0);
      expect(patched?.status).toBe(503);
      expect(patched?.headers['retry-after']).toBe('30');
      expect(patched?.body).toEqual(UNAVAILABLE);
      const ended = await tus.terminate(url);
      expect(ended.status).toBe(503);
      expect(ended.headers['retry-after']).toBe('30');
      expect(ended.body).toEqual(UNAVAILABLE);

      s3 = await startS3Server('sauti-media', port);
      const offset = await tus.offset(url);
      expect(offset).toBe(0);
      expect((await tus.patch(url, file, offset))?.status).toBe(204);
      expect(await tus.offset(url)).toBe(1_500_000);
      expect((await tus.terminate(url)).status).toBe(204);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
