import { expect } from 'vitest';
import pg from 'pg';
import { startS3Server, type TestS3 } from './s3-server';
import { postJson, startServerNode, type ServerNode } from './server-process';
import { createTestDatabase } from './test-app';

/** The PostgreSQL server the multi-process tests run on (npm run test:multi sets DATABASE_URL). */
export function multiProcessServerUrl(): string {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('The multi-process tests need DATABASE_URL (a PostgreSQL server): npm run test:multi');
  return serverUrl;
}

/**
 * What the server processes of a multi-process test share, as the machines of a deployment do: a
 * fresh database (with a client of the test's own on it, to look and to arrange) and one bucket.
 */
export interface SharedStores {
  database: { url: string; drop(): Promise<void> };
  client: pg.Client;
  s3: TestS3;
}

/** Opens them all, or (closing what did open) none: the caller has nothing to close after a failure. */
export async function openSharedStores(): Promise<SharedStores> {
  const opened: Partial<SharedStores> = {};
  try {
    opened.database = await createTestDatabase(multiProcessServerUrl());
    opened.s3 = await startS3Server();
    const client = new pg.Client({ connectionString: opened.database.url });
    await client.connect();
    return { database: opened.database, s3: opened.s3, client };
  } catch (error) {
    await closeSharedStores(opened);
    throw error;
  }
}

/** Closes what openSharedStores opened; any part may be missing (its start failed, or never came). */
export async function closeSharedStores(stores: Partial<SharedStores>): Promise<void> {
  await stores.client?.end();
  await stores.database?.drop();
  await stores.s3?.close();
}

/** One more server process on the shared database and bucket; `env` adds what else it shares (mail, the payment provider). */
export function startSharedNode(stores: Pick<SharedStores, 'database' | 's3'>, env: Record<string, string> = {}): Promise<ServerNode> {
  return startServerNode({ DATABASE_URL: stores.database.url, ...stores.s3.env, ...env });
}

/** Signs in on `node`: answers the session cookie. */
export async function signInOn(node: ServerNode, email: string, password: string): Promise<string> {
  const login = await postJson(node, '/api/login', { email, password });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie().find((c) => c.startsWith('sauti_sid='))!.split(';')[0]!;
}

/**
 * An artist registered on `node`, verified straight in the database (the mailed link is beside the
 * point of these tests) and signed in on `node`; `name` starts the display name and the e-mail.
 */
export async function verifiedArtistOn(node: ServerNode, client: pg.Client, name: string, password: string): Promise<{ email: string; cookie: string }> {
  const email = `${name.toLowerCase()}-${Date.now().toString(36)}@example.com`;
  expect((await postJson(node, '/api/register', { email, password, displayName: `${name} ${Date.now().toString(36)}` })).status).toBe(201);
  await client.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
  return { email, cookie: await signInOn(node, email, password) };
}
