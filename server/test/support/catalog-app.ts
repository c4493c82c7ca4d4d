import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Album, Track } from '#common/schemas/catalog/responses';
import { createArtist, type TestArtist } from './artists';
import { mediaFixtures, type MediaFixtures } from './media-fixtures';
import { startS3Server, type TestS3 } from './s3-server';
import { headerValue, textPart } from './smtp-capture';
import { startTestApp } from './test-app';

export type StorageBackend = 'local' | 's3';
/**
 * The storage backends the catalogue's tests run on: both, local disk (a laptop's) and S3 (many
 * processes'), whichever database the suite runs on. CI runs the suite once, on PostgreSQL, so the
 * pairing lives here rather than in a second run of the whole suite (decision 091, after 081).
 */
export const STORAGE_BACKENDS: StorageBackend[] = ['local', 's3'];

/**
 * The set-up most catalogue tests share: one app on `backend` and the media fixtures for the
 * enclosing describe block (handed to `ready` before its tests), the app closed after it.
 */
export function catalogAppForBlock(backend: StorageBackend, ready: (t: CatalogTestApp, media: MediaFixtures) => void): void {
  let app: CatalogTestApp | undefined;
  beforeAll(async () => {
    const media = await mediaFixtures();
    app = await CatalogTestApp.start(backend);
    ready(app, media);
  });
  afterAll(async () => app?.close());
}

