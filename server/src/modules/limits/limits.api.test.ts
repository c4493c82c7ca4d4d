import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/support/test-app';
import { DbAttemptStore } from './attempt-store';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

describe('attempt counters in the database (shared by every process)', () => {
  it('counts concurrent attempts exactly, per key, and resets', async () => {
    const store = new DbAttemptStore(t.app.database.db);
    const key = `test:${randomUUID()}`;
    const results = await Promise.all(Array.from({ length: 20 }, () => store.hit(key, 60_000)));
    expect(results.map((r) => r.count).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(results.every((r) => r.resetInMs > 0 && r.resetInMs <= 60_000)).toBe(true);
    expect((await store.hit(`test:${randomUUID()}`, 60_000)).count).toBe(1);
    await store.reset(key);
    expect((await store.hit(key, 60_000)).count).toBe(1);
  });

  it('starts a new window once the old one has ended, and the sweep forgets ended windows', async () => {
    const store = new DbAttemptStore(t.app.database.db);
    const key = `test:${randomUUID()}`;
    await store.hit(key, 60_000);
    await t.app.database.db.execute(sql`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key = ${key}`);
    expect((await store.hit(key, 60_000)).count).toBe(1);
    await t.app.database.db.execute(sql`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key = ${key}`);
    await store.sweep();
    const left = await t.app.database.db.execute(sql`SELECT 1 FROM rate_limits WHERE key = ${key}`);
    expect(left.rows).toHaveLength(0);
  });

  it('peeks at a count without adding to it, and sees 0 once the window ended (issue 21)', async () => {
    const store = new DbAttemptStore(t.app.database.db);
    const key = `test:${randomUUID()}`;
    expect(await store.peek(key)).toBe(0);
    await store.hit(key, 60_000);
    await store.hit(key, 60_000);
    expect(await store.peek(key)).toBe(2);
    expect(await store.peek(key)).toBe(2);
    await t.app.database.db.execute(sql`UPDATE rate_limits SET reset_at = now() - interval '1 second' WHERE key = ${key}`);
    expect(await store.peek(key)).toBe(0);
  });
});

describe('upload slots (per artist, across processes)', () => {
  it('gives out at most 4 slots per artist at once, even to simultaneous asks, and frees released ones', async () => {
    const userId = randomUUID();
    const asks = await Promise.all(Array.from({ length: 7 }, () => t.app.uploadSlots.acquire(userId)));
    const held = asks.filter((slot) => slot !== undefined);
    expect(held).toHaveLength(4);
    expect(await t.app.uploadSlots.acquire(randomUUID())).toBeDefined();
    await held[0]!.release();
    const again = await t.app.uploadSlots.acquire(userId);
    expect(again).toBeDefined();
    expect(await t.app.uploadSlots.acquire(userId)).toBeUndefined();
    await Promise.all([again!.release(), ...held.slice(1).map((slot) => slot!.release())]);
  });

  it('frees the slots of a process that died once their leases lapse', async () => {
    const userId = randomUUID();
    for (let i = 0; i < 4; i++) expect(await t.app.uploadSlots.acquire(userId)).toBeDefined();
    expect(await t.app.uploadSlots.acquire(userId)).toBeUndefined();
    // What a dead process leaves: leases nobody renews any more.
    await t.app.database.db.execute(sql`UPDATE upload_slots SET lease_until = now() - interval '1 second' WHERE user_id = ${userId}`);
    const slot = await t.app.uploadSlots.acquire(userId);
    expect(slot).toBeDefined();
    await t.app.uploadSlots.sweep();
    const left = await t.app.database.db.execute(sql`SELECT count(*)::int AS n FROM upload_slots WHERE user_id = ${userId}`);
    expect(left.rows[0]).toEqual({ n: 1 });
    await slot!.release();
  });
});
