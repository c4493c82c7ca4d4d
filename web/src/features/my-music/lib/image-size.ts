import { COVER_SIZE_PX, looksLikeAcceptedCover } from '#common/schemas/catalog/rules';

export interface ImageSize {
  width: number;
  height: number;
}

/**
 * The pixel size written in a PNG or JPEG header. Reading the header costs a few kilobytes;
 * decoding a 3000x3000 picture costs 36 MB of memory, a lot on a cheap phone.
 */
export function sizeFromHeader(bytes: Uint8Array): ImageSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // PNG: signature, then the IHDR chunk with width and height (big-endian) at 16 and 20.
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  // JPEG: walk the markers to the first start-of-frame (SOF0-SOF15 but DHT, JPG and DAC).
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    while (offset + 9 < bytes.length) {
      if (bytes[offset] !== 0xff) return null;
      const marker = bytes[offset + 1]!;
      if (marker === 0xff) {
        offset += 1; // fill byte
        continue;
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        offset += 2; // markers without a length
        continue;
      }
      const length = view.getUint16(offset + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) };
      }
      if (length < 2) return null;
      offset += 2 + length;
    }
  }
  return null;
}

/** How much of a file to read for its header (JPEG EXIF blocks can be long). */
const HEADER_BYTES = 256 * 1024;

async function readBytes(blob: Blob, length: number): Promise<Uint8Array> {
  const slice = blob.slice(0, length);
  if (typeof slice.arrayBuffer === 'function') return new Uint8Array(await slice.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(slice);
  });
}

/** Last resort for an unusual header: let the browser decode the picture. */
async function sizeByDecoding(blob: Blob): Promise<ImageSize | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(blob);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

export async function readImageSize(blob: Blob): Promise<ImageSize | null> {
  try {
    return sizeFromHeader(await readBytes(blob, HEADER_BYTES)) ?? (await sizeByDecoding(blob));
  } catch {
    return null;
  }
}

const checked = new WeakMap<Blob, Promise<boolean>>();

/**
 * Spec section 5: a cover is a PNG or JPG of exactly 3000x3000 px. Checked in the browser before
 * anything is sent (the server checks again); the answer is remembered per file.
 */
export function isValidCover(file: File): Promise<boolean> {
  let result = checked.get(file);
  if (!result) {
    result = looksLikeAcceptedCover(file)
      ? readImageSize(file).then((size) => size !== null && size.width === COVER_SIZE_PX && size.height === COVER_SIZE_PX)
      : Promise.resolve(false);
    checked.set(file, result);
  }
  return result;
}