export interface FormFile {
  field: string;
  path: string;
  /** The file name the client claims (defaults to the fixture's). */
  name?: string;
  /** The MIME type the client claims. */
  type?: string;
}

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function parse(response: Response): Promise<HttpResponse> {
  const text = await response.text();
  let body: unknown = text;
  if ((response.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
  return { status: response.status, headers: response.headers, body };
}

/** Undoes RFC 2047 encoded words (nodemailer writes a subject with quotes or accents as =?UTF-8?Q?…?=). */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (__, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8'),
    );
}

/**
 * The real app on a real database and a real storage backend (local disk, or s3rver on loopback),
 * listening on a random loopback port. Jobs do not run by themselves: call app.jobs.drain().
 */
export class CatalogTestApp {
  app!: FastifyInstance;
  baseUrl = '';
  private dataDir = '';
  private databaseUrl: string | undefined;
  private closeBase: (options?: { remove?: boolean }) => Promise<void> = async () => {};

  private constructor(
    readonly backend: StorageBackend,
    private readonly s3: TestS3 | undefined,
    private readonly env: Record<string, string>,
  ) {}

  /** `env` adds configuration (a Paystack stand-in, an SMTP capture). */
  static async start(backend: StorageBackend, env: Record<string, string> = {}): Promise<CatalogTestApp> {
    const harness = new CatalogTestApp(backend, backend === 's3' ? await startS3Server() : undefined, env);
    await harness.boot();
    return harness;
  }

  private dropDatabase: () => Promise<void> = async () => {};

  private async boot(reuse?: { dataDir: string; databaseUrl: string | undefined }) {
    const base = await startTestApp({ ...this.env, ...(this.s3?.env ?? {}) }, reuse ? { dataDir: reuse.dataDir, databaseUrl: reuse.databaseUrl } : {});
    await base.app.listen({ port: 0, host: '127.0.0.1' });
    this.app = base.app;
    this.dataDir = base.dataDir;
    this.databaseUrl = base.databaseUrl;
    this.baseUrl = `http://127.0.0.1:${(base.app.server.address() as AddressInfo).port}`;
    // The first boot created the database (on PostgreSQL); a restart reopens it and must not forget to drop it.
    if (!reuse) this.dropDatabase = base.dropDatabase;
    const dropDatabase = () => this.dropDatabase();
    this.closeBase = async ({ remove = true } = {}) => {
      await base.app.close();
      if (remove) {
        fs.rmSync(base.dataDir, { recursive: true, force: true });
        await dropDatabase();
      }
    };
  }

  /** Stops the process and starts a new one on the same data directory, database and bucket. */
  async restart(): Promise<void> {
    await this.closeBase({ remove: false });
    await this.boot({ dataDir: this.dataDir, databaseUrl: this.databaseUrl });
  }

  async close(): Promise<void> {
    await this.closeBase();
    await this.s3?.close();
  }

  artist(): Promise<TestArtist> {
    return createArtist(this.app);
  }

  /** Every object in media storage (local folder or S3 bucket). */
  storedKeys(prefix = ''): Promise<string[]> {
    return this.app.storage.list(prefix);
  }

  /** Files in the scratch folder (uploads in flight, ffmpeg work). */
  scratchFiles(): string[] {
    const dir = this.scratchDir;
    return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
  }

  /**
   * The mails written to DATA_DIR/outbox (no SMTP_URL): each one's recipient, subject and decoded
   * text, oldest first. Queued mails are written by their job: drain the jobs first.
   */
  outbox(): Array<{ to: string; subject: string; text: string }> {
    const dir = path.join(this.dataDir, 'outbox');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.eml'))
      .sort()
      .map((name) => {
        const raw = fs.readFileSync(path.join(dir, name), 'utf8');
        return { to: headerValue(raw, 'To'), subject: decodeWords(headerValue(raw, 'Subject')), text: textPart(raw) };
      });
  }

  get scratchDir(): string {
    return path.join(this.dataDir, 'tmp');
  }

  async sendForm(
    method: 'POST' | 'PATCH',
    url: string,
    form: { fields?: Record<string, string>; files?: FormFile[] },
    cookie?: string,
  ): Promise<HttpResponse> {
    const body = new FormData();
    for (const [name, value] of Object.entries(form.fields ?? {})) body.append(name, value);
    for (const file of form.files ?? []) {
      const blob = await fs.openAsBlob(file.path, file.type ? { type: file.type } : {});
      body.append(file.field, blob, file.name ?? path.basename(file.path));
    }
    return parse(await fetch(this.baseUrl + url, { method, body, headers: cookie ? { cookie } : {} }));
  }

  /**
   * Uploads a track as `artist` through POST /api/tracks, for tests about something else: the
   * given fields over a default name and artist, the audio file and any other parts (a cover).
   */
  async uploadTrack(artist: { cookie: string }, audio: FormFile | string, fields: Record<string, string> = {}, otherFiles: FormFile[] = []): Promise<Track> {
    const audioPart = typeof audio === 'string' ? { field: 'audio', path: audio } : audio;
    const response = await this.sendForm(
      'POST',
      '/api/tracks',
      { fields: { trackName: 'Kesho', artistName: 'Wanjiru', ...fields }, files: [audioPart, ...otherFiles] },
      artist.cookie,
    );
    if (response.status !== 201) throw new Error(`The track upload answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body as Track;
  }

  /**
   * Creates an album as `artist` through POST /api/albums, for tests about something else: the
   * album's fields and its new songs (each free unless priced, played whole), one file each.
   */
  async uploadAlbum(artist: { cookie: string }, fields: Record<string, string>, songs: { trackName: string; file: string; price?: string }[] = []): Promise<Album> {
    const albumTracks = songs.map((song) => ({ trackName: song.trackName, artistName: 'Wanjiru', price: song.price ?? '', allowFullPlayback: true }));
    const response = await this.sendForm(
      'POST',
      '/api/albums',
      {
        fields: { ...fields, ...(songs.length > 0 ? { albumTracks: JSON.stringify(albumTracks) } : {}) },
        files: songs.map((song, i) => ({ field: `albumTrackFile_${i}`, path: song.file })),
      },
      artist.cookie,
    );
    if (response.status !== 201) throw new Error(`The album upload answered ${response.status}: ${JSON.stringify(response.body)}`);
    return response.body as Album;
  }

  async request(
    method: string,
    url: string,
    options: { cookie?: string; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<HttpResponse> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    return parse(
      await fetch(this.baseUrl + url, { method, headers, ...(options.json !== undefined ? { body: JSON.stringify(options.json) } : {}) }),
    );
  }

  /** A response's bytes, for comparing audio and images. */
  async fetchBytes(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
    const response = await fetch(this.baseUrl + url, { headers });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }
}

/** Resolves when a file whose name starts with `prefix` appears in `dir` (an upload being written). */
export function fileAppears(dir: string, prefix: string): Promise<void> {
  return new Promise((resolve) => {
    const watcher = fs.watch(dir, (_event, name) => {
      if (name?.startsWith(prefix)) {
        watcher.close();
        resolve();
      }
    });
    if (fs.readdirSync(dir).some((name) => name.startsWith(prefix))) {
      watcher.close();
      resolve();
    }
  });
}
