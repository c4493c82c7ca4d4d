import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    embeddedDbTemplate: string;
  }
}

/**
 * Creating a PGlite cluster takes seconds; copying a migrated one takes milliseconds. Migrate once
 * into a template here, and let every test app start from a copy (epic-stack's approach).
 */
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-db-template-'));
  if (!process.env.DATABASE_URL) {
    const database = await openDatabase({ databaseUrl: undefined, dataDir: dir });
    await database.close();
  }
  project.provide('embeddedDbTemplate', path.join(dir, 'db'));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
