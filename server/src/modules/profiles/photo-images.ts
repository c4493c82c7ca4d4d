import sharp, { type Metadata, type OutputInfo } from 'sharp';
import {
  MAX_PROFILE_PHOTO_PX,
  MIN_PROFILE_PHOTO_PX,
  PROFILE_MESSAGES,
  PROFILE_PHOTO_SIZES,
  type ProfilePhotoSize,
} from '#common/schemas/profile';
import { VARIANT_MIME_TYPES, type VariantFormat } from '../media';

/** Pixels of the largest accepted photo: a header claiming more is refused before any decoding. */
const PIXEL_LIMIT = MAX_PROFILE_PHOTO_PX * MAX_PROFILE_PHOTO_PX;

export type PhotoRefusal = { reason: 'format' | 'pixels' | 'small' | 'damaged'; message: string };

export interface PhotoVariant {
  name: string;
  body: Buffer;
  mimeType: string;
}

export function photoVariantName(size: ProfilePhotoSize, format: VariantFormat): string {
  return `${size}.${format}`;
}

/**
 * One at a time, like the media pipeline's images: libvips runs on libuv's thread pool, which the
 * file reads of streaming share.
 */
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work, work);
  queue = result.catch(() => {});
  return result;
}

/**
 * A profile photo as the media pipeline treats covers (docs/decisions/014): the content decides,
 * never the name or the claimed type; PNG or JPEG only; the header's size is checked before
 * anything is decoded (a 20000x20000 PNG is refused in microseconds); the whole image must decode
 * (a truncated JPEG is refused). The photo is turned upright (EXIF), centre-cropped square,
 * flattened on white, and kept only as derived sizes, WebP and a JPEG fallback; metadata (EXIF,
 * GPS) is not copied. The original is not kept.
 */
export function makeProfilePhotoVariants(filePath: string): Promise<{ ok: true; variants: PhotoVariant[] } | ({ ok: false } & PhotoRefusal)> {
  return serial(async () => {
    let meta: Metadata;
    try {
      meta = await sharp(filePath, { limitInputPixels: PIXEL_LIMIT }).metadata();
    } catch (error) {
      return /pixel limit/i.test(String(error))
        ? { ok: false as const, reason: 'pixels' as const, message: PROFILE_MESSAGES.photoTooManyPixels }
        : { ok: false as const, reason: 'format' as const, message: PROFILE_MESSAGES.photoFormat };
    }
    if (meta.format !== 'png' && meta.format !== 'jpeg') return { ok: false as const, reason: 'format' as const, message: PROFILE_MESSAGES.photoFormat };
    const width = meta.width ?? 0;
    const height = meta.height ?? 0;
    if (width > MAX_PROFILE_PHOTO_PX || height > MAX_PROFILE_PHOTO_PX) {
      return { ok: false as const, reason: 'pixels' as const, message: PROFILE_MESSAGES.photoTooManyPixels };
    }
    if (Math.min(width, height) < MIN_PROFILE_PHOTO_PX) return { ok: false as const, reason: 'small' as const, message: PROFILE_MESSAGES.photoTooSmall };

    const largest = Math.max(...PROFILE_PHOTO_SIZES);
    let square: { data: Buffer; info: OutputInfo };
    try {
      square = await sharp(filePath, { limitInputPixels: PIXEL_LIMIT, failOn: 'truncated' })
        .rotate()
        .resize(largest, largest, { fit: 'cover', position: 'centre' })
        .flatten({ background: '#ffffff' })
        .raw()
        .toBuffer({ resolveWithObject: true });
    } catch {
      return { ok: false as const, reason: 'damaged' as const, message: PROFILE_MESSAGES.photoDamaged };
    }
    const raw = { raw: { width: square.info.width, height: square.info.height, channels: square.info.channels } } as const;
    const variants: PhotoVariant[] = [];
    for (const size of PROFILE_PHOTO_SIZES) {
      const resized = () => sharp(square.data, raw).resize(size, size, { fit: 'cover' });
      variants.push({ name: photoVariantName(size, 'webp'), body: await resized().webp({ quality: 78, effort: 4 }).toBuffer(), mimeType: VARIANT_MIME_TYPES.webp });
      variants.push({
        name: photoVariantName(size, 'jpg'),
        body: await resized().jpeg({ quality: 78, mozjpeg: true, progressive: true }).toBuffer(),
        mimeType: VARIANT_MIME_TYPES.jpg,
      });
    }
    return { ok: true as const, variants };
  });
}
