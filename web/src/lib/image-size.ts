import type { ImageSize } from './crop';

export type { ImageSize };

/** A size read from a file's header, with the EXIF orientation of a JPEG (1 when none). */
export interface HeaderSize extends ImageSize {
  orientation: number;
}

/**
 * The EXIF orientation in an APP1 segment starting at `start` (its marker), or 1. Phones store
 * a portrait photo as a landscape picture plus "turn it a quarter" (orientations 5 to 8).
 */
function exifOrientation(view: DataView, start: number, length: number): number {
  const tiff = start + 10; // marker (2), length (2), "Exif\0\0" (6)
  const end = Math.min(view.byteLength, start + 2 + length);
  if (tiff + 8 > end || view.getUint32(start + 4) !== 0x45786966 || view.getUint16(start + 8) !== 0) return 1;
  const order = view.getUint16(tiff);
  if (order !== 0x4949 && order !== 0x4d4d) return 1;
  const little = order === 0x4949;
  const ifd = tiff + view.getUint32(tiff + 4, little);
  if (ifd + 2 > end) return 1;
  const entries = view.getUint16(ifd, little);
  for (let index = 0; index < entries; index += 1) {
    const entry = ifd + 2 + index * 12;
    if (entry + 12 > end) return 1;
    if (view.getUint16(entry, little) === 0x0112) {
      const value = view.getUint16(entry + 8, little);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/**
 * The pixel size written in a PNG or JPEG header. Reading the header costs a few kilobytes;
 * decoding a 3000x3000 picture costs 36 MB of memory, a lot on a cheap phone.
 */
export function sizeFromHeader(bytes: Uint8Array): HeaderSize | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // PNG: signature, then the IHDR chunk with width and height (big-endian) at 16 and 20.
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) {
    return { width: view.getUint32(16), height: view.getUint32(20), orientation: 1 };
  }
  // JPEG: walk the markers to the first start-of-frame (SOF0-SOF15 but DHT, JPG and DAC).
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let offset = 2;
    let orientation = 1;
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
        return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7), orientation };
      }
      if (marker === 0xe1 && orientation === 1) orientation = exifOrientation(view, offset, length);
      if (length < 2) return null;
      offset += 2 + length;
    }
  }
  return null;
}

/** The size as the photo is seen: a quarter-turned photo (EXIF orientation 5 to 8) is height x width. */
export function uprightSize(size: HeaderSize): ImageSize {
  return size.orientation >= 5 ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
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

/** Last resort for an unusual header: let the browser decode the picture (it turns it upright). */
async function sizeByDecoding(blob: Blob): Promise<HeaderSize | null> {
  if (typeof createImageBitmap !== 'function') return null;
  try {
    const bitmap = await createImageBitmap(blob);
    const size = { width: bitmap.width, height: bitmap.height, orientation: 1 };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** The size in the file's header (as stored: the server checks these), or null when it cannot be read. */
export async function readImageSize(blob: Blob): Promise<HeaderSize | null> {
  try {
    return sizeFromHeader(await readBytes(blob, HEADER_BYTES)) ?? (await sizeByDecoding(blob));
  } catch {
    return null;
  }
}

/** "3024x4032": the size as the photo is seen, for a message. */
export function formatImageSize(size: ImageSize): string {
  return `${size.width}x${size.height}`;
}
