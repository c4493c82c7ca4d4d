/**
 * Photos for the cropper's tests. jsdom reads files but decodes no pictures and has no canvas.
 */

/** The first bytes of a JPEG: SOI, an EXIF orientation when given, and the frame header with its size. */
export function jpegFile(width: number, height: number, name: string, orientation?: number): File {
  const bytes: number[] = [0xff, 0xd8];
  if (orientation) {
    const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0];
    const segment = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
    bytes.push(0xff, 0xe1, 0, segment.length + 2, ...segment);
  }
  bytes.push(0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, ...new Array(9).fill(0));
  return new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });
}

/**
 * jsdom decodes no pictures and draws nothing: the photo "decodes" at the size the test says,
 * and the canvas records what is drawn and hands back a JPEG header of its own size.
 */
export function stubPictures(natural: { width: number; height: number }) {
  const drawn: number[][] = [];
  const restore: (() => void)[] = [];
  const define = (target: object, key: string, descriptor: PropertyDescriptor) => {
    const previous = Object.getOwnPropertyDescriptor(target, key);
    Object.defineProperty(target, key, { configurable: true, ...descriptor });
    restore.push(() => (previous ? Object.defineProperty(target, key, previous) : delete (target as Record<string, unknown>)[key]));
  };
  define(URL, 'createObjectURL', { value: () => 'blob:photo', writable: true });
  define(URL, 'revokeObjectURL', { value: () => {}, writable: true });
  define(HTMLImageElement.prototype, 'decode', { value: () => Promise.resolve(), writable: true });
  define(HTMLImageElement.prototype, 'naturalWidth', { get: () => natural.width });
  define(HTMLImageElement.prototype, 'naturalHeight', { get: () => natural.height });
  define(HTMLCanvasElement.prototype, 'getContext', {
    writable: true,
    value: () => ({
      fillRect: () => {},
      drawImage: (...args: unknown[]) => drawn.push(args.slice(1).map(Number)),
    }),
  });
  define(HTMLCanvasElement.prototype, 'toBlob', {
    writable: true,
    value(this: HTMLCanvasElement, callback: BlobCallback, type: string) {
      const header = jpegFile(this.width, this.height, 'x.jpg');
      callback(new Blob([header], { type }));
    },
  });
  return { drawn, restore: () => restore.reverse().forEach((undo) => undo()) };
}
