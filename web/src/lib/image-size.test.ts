import { describe, expect, it } from 'vitest';
import { formatImageSize, readImageSize, sizeFromHeader, uprightSize } from './image-size';

/** The start of a JPEG: SOI, an optional EXIF APP1 with one orientation entry, then SOF0. */
function jpegHeader(width: number, height: number, orientation?: number, littleEndian = false): Uint8Array {
  const parts: number[] = [0xff, 0xd8];
  if (orientation !== undefined) {
    const u16 = (value: number) => (littleEndian ? [value & 0xff, value >> 8] : [value >> 8, value & 0xff]);
    const u32 = (value: number) => (littleEndian ? [...u16(value & 0xffff), ...u16(value >>> 16)] : [...u16(value >>> 16), ...u16(value & 0xffff)]);
    const tiff = [
      ...(littleEndian ? [0x49, 0x49] : [0x4d, 0x4d]),
      ...u16(42),
      ...u32(8), // IFD0 right after the header
      ...u16(2), // two entries
      ...u16(0x010f), ...u16(2), ...u32(4), ...u32(0), // Make (ignored)
      ...u16(0x0112), ...u16(3), ...u32(1), ...u16(orientation), 0, 0, // Orientation, SHORT
      ...u32(0),
    ];
    const segment = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff]; // "Exif\0\0"
    const length = segment.length + 2;
    parts.push(0xff, 0xe1, length >> 8, length & 0xff, ...segment);
  }
  parts.push(0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, ...new Array(9).fill(0));
  return new Uint8Array(parts);
}

describe('the size in an image header', () => {
  it('reads a JPEG without EXIF as it is', () => {
    expect(sizeFromHeader(jpegHeader(1080, 1080))).toEqual({ width: 1080, height: 1080, orientation: 1 });
  });

  it('knows a phone’s portrait photo: stored 4032x3024, turned a quarter by EXIF, seen 3024x4032', () => {
    for (const little of [false, true]) {
      const size = sizeFromHeader(jpegHeader(4032, 3024, 6, little))!;
      expect(size).toEqual({ width: 4032, height: 3024, orientation: 6 });
      expect(uprightSize(size)).toEqual({ width: 3024, height: 4032 });
      expect(formatImageSize(uprightSize(size))).toBe('3024x4032');
    }
    // Orientations 1 to 4 do not turn it.
    expect(uprightSize(sizeFromHeader(jpegHeader(4032, 3024, 3))!)).toEqual({ width: 4032, height: 3024 });
  });

  it('reads a PNG, and refuses what is neither', async () => {
    const png = new Uint8Array(33);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 3000);
    new DataView(png.buffer).setUint32(20, 3000);
    expect(await readImageSize(new Blob([png]))).toEqual({ width: 3000, height: 3000, orientation: 1 });
    expect(sizeFromHeader(new TextEncoder().encode('not an image at all'))).toBeNull();
  });
});
