import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type pg from 'pg';
import { decodedSecondsOfBytes, mediaFixtures } from '../support/media-fixtures';
import type { TestS3 } from '../support/s3-server';
import { postJson, stopNodes, type ServerNode } from '../support/server-process';
import { closeSharedStores, openSharedStores, startSharedNode, verifiedArtistOn, type SharedStores } from '../support/shared-stores';
import { TusClient } from '../support/tus-client';

/**
 * Sauti as it runs when it outgrows one machine (docs/decisions/024): two server processes, each
 * with its own DATA_DIR, on one PostgreSQL database and one media store. What one process does,
 * the other honours at once; limits and counts are the same whichever process a request reaches.
 */
type Node = ServerNode;

let database: SharedStores['database'], client: pg.Client, s3: TestS3;
let a: Node, b: Node;
let cookie: string, email: string;
const password = 'a long test password';

// One media store for both: an S3-compatible bucket.
const startNode = () => startSharedNode({ database, s3 });

beforeAll(async () => {
  ({ database, client, s3 } = await openSharedStores());
  a = await startNode();
  b = await startNode();
  // An artist: registered on A, verified (the mailed link is beside the point here), signed in on A.
  ({ email, cookie } = await verifiedArtistOn(a, client, 'Two', password));
}, 120_000);

afterAll(async () => {
  await stopNodes([a, b]);
  await closeSharedStores({ database, client, s3 });
});

