/**
 * Runs the embedded PGlite database off the request thread: PGlite is WebAssembly, and on the main
 * thread every query would stall streaming and the API. The app reaches it over a Unix socket with
 * the ordinary PostgreSQL protocol, exactly as it reaches a PostgreSQL server.
 */
import os from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

interface PgliteWorkerData {
  dataDir: string;
  /** Absent: only make the cluster (initdb) and exit, so its memory leaves with this thread. */
  socketPath?: string;
}

const { dataDir, socketPath } = workerData as PgliteWorkerData;

// On Linux a nice value belongs to a thread (elsewhere it would be the whole process): this one
// yields to the request thread when both want the same core, so a burst of API queries slows those
// queries rather than every audio stream (docs/decisions/018). Uncontended, it changes nothing.
if (process.platform === 'linux') os.setPriority(10);

// Search (migration 0010, docs/decisions/037) uses trigrams and Levenshtein distances.
const db = await PGlite.create({ dataDir, extensions: { pg_trgm, fuzzystrmatch } });
if (!socketPath) {
  // A fresh cluster was made: the thread ends here, taking initdb's WebAssembly instances with it
  // (docs/decisions/032-upload-memory.md).
  await db.close();
  process.exit(0);
}
// Two connections: node-postgres may open a replacement before it has released a broken one.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 });
await server.start();
parentPort!.postMessage({ type: 'ready' });

parentPort!.on('message', (message: { type: string }) => {
  if (message.type !== 'close') return;
  void (async () => {
    await server.stop();
    await db.close();
    parentPort!.postMessage({ type: 'closed' });
  })();
});
