import { COVER_SIZE_PX, looksLikeAcceptedCover } from '#common/schemas/catalog/rules';
import { readImageSize } from '@/lib/image-size';

const checked = new WeakMap<Blob, Promise<boolean>>();

/** True for a picture of exactly the cover's size (spec section 5: 3000x3000 px), as the server reads it. */
export const isCoverSize = (size: { width: number; height: number } | null): boolean =>
  size !== null && size.width === COVER_SIZE_PX && size.height === COVER_SIZE_PX;

/**
 * Spec section 5: a cover is a PNG or JPG of exactly 3000x3000 px. Checked in the browser before
 * anything is sent (the server checks again); the answer is remembered per file.
 */
export function isValidCover(file: File): Promise<boolean> {
  let result = checked.get(file);
  if (!result) {
    result = looksLikeAcceptedCover(file) ? readImageSize(file).then(isCoverSize) : Promise.resolve(false);
    checked.set(file, result);
  }
  return result;
}
