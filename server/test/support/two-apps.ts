import { startTestApp } from './test-app';

type App = Awaited<ReturnType<typeof startTestApp>>;

export interface TwoApps {
  first: App;
  second: App;
  /** Closes both (the second has its own DATA_DIR; the database is the first's) and drops the database. */
  close(): Promise<void>;
}

/**
 * Two app instances sharing one PostgreSQL database: the modules' multi-process tests (npm run
 * test:multi), where PGlite, serialising transactions, could not show a race.
 */
export async function startTwoApps(env: Record<string, string> = {}): Promise<TwoApps> {
  if (!process.env.DATABASE_URL) throw new Error('The multi-process tests need DATABASE_URL (a PostgreSQL server): npm run test:multi');
  const first = await startTestApp(env);
  const second = await startTestApp(env, { databaseUrl: first.databaseUrl });
  return {
    first,
    second,
    async close() {
      await second.close();
      await first.close();
      await first.dropDatabase();
    },
  };
}
