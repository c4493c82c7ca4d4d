import { createHash } from 'node:crypto';
import type { StreamEvent } from '#common/schemas/playback';
import type { Db } from '../../db/client';
import type { RenditionKind } from '../../db/schema';
import type { RenditionProfileName } from '../media';
import { AppError } from '../../lib/errors';
import type { ServedFile as StoredFile } from '../storage';

/** A file to stream; the route says how it may be cached. */
export type ServedFile = Omit<StoredFile, 'cacheControl'>;
import type { PurchasableItem } from '../../lib/purchase-grants';
import type { PlaybackContext } from './playback-context';
import { countPlay, forgetOldSalts, forgetOldThrottles, listenerSaltOf, streamCountOf } from './plays.repo';
import { findStreamRecord, type RenditionRecord, type StreamRecord } from './playback.repo';
import { listenerNetwork } from '../../lib/listener-network';
import { TtlCache } from '../../lib/ttl-cache';

/** Strong validator for a stored object: keys are never reused for other content. */
function etagOf(key: string, size: number): string {
  return `"${createHash('sha256').update(key).digest('base64url').slice(0, 22)}-${size.toString(36)}"`;
}


export type StreamQuality = 'standard' | 'low';

/**
 * What GET /api/tracks/{id}/stream sends (spec section 4, docs/decisions/012 and 021):
 *  - a full-playback track: the rendition of the chosen quality, falling back to the other; while
 *    the job has not run yet, the original to its owner and a rendition made on demand to anyone
 *    else (the original is what a buyer pays to download);
 *  - a preview-only track: its 25-second preview to everyone but its owner, made on demand if the
 *    job has not made it yet. Never the full audio.
 * Track facts are cached per process, so a burst of range requests costs no query each; the cache
 * is exact because every change to a track emits track.changed, which drops its entry on every
 * process (docs/decisions/053): a switch to preview-only made on one process is honoured by every
 * other before its answer leaves. While other processes' events may be missed, it reads afresh.
 * The session is only looked up for preview-only tracks.
 */
interface PreparedStream {
  userId: string;
  albumId: string | null;
  allowFullPlayback: boolean;
  takenDown: boolean;
  original: ServedFile;
  renditions: Partial<Record<RenditionKind, ServedFile>>;
}

function servedRendition(rendition: RenditionRecord): ServedFile {
  return {
    key: rendition.storageKey,
    size: rendition.byteSize,
    contentType: rendition.mimeType,
    etag: etagOf(rendition.storageKey, rendition.byteSize),
    lastModified: rendition.createdAt,
  };
}

function prepare({ track, renditions }: StreamRecord): PreparedStream {
  const prepared: PreparedStream = {
    userId: track.userId,
    albumId: track.albumId,
    allowFullPlayback: track.allowFullPlayback,
    takenDown: track.takenDown,
    original: {
      key: track.audioKey,
      size: track.fileSize,
      contentType: track.mimeType,
      etag: etagOf(track.audioKey, track.fileSize),
      lastModified: track.uploadedAt,
      },
    renditions: {},
  };
  for (const rendition of renditions) prepared.renditions[rendition.kind] = servedRendition(rendition);
  return prepared;
}

const utcDay = (now = new Date()) => now.toISOString().slice(0, 10);

export class StreamsService {
  /** The day's shared listener salt (a day's salt never changes, so keeping it is exact). */
  private salt: { day: string; value: Promise<Buffer> } | undefined;

  /** Everything the stream route needs per track, ready to send: no query and no hashing per range request. */
  private readonly prepared = new TtlCache<string, PreparedStream | null>(5_000, 10_000);

  constructor(private readonly context: PlaybackContext) {
    context.events.on('track.changed', ({ trackId }) => this.prepared.invalidate(trackId));
    context.events.on('events.resync', () => this.prepared.clear());
  }

  private async lookup(trackId: string): Promise<PreparedStream> {
    const load = async () => {
      const record = await findStreamRecord(this.context.db(), trackId);
      return record ? prepare(record) : null;
    };
    const stream = await (this.context.events.synced ? this.prepared.get(trackId, load) : load());
    if (!stream) throw new AppError('track.not-found');
    return stream;
  }

  async streamFile(
    trackId: string,
    quality: StreamQuality,
    viewerId: () => Promise<string | undefined>,
    bought: (item: PurchasableItem) => Promise<boolean> = async () => false,
  ): Promise<ServedFile> {
    const stream = await this.lookup(trackId);
    const { renditions } = stream;
    // Taken down (decision 058): gone for everyone but its owner and those who bought it.
    if (stream.takenDown && (await viewerId()) !== stream.userId && !(await bought({ type: 'track', id: trackId, albumId: stream.albumId }))) {
      throw new AppError('track.not-found');
    }
    // A preview-only track plays whole for its owner and for those who bought it (or its album).
    if (
      !stream.allowFullPlayback &&
      (await viewerId()) !== stream.userId &&
      !(await bought({ type: 'track', id: trackId, albumId: stream.albumId }))
    ) {
      const wanted: RenditionProfileName = quality === 'low' ? 'preview_low' : 'preview';
      return renditions[wanted] ?? renditions[wanted === 'preview' ? 'preview_low' : 'preview'] ?? (await this.makeNow(trackId, wanted));
    }
    const ready = quality === 'low' ? (renditions.low ?? renditions.standard) : (renditions.standard ?? renditions.low);
    if (ready) return ready;
    if ((await viewerId()) === stream.userId) return stream.original;
    return this.makeNow(trackId, quality === 'low' ? 'low' : 'standard');
  }

