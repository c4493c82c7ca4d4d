import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { covers } from '../../db/schema';

export type CoverRecord = typeof covers.$inferSelect;

export async function insertCover(db: DbOrTx, values: typeof covers.$inferInsert): Promise<void> {
  await db.insert(covers).values(values);
}

export async function findCover(db: DbOrTx, coverId: string): Promise<CoverRecord | undefined> {
  const [row] = await db.select().from(covers).where(eq(covers.id, coverId)).limit(1);
  return row;
}

export async function deleteCoverRow(db: DbOrTx, coverId: string): Promise<void> {
  await db.delete(covers).where(eq(covers.id, coverId));
}
