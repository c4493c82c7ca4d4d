import { COVER_SIZES, type CoverSize } from '#common/schemas/catalog/rules';
import { AppError } from '../../lib/errors';
import type { PurchasableItem } from '../../lib/purchase-grants';
import { storageKeys } from '../storage';
import { LRUCache } from 'lru-cache';
import { coverFileName, VARIANT_MIME_TYPES, variantName, type VariantFormat } from '../media';
import { coverOfAlbum, coverOfTrack, type CoverRecord } from './playback.repo';
import type { PlaybackContext } from './playback-context';

export const DEFAULT_COVER_SIZE: CoverSize = 300;
const MEMORY_BUDGET_BYTES = 16 * 1024 * 1024;

export interface CoverImage {
  body: Buffer;
  contentType: string;
  etag: string;
  /** True when the URL named this exact cover (?v=coverPhotoFilename): its bytes never change. */
  versioned: boolean;
  /**
   * Served only because the viewer owns or bought a taken-down item (decision 066): no shared
   * cache may keep it, and the browser asks again each time.
   */
  restricted: boolean;
}

/** Who asks: asked only for a taken-down item's cover, the way streams and downloads ask. */
export interface CoverViewer {
  id: () => Promise<string | undefined>;
  bought: (item: PurchasableItem) => Promise<boolean>;
}

/**
 * GET /api/tracks/{id}/cover and /api/albums/{id}/cover: a small WebP (or JPEG for a browser that
 * does not accept WebP) of 96, 300 or 640 px, never the 3000x3000 original. A thumbnail the job
 * has not made yet is made on the spot.
 */
export class CoversService {
  /** Thumbnails held in memory within a byte budget, least recently used out first: a profile page asks for the same few. */
  private readonly memory = new LRUCache<string, Buffer>({ maxSize: MEMORY_BUDGET_BYTES, sizeCalculation: (body) => body.length });

  constructor(private readonly context: PlaybackContext) {}

  /** The cover of a track or album whose id the route has checked (checkedId). */
  async image(
    owner: 'track' | 'album',
    id: string,
    options: { size: CoverSize; format: VariantFormat; version: string | undefined },
    viewer: CoverViewer,
  ): Promise<CoverImage> {
    const found = await (owner === 'track' ? coverOfTrack : coverOfAlbum)(this.context.db(), id);
    if (!found) throw new AppError('cover.not-found');
    // Taken down (itself, its album or its artist): an infringing cover goes with the music, for
    // everyone but the owner and those who bought it (decision 066), the same answer as no cover.
    if (found.takenDown && (await viewer.id()) !== found.ownerId && !(await viewer.bought({ type: owner, id, albumId: found.albumId }))) {
      throw new AppError('cover.not-found');
    }
    let cover: CoverRecord | undefined = found.cover;
    const name = variantName(options.size, options.format);
    if (!cover.variants.includes(name)) {
      cover = await this.context.work.ensureCoverVariants(cover.id);
      if (!cover?.variants.includes(name)) throw new AppError('cover.not-found');
    }
    const key = storageKeys.coverVariant(cover.originalKey, name);
    let body = this.memory.get(key);
    if (!body) {
      body = await this.context.storage.read(key);
      this.memory.set(key, body);
    }
    return {
      body,
      contentType: VARIANT_MIME_TYPES[options.format],
      etag: `"${cover.id}-${name}"`,
      versioned: options.version !== undefined && options.version === coverFileName(cover.id, cover.mimeType),
      restricted: found.takenDown,
    };
  }
}

export function isCoverSize(value: number): value is CoverSize {
  return (COVER_SIZES as readonly number[]).includes(value);
}