describe('two server processes on one database', () => {
  it('honours on one process, at once, a switch to preview-only made on the other', async () => {
    const media = await mediaFixtures();
    const form = new FormData();
    form.append('trackName', 'Two Rooms');
    form.append('artistName', 'Wanjiru');
    form.append('price', '0');
    form.append('allowFullPlayback', 'true');
    form.append('audio', await fs.openAsBlob(media.mp3Long, { type: 'audio/mpeg' }), 'two-rooms.mp3');
    const created = await fetch(`${a.url}/api/tracks`, { method: 'POST', body: form, headers: { cookie } });
    expect(created.status).toBe(201);
    const track = (await created.json()) as { id: string };

    // A listener on B hears the whole song (B has now looked the track up).
    const full = Buffer.from(await (await fetch(`${b.url}/api/tracks/${track.id}/stream`)).arrayBuffer());
    expect(decodedSecondsOfBytes(full)).toBeGreaterThan(38);

    const edit = new FormData();
    edit.append('allowFullPlayback', 'false');
    expect((await fetch(`${a.url}/api/tracks/${track.id}`, { method: 'PATCH', body: edit, headers: { cookie } })).status).toBe(200);

    // The very next request to B gets the 25-second preview, never the whole song.
    const preview = await fetch(`${b.url}/api/tracks/${track.id}/stream`);
    expect(preview.status).toBe(200);
    const seconds = decodedSecondsOfBytes(Buffer.from(await preview.arrayBuffer()));
    expect(seconds).toBeGreaterThan(20);
    expect(seconds).toBeLessThanOrEqual(25.5);
    // Its owner, signed in on B with the session made on A, still hears it all.
    const owner = Buffer.from(await (await fetch(`${b.url}/api/tracks/${track.id}/stream`, { headers: { cookie } })).arrayBuffer());
    expect(decodedSecondsOfBytes(owner)).toBeGreaterThan(38);
  });

  it('counts a play once, whichever process each post reaches', async () => {
    const tracks = (await (await fetch(`${a.url}/api/tracks`, { headers: { cookie } })).json()) as { id: string }[];
    const id = tracks[0]!.id;
    const event = { streamType: 'play', duration: 30, completedPercentage: 80 };
    const first = (await (await postJson(a, `/api/tracks/${id}/stream`, event)).json()) as { counted: boolean; streamCount: number };
    const second = (await (await postJson(b, `/api/tracks/${id}/stream`, event)).json()) as { counted: boolean; streamCount: number };
    expect(first).toEqual({ counted: true, streamCount: 1 });
    expect(second).toEqual({ counted: false, streamCount: 1 });
  });

  it('holds the per-e-mail sign-in limit across both processes', async () => {
    // 10 attempts per e-mail per window (DEFAULT_AUTH_LIMITS): 5 wrong ones on each process use them up.
    for (const node of [a, b, a, b, a, b, a, b, a, b]) {
      expect((await postJson(node, '/api/login', { email, password: 'not the password' })).status).toBe(401);
    }
    expect((await postJson(b, '/api/login', { email, password })).status).toBe(429);
    expect((await postJson(a, '/api/login', { email, password })).status).toBe(429);
  });

  it('holds the per-address route limit across both processes', async () => {
    // /api/forgot-password allows 30 requests per client address per window (DEFAULT_ROUTE_LIMITS).
    for (let i = 0; i < 30; i++) {
      const node = i % 2 === 0 ? a : b;
      expect((await postJson(node, '/api/forgot-password', { email: `nobody-${i}@example.com` })).status).toBe(200);
    }
    const refused = await postJson(b, '/api/forgot-password', { email: 'one-more@example.com' });
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { message: string }).message).toMatch(/too many/i);
  });

  it('continues a resumable upload on the other process, even while the first still holds it', async () => {
    const file = (await mediaFixtures()).mp3;
    const size = fs.statSync(file).size;
    const onA = new TusClient(a.url, cookie);
    const onB = new TusClient(b.url, cookie);
    const created = await onA.create(size, { filename: 'safari.mp3' });
    expect(created.status).toBe(201);
    const url = created.headers.location!;
    // A's connection dies without a word (no FIN, no RST): A still holds the upload, waiting for bytes.
    const spooled = (bytes: number) =>
      vi.waitFor(
        () => {
          const scratch = path.join(a.dataDir, 'tmp');
          const sizes = fs.readdirSync(scratch).filter((name) => name.startsWith('resumable-')).map((name) => fs.statSync(path.join(scratch, name)).size);
          expect(Math.max(0, ...sizes)).toBeGreaterThanOrEqual(bytes);
        },
        { timeout: 10_000, interval: 20 },
      );
    let hung: (() => void) | undefined;
    void onA.patch(url, file, 0, { cutAfter: 200_000, received: (bytes) => spooled(bytes).then(() => new Promise<void>((resolve) => (hung = resolve))) });
    await vi.waitFor(() => expect(hung).toBeDefined(), { timeout: 10_000 });
    // B asks where the upload is: A is asked (through the database) to let go, keeps what it got, and B answers.
    expect(await onB.offset(url)).toBe(200_000);
    const rest = await onB.patch(url, file, 200_000);
    expect(rest?.status).toBe(204);
    hung!();
    expect(onA.bytesSent + onB.bytesSent).toBe(size);

    const form = new FormData();
    form.append('trackName', 'Safari');
    form.append('artistName', 'Wanjiru');
    form.append('audioUploadId', url.split('/').pop()!);
    const track = await fetch(`${a.url}/api/tracks`, { method: 'POST', body: form, headers: { cookie } });
    expect(track.status).toBe(201);
    expect(((await track.json()) as { fileSize: number }).fileSize).toBe(size);
  });

  it('runs each scheduled clean-up once per period, not once per process', async () => {
    await vi.waitFor(
      async () => {
        const { rows } = await client.query<{ kind: string; runs: number; done: number; attempts: number }>(`
          SELECT kind, count(*)::int AS runs, count(*) FILTER (WHERE status = 'done')::int AS done, max(attempts)::int AS attempts
          FROM jobs WHERE dedupe_key IS NOT NULL GROUP BY kind ORDER BY kind`);
        expect(rows.map((row) => row.kind)).toEqual([
          'auth.sweep',
          'catalog.forget-old-plays',
          'discovery.rank',
          'follows.purge',
          'follows.sweep',
          'jobs.clean-up',
          'limits.sweep',
          'payments.library-purge',
          'payments.reconcile',
          'payments.refunds-check',
          'payouts.run',
          'public-pages.forget-old-views',
          'uploads.expire',
        ]);
        for (const row of rows) expect(row, row.kind).toMatchObject({ runs: 1, done: 1, attempts: 1 });
      },
      { timeout: 30_000, interval: 250 },
    );
  });
});
