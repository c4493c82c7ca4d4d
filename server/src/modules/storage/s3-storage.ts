import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import type { Config } from '../../config';
import { AppError } from '../../lib/errors';
import { assertSafeKey, assertSafePrefix, type RangeBody, type Storage } from './storage';

type S3Config = NonNullable<Config['s3']>;

function bodyStream(output: GetObjectCommandOutput): Readable {
  const body = output.Body;
  if (body instanceof Readable) return body;
  throw new Error('S3 response carried no readable body');
}

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
const UNAVAILABLE_NAMES = new Set(['TimeoutError', 'AbortError', 'RequestTimeout', 'ServiceUnavailable', 'SlowDown', 'InternalError']);
/** How long the check before an upload starts waits for the bucket. */
const REACHABLE_TIMEOUT_MS = 3_000;

/** A bucket that cannot be reached or answers 5xx: the caller is told so (503), not handed an SDK error (500). */
export function isBucketUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, code, cause, $metadata } = error as { name?: string; code?: string; cause?: { code?: string }; $metadata?: { httpStatusCode?: number } };
  return (
    (name !== undefined && UNAVAILABLE_NAMES.has(name)) ||
    (code !== undefined && NETWORK_CODES.has(code)) ||
    (cause?.code !== undefined && NETWORK_CODES.has(cause.code)) ||
    ($metadata?.httpStatusCode ?? 0) >= 500
  );
}

function storageUnavailable(cause: unknown): AppError {
  return Object.assign(new AppError('storage.unavailable'), { cause });
}

/**
 * Media in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO). A PutObject is atomic (the
 * object appears only once complete), so a file is uploaded to its final key only after it has
 * been validated; nothing partial is ever visible. Bodies stream from and to disk, never whole in
 * memory, and range requests become ranged GETs.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    config: S3Config,
    private readonly scratchDir: string,
  ) {
    fs.mkdirSync(scratchDir, { recursive: true });
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      ...(config.accessKeyId && config.secretAccessKey
        ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } }
        : {}),
      // Checksums only where S3 requires them: with the newer default, a streamed PutObject is sent
      // in aws-chunked framing that some S3-compatible servers store verbatim (a corrupt object).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    // Every call, after the SDK's own retries: an unreachable bucket becomes 'storage.unavailable'.
    this.client.middlewareStack.add(
      (next) => async (args) => {
        try {
          return await next(args);
        } catch (error) {
          throw isBucketUnavailable(error) ? storageUnavailable(error) : error;
        }
      },
      { step: 'initialize', name: 'sautiStorageUnavailable' },
    );
    this.description = `S3 bucket ${config.bucket}${config.endpoint ? ` at ${new URL(config.endpoint).host}` : ''}`;
  }

  async putFile(key: string, filePath: string, contentType: string): Promise<void> {
    assertSafeKey(key);
    try {
      const { size } = await fsp.stat(filePath);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: fs.createReadStream(filePath, { highWaterMark: 256 * 1024 }),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    } finally {
      await fsp.rm(filePath, { force: true });
    }
  }

  async putBuffer(key: string, body: Buffer, contentType: string): Promise<void> {
    assertSafeKey(key);
    await this.client.send(
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentLength: body.length, ContentType: contentType }),
    );
  }

  async read(key: string): Promise<Buffer> {
    assertSafeKey(key);
    const output = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    const chunks: Buffer[] = [];
    for await (const chunk of bodyStream(output)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async readRange(key: string, start: number, end: number): Promise<RangeBody> {
    assertSafeKey(key);
    const output = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end}` }),
    );
    return { stream: bodyStream(output) };
  }

  async localFile(key: string): Promise<{ path: string; release(): Promise<void> }> {
    assertSafeKey(key);
    const scratch = path.join(this.scratchDir, `s3-${randomUUID()}`);
    try {
      const output = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      await pipeline(bodyStream(output), fs.createWriteStream(scratch));
    } catch (error) {
      await fsp.rm(scratch, { force: true });
      throw error;
    }
    return { path: scratch, release: () => fsp.rm(scratch, { force: true }) };
  }

  async delete(keys: string[]): Promise<void> {
    for (const key of keys) assertSafeKey(key);
    // One DELETE per key: DeleteObjects needs a Content-MD5 that not every S3-compatible server accepts alike.
    await Promise.all(keys.map((key) => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }))));
  }

  async deletePrefix(prefix: string): Promise<void> {
    assertSafePrefix(prefix);
    if (prefix === '') throw new Error('refusing to delete all media');
    await this.delete(await this.list(prefix));
  }

  async list(prefix: string): Promise<string[]> {
    assertSafePrefix(prefix);
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const item of page.Contents ?? []) if (item.Key) keys.push(item.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  async assertReachable(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }), { abortSignal: AbortSignal.timeout(REACHABLE_TIMEOUT_MS) });
    } catch (error) {
      if (error instanceof AppError) throw error;
      // A bucket that answers but refuses us (gone, no rights) is as unusable for an upload.
      throw storageUnavailable(error);
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
