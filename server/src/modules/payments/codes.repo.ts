import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { codeBatches, codes } from '../../db/schema';

/** Data access of codes (issue 21, docs/decisions/050): batches, codes, their reservation and use. */

export type CodeBatchRow = typeof codeBatches.$inferSelect;

export interface FoundCode {
  id: string;
  code: string;
  usedAt: Date | null;
  reservedUntil: Date | null;
  reservedEmail: string | null;
  batch: CodeBatchRow;
}

/** Inserts a batch and its codes; a code already taken (a 1 in 2^60 chance) is made again by the caller. */
export async function insertBatch(db: DbOrTx, values: typeof codeBatches.$inferInsert, made: string[]): Promise<{ batch: CodeBatchRow; inserted: string[] }> {
  const [batch] = await db.insert(codeBatches).values(values).returning();
  const inserted = await db
    .insert(codes)
    .values(made.map((code) => ({ batchId: batch!.id, code })))
    .onConflictDoNothing()
    .returning({ code: codes.code });
  return { batch: batch!, inserted: inserted.map((row) => row.code) };
}

export async function insertCodes(db: DbOrTx, batchId: string, made: string[]): Promise<string[]> {
  const inserted = await db
    .insert(codes)
    .values(made.map((code) => ({ batchId, code })))
    .onConflictDoNothing()
    .returning({ code: codes.code });
  return inserted.map((row) => row.code);
}

export async function findCode(db: DbOrTx, code: string): Promise<FoundCode | undefined> {
  const [row] = await db
    .select({ id: codes.id, code: codes.code, usedAt: codes.usedAt, reservedUntil: codes.reservedUntil, reservedEmail: codes.reservedEmail, batch: codeBatches })
    .from(codes)
    .innerJoin(codeBatches, eq(codeBatches.id, codes.batchId))
    .where(eq(codes.code, code))
    .limit(1);
  return row;
}

/** No other checkout holds the code now: no reservation, a lapsed one, or this address's own. */
const freeFor = (email: string) => sql`(${codes.reservedUntil} is null or ${codes.reservedUntil} <= now() or ${codes.reservedEmail} = ${email})`;

/**
 * Uses a download code, once: the update only matches a code nobody used and no other checkout
 * holds. Under concurrency the second update waits for the first's row lock, sees used_at set and
 * matches nothing. Answers whether this call won.
 */
export async function claimCode(db: DbOrTx, id: string, email: string): Promise<boolean> {
  const won = await db
    .update(codes)
    .set({ usedAt: sql`now()`, usedEmail: email, reservedOrderId: null, reservedEmail: null, reservedUntil: null })
    .where(and(eq(codes.id, id), isNull(codes.usedAt), freeFor(email)))
    .returning({ id: codes.id });
  return won.length > 0;
}

export async function setUsedOrder(db: DbOrTx, id: string, orderId: string): Promise<void> {
  await db.update(codes).set({ usedOrderId: orderId }).where(eq(codes.id, id));
}

/**
 * Holds a discount code for a checkout's order until `until`: only an unused code that no other
 * address holds (the same address may start its checkout again). Answers whether it is held.
 */
export async function reserveCode(db: DbOrTx, id: string, orderId: string, email: string, until: Date): Promise<boolean> {
  const held = await db
    .update(codes)
    .set({ reservedOrderId: orderId, reservedEmail: email, reservedUntil: until })
    .where(and(eq(codes.id, id), isNull(codes.usedAt), freeFor(email)))
    .returning({ id: codes.id });
  return held.length > 0;
}

/**
 * The paid order's code becomes used (in fulfilment's transaction). Answers false when it was
 * used already (a reservation that lapsed and another checkout that paid first): the sale stands.
 */
export async function markCodeUsed(db: DbOrTx, id: string, order: { id: string; email: string }): Promise<boolean> {
  const used = await db
    .update(codes)
    .set({ usedAt: sql`now()`, usedEmail: order.email, usedOrderId: order.id, reservedOrderId: null, reservedEmail: null, reservedUntil: null })
    .where(and(eq(codes.id, id), isNull(codes.usedAt)))
    .returning({ id: codes.id });
  return used.length > 0;
}

/** A checkout that ended unpaid lets its code go at once. */
export async function releaseCodeOf(db: DbOrTx, orderId: string): Promise<void> {
  await db
    .update(codes)
    .set({ reservedOrderId: null, reservedEmail: null, reservedUntil: null })
    .where(and(eq(codes.reservedOrderId, orderId), isNull(codes.usedAt)));
}

/** The seller's batches, newest first, with every code. */
export async function batchesOf(db: DbOrTx, sellerId: string) {
  const batches = await db.select().from(codeBatches).where(eq(codeBatches.sellerId, sellerId)).orderBy(desc(codeBatches.createdAt), desc(codeBatches.id));
  if (batches.length === 0) return [];
  const rows = await db
    .select({ batchId: codes.batchId, code: codes.code, usedAt: codes.usedAt, usedEmail: codes.usedEmail })
    .from(codes)
    .where(inArray(codes.batchId, batches.map((batch) => batch.id)))
    .orderBy(codes.code);
  return batches.map((batch) => ({ batch, codes: rows.filter((row) => row.batchId === batch.id) }));
}
