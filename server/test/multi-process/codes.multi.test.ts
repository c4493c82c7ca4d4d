import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startServerNode, type ServerNode } from '../support/server-process';
import { createTestDatabase } from '../support/test-app';

/**
 * A download code is redeemed once (issue 21 item 6, decision 050): fans type the same code at the
 * same moment on two server processes sharing one PostgreSQL database; exactly one gets the item,
 * with one order and one ledger entry, and every other answer is a clear 409.
 */
const serverUrl = process.env.DATABASE_URL;
if (!serverUrl) throw new Error('The multi-process tests need DATABASE_URL (a PostgreSQL server): npm run test:multi');

let database: { url: string; drop(): Promise<void> };
let client: pg.Client;
let nodes: ServerNode[] = [];
let cookie: string;
let trackId: string;
let address = 0;

const post = (node: ServerNode, route: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(node.url + route, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

beforeAll(async () => {
  database = await createTestDatabase(serverUrl);
  // Both behind one proxy: each fan's own address (the guessing limits count per address).
  nodes = await Promise.all([startServerNode({ DATABASE_URL: database.url, TRUST_PROXY: 'true' }), startServerNode({ DATABASE_URL: database.url, TRUST_PROXY: 'true' })]);
  client = new pg.Client({ connectionString: database.url });
  await client.connect();

  const [a] = nodes;
  const email = `codes-${Date.now().toString(36)}@example.com`;
  const password = 'a long test password';
  expect((await post(a!, '/api/register', { email, password, displayName: `Codes ${Date.now().toString(36)}` })).status).toBe(201);
  await client.query('UPDATE users SET email_verified_at = now() WHERE email = $1', [email]);
  const login = await post(a!, '/api/login', { email, password });
  expect(login.status).toBe(200);
  cookie = login.headers.getSetCookie().find((c) => c.startsWith('sauti_sid='))!.split(';')[0]!;
  expect((await post(a!, '/api/payment-methods/mobile-money', { mobileNumber: '0712345678' }, { cookie })).status).toBe(201);
  // The song itself (its audio is beside the point: a code grants it, nobody plays it here).
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO tracks (user_id, track_name, artist_name, original_name, file_size, mime_type, duration, audio_key, price)
     SELECT id, 'Launch Night', display_name, 'x.mp3', 1, 'audio/mpeg', 60, 'none', 5000 FROM users WHERE email = $1 RETURNING id`,
    [email],
  );
  trackId = rows[0]!.id;
}, 180_000);

afterAll(async () => {
  for (const node of nodes) {
    node.server.child.kill('SIGTERM');
    expect(await node.server.exited, node.server.output()).toBe(0);
    fs.rmSync(node.dataDir, { recursive: true, force: true });
  }
  await client?.end();
  await database?.drop();
});

describe('download codes on two processes', () => {
  it('grants each code once when it is typed at the same moment on both', async () => {
    const made = await post(nodes[0]!, '/api/codes', { itemType: 'track', itemId: trackId, kind: 'download', count: 2 }, { cookie });
    expect(made.status).toBe(201);
    const codes = ((await made.json()) as { codes: Array<{ code: string }> }).codes.map((row) => row.code);
    expect(codes).toHaveLength(2);

    for (const code of codes) {
      // Eight fans, four on each process, all at once.
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => post(nodes[i % 2]!, '/api/codes/redeem', { code, email: `racer${i}-${code}@example.com` }, { 'x-forwarded-for': `198.51.100.${++address}` })),
      );
      const bodies = await Promise.all(answers.map(async (answer) => ({ status: answer.status, body: (await answer.json()) as { code?: string } })));
      expect(bodies.filter((answer) => answer.status === 200), JSON.stringify(bodies)).toHaveLength(1);
      for (const refused of bodies.filter((answer) => answer.status !== 200)) {
        expect(refused.status, JSON.stringify(refused)).toBe(409);
        expect(['code.used', 'code.in-use']).toContain(refused.body.code);
      }
      const { rows } = await client.query<{ id: string; used_order_id: string | null }>('SELECT id, used_order_id FROM codes WHERE code = $1', [code.replace(/-/g, '')]);
      const orders = await client.query<{ id: string; status: string; amount: number }>('SELECT id, status, amount FROM orders WHERE code_id = $1', [rows[0]!.id]);
      expect(orders.rows).toHaveLength(1);
      expect(orders.rows[0]).toMatchObject({ status: 'paid', amount: 0 });
      expect(rows[0]!.used_order_id).toBe(orders.rows[0]!.id);
      const ledger = await client.query('SELECT 1 FROM ledger_entries WHERE order_id = $1', [orders.rows[0]!.id]);
      expect(ledger.rowCount).toBe(1);
    }
  });
});
