/**
 * Reusable buffers for range replies: allocating (and later collecting) a fresh 256 KiB buffer per
 * request costs more than the read itself. Buffers come in power-of-two classes from 16 KiB up to
 * the pool's maximum; a few of each class are kept.
 */
export class BufferPool {
  private readonly free = new Map<number, Buffer[]>();

  constructor(
    readonly maxBytes = 1024 * 1024,
    private readonly keepPerClass = 16,
  ) {}

  private classOf(length: number): number {
    let size = 16 * 1024;
    while (size < length) size *= 2;
    return size;
  }

  /** A buffer of at least `length` bytes (length <= maxBytes), and the function that returns it. */
  acquire(length: number): { buffer: Buffer; release(): void } {
    const size = this.classOf(length);
    const list = this.free.get(size);
    const buffer = list?.pop() ?? Buffer.allocUnsafeSlow(size);
    let released = false;
    return {
      buffer,
      release: () => {
        if (released) return;
        released = true;
        const bucket = this.free.get(size) ?? [];
        if (bucket.length < this.keepPerClass) bucket.push(buffer);
        this.free.set(size, bucket);
      },
    };
  }
}
