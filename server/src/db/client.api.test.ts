import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { makeDataDir } from '../../test/support/test-app';

const MIB = 1024 * 1024;

// Opens its own embedded database whatever DATABASE_URL says, so it runs in the PostgreSQL pass too.
describe('the embedded database', () => {
  // initdb runs two more WebAssembly instances. Made in the serving worker, they stayed there as
  // garbage (about 350 MiB, freed only by a full collection whenever it came); made in a worker
  // that exits, they are gone before the database serves (docs/decisions/032-upload-memory.md).
  it('makes a fresh cluster without keeping initdb in memory', async () => {
    const dataDir = makeDataDir();
    const before = process.memoryUsage().rss;
    const database = await openDatabase({ databaseUrl: undefined, dataDir });
    try {
      const grown = process.memoryUsage().rss - before;
      expect(fs.existsSync(path.join(dataDir, 'db', 'PG_VERSION'))).toBe(true);
      const { rows } = await database.pool.query('SELECT 1 AS one');
      expect(rows).toEqual([{ one: 1 }]);
      // Measured from source (tsx in each worker): 788-821 MiB with initdb in the serving worker, 416-427 MiB since.
      expect(grown / MIB).toBeLessThan(600);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
