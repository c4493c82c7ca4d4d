import sharp, { type Metadata } from 'sharp';
import { COVER_SIZE_PX, COVER_SIZES, type CoverSize } from '#common/schemas/catalog/rules';

/** Exactly one cover's worth of pixels: a header claiming more is refused before any decoding. */
const PIXEL_LIMIT = COVER_SIZE_PX * COVER_SIZE_PX;

export type CoverFormat = 'png' | 'jpeg';
export type VariantFormat = 'webp' | 'jpg';

export type CoverInspection =
  | { ok: true; format: CoverFormat; mimeType: string; extension: 'png' | 'jpg' }
  /** format: not a PNG or JPEG; size: not 3000x3000 (or claims more pixels); damaged: does not decode. */
  | { ok: false; reason: 'format' | 'size' | 'damaged' };

/**
 * A cover must be a PNG or JPEG of exactly 3000x3000 that decodes to the end. The header check
 * comes first and is cheap; only an image that passes it is decoded (shrink-on-load keeps JPEG
 * decoding fast).
 */
export async function inspectCover(filePath: string): Promise<CoverInspection> {
  let meta: Metadata;
  try {
    meta = await sharp(filePath, { limitInputPixels: PIXEL_LIMIT }).metadata();
  } catch (error) {
    // sharp refuses a header claiming more pixels than the limit before decoding anything.
    return { ok: false, reason: /pixel limit/i.test(String(error)) ? 'size' : 'format' };
  }
  if (meta.format !== 'png' && meta.format !== 'jpeg') return { ok: false, reason: 'format' };
  if (meta.width !== COVER_SIZE_PX || meta.height !== COVER_SIZE_PX) return { ok: false, reason: 'size' };
  try {
    await sharp(filePath, { limitInputPixels: PIXEL_LIMIT, failOn: 'truncated' }).resize(8, 8).raw().toBuffer();
  } catch {
    return { ok: false, reason: 'damaged' };
  }
  return meta.format === 'png'
    ? { ok: true, format: 'png', mimeType: 'image/png', extension: 'png' }
    : { ok: true, format: 'jpeg', mimeType: 'image/jpeg', extension: 'jpg' };
}

export const VARIANT_MIME_TYPES: Record<VariantFormat, string> = { webp: 'image/webp', jpg: 'image/jpeg' };

export function variantName(size: CoverSize, format: VariantFormat): string {
  return `${size}.${format}`;
}

/**
 * Every thumbnail of a cover from one decode: the original is decoded and shrunk to the largest
 * size once, and the smaller sizes are made from that. Metadata (EXIF, GPS) is not copied.
 */
export async function makeCoverVariants(original: string | Buffer): Promise<{ name: string; body: Buffer; mimeType: string }[]> {
  const largest = Math.max(...COVER_SIZES);
  const { data, info } = await sharp(original, { limitInputPixels: PIXEL_LIMIT })
    .rotate()
    .resize(largest, largest, { fit: 'cover' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const variants: { name: string; body: Buffer; mimeType: string }[] = [];
  for (const size of COVER_SIZES) {
    const resized = () => sharp(data, raw).resize(size, size, { fit: 'cover' });
    variants.push({ name: variantName(size, 'webp'), body: await resized().webp({ quality: 72, effort: 4 }).toBuffer(), mimeType: VARIANT_MIME_TYPES.webp });
    variants.push({
      name: variantName(size, 'jpg'),
      // The fallback is held to the same 25 KB budget as WebP, which needs a lower quality at 640 px.
      body: await resized().jpeg({ quality: size >= 640 ? 62 : 74, mozjpeg: true, progressive: true }).toBuffer(),
      mimeType: VARIANT_MIME_TYPES.jpg,
    });
  }
  return variants;
}

/** The file name the API shows for a cover (spec: coverPhotoFilename); it changes with the cover. */
export function coverFileName(coverId: string | null, mimeType: string | null): string | null {
  if (!coverId) return null;
  return `${coverId}.${mimeType === 'image/png' ? 'png' : 'jpg'}`;
}