  /**
   * A listener pressed play before the job made what they need: make it now (a 25-second preview
   * takes well under a second, a whole song a few seconds), rather than refuse them or send more
   * than they may have.
   */
  private async makeNow(trackId: string, kind: RenditionProfileName): Promise<ServedFile> {
    let made: RenditionRecord[];
    try {
      made = await this.context.work.ensureRenditions(trackId, [kind]);
    } catch (error) {
      this.context.log.error({ err: error, trackId, kind }, 'could not make a rendition on demand');
      throw new AppError(kind.startsWith('preview') ? 'preview.not-ready' : 'stream.not-ready');
    }
    const rendition = made.find((candidate) => candidate.kind === kind);
    if (!rendition) throw new AppError('track.not-found');
    return servedRendition(rendition);
  }

  /**
   * POST /api/tracks/{id}/stream: counts a play, at most once per listener per track per
   * 10 minutes. The listener is the signed-in user, else the client's address (an IPv6 one by its /64).
   * The owner's own plays never count (issue 16: a play in the dashboard is not a fan's).
   */
  async recordPlay(
    trackId: string,
    listener: { userId: string | undefined; address: string },
    event: StreamEvent,
  ): Promise<{ counted: boolean; streamCount: number }> {
    const stream = await this.lookup(trackId);
    // The owner's own plays never count; nor do plays of a song taken down (decision 058: its buyers
    // still play it, but it is out of every public figure).
    if ((listener.userId !== undefined && listener.userId === stream.userId) || stream.takenDown) {
      const streamCount = await streamCountOf(this.context.db(), trackId);
      if (streamCount === undefined) throw new AppError('track.not-found');
      return { counted: false, streamCount };
    }
    const identity = listener.userId ? `user:${listener.userId}` : `address:${listenerNetwork(listener.address)}`;
    const listenerHash = createHash('sha256').update(await this.listenerSalt()).update(identity).digest('base64url');
    const result = await countPlay(this.context.db(), trackId, listenerHash, event);
    if (!result) throw new AppError('track.not-found');
    if (result.counted) this.context.events.emit('track.played', { trackId, userId: stream.userId });
    return result;
  }

  /**
   * Every process hashes a listener with the same salt, so the throttle counts a play once
   * whichever process it reaches. A new salt each UTC day (a listener crossing midnight may be
   * counted again within 10 minutes); old ones are deleted by forgetOld().
   */
  private listenerSalt(): Promise<Buffer> {
    const day = utcDay();
    if (this.salt?.day !== day) {
      const value = listenerSaltOf(this.context.db(), day);
      this.salt = { day, value };
      value.catch(() => {
        if (this.salt?.value === value) this.salt = undefined;
      });
    }
    return this.salt.value;
  }

  /** Throttle rows past their window and salts before yesterday (a scheduled job). */
  async forgetOld(): Promise<void> {
    await forgetOldThrottles(this.context.db());
    await forgetOldSalts(this.context.db(), utcDay());
  }

  async streamCount(trackId: string): Promise<number> {
    const count = await streamCountOf(this.context.db(), trackId);
    if (count === undefined) throw new AppError('track.not-found');
    return count;
  }
}

/**
 * Who a listener is when counting distinct people, for other modules (profile views count viewers
 * the way plays count listeners): a SHA-256 of the day's shared salt (listener_salts, the same one
 * StreamsService uses, deleted after two days) and the signed-in user, else the client's network
 * (an IPv6 address by its /64). Every process hashes with the same salt, so a throttle keyed by the
 * hash holds across processes.
 */
export class ListenerHasher {
  /** A day's salt never changes, so keeping it is exact. */
  private salt: { day: string; value: Promise<Buffer> } | undefined;
  /** The salt of `salt.day` once it has arrived, and the hashes made with it, for hashNow. */
  private ready: { dayEndsAt: number; value: Buffer; hashes: Map<string, string> } | undefined;

  constructor(private readonly db: () => Db) {}

  async hash(listener: { userId: string | undefined; address: string }): Promise<string> {
    return this.hashNow(listener) ?? this.hashWith(await this.daySalt(), identityOf(listener));
  }

  /**
   * The same hash without waiting, when today's salt is already here (else undefined: use hash).
   * A visitor seen today costs a map lookup, not a SHA-256 (a shared link's fans reload; decision 065).
   */
  hashNow(listener: { userId: string | undefined; address: string }): string | undefined {
    const ready = this.ready;
    if (!ready || Date.now() >= ready.dayEndsAt) return undefined;
    const identity = identityOf(listener);
    let hash = ready.hashes.get(identity);
    if (hash === undefined) {
      hash = this.hashWith(ready.value, identity);
      // Bounded: a day's distinct visitors beyond this are hashed each time, as before.
      if (ready.hashes.size >= MAX_KEPT_HASHES) ready.hashes.clear();
      ready.hashes.set(identity, hash);
    }
    return hash;
  }

  private hashWith(salt: Buffer, identity: string): string {
    return createHash('sha256').update(salt).update(identity).digest('base64url');
  }

  private daySalt(): Promise<Buffer> {
    const now = new Date();
    const day = utcDay(now);
    if (this.salt?.day !== day) {
      const value = listenerSaltOf(this.db(), day);
      const salt = { day, value };
      this.salt = salt;
      const dayEndsAt = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
      value.then(
        (resolved) => {
          if (this.salt === salt) this.ready = { dayEndsAt, value: resolved, hashes: new Map() };
        },
        () => {
          if (this.salt === salt) this.salt = undefined;
        },
      );
    }
    return this.salt.value;
  }
}

/** Who a listener is before hashing: the signed-in user, else the client's network. */
const identityOf = (listener: { userId: string | undefined; address: string }) =>
  listener.userId ? `user:${listener.userId}` : `address:${listenerNetwork(listener.address)}`;

/** Hashes kept per day by ListenerHasher.hashNow (about 100 bytes each). */
const MAX_KEPT_HASHES = 20_000;
