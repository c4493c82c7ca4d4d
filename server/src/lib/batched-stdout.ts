import fs from 'node:fs';

/**
 * The log's destination: standard output, one write per turn of the event loop instead of one per
 * line (decision 060). Under load an access-log line per request was a system call per request,
 * a tenth of a kept public read's cost; idle, a line still leaves at once (the next turn). Lines
 * pending when the process exits (process.exit, an uncaught exception) are written synchronously
 * then; a SIGKILL loses at most one turn's lines.
 */
class BatchedStdout {
  private pending: string[] = [];
  private scheduled = false;

  constructor(private readonly fd = 1) {
    process.on('exit', () => this.flush());
  }

  write(line: string): boolean {
    this.pending.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    return true;
  }

  flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    let bytes = Buffer.from(this.pending.join(''));
    this.pending = [];
    while (bytes.length > 0) {
      try {
        bytes = bytes.subarray(fs.writeSync(this.fd, bytes));
      } catch (error) {
        // A full non-blocking pipe: try again (as a synchronous log always waited); closed: drop the lines.
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      }
    }
  }
}

let shared: BatchedStdout | undefined;
/** The one batched standard output of this process (every app built in it logs there; one exit listener). */
export function batchedStdout(): BatchedStdout {
  return (shared ??= new BatchedStdout());
}
