import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailTokens } from '../../db/schema';

export type TokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

export async function insertEmailToken(
  db: DbOrTx,
  values: { userId: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date },
) {
  await db.insert(emailTokens).values(values);
}

/**
 * Marks a live token used and answers its user; undefined if the token is unknown, expired or
 * already used. One conditional UPDATE, so two clicks on the same link cannot both succeed.
 */
export async function consumeEmailToken(db: DbOrTx, purpose: TokenPurpose, tokenHash: string) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row;
}

/** Earlier links of the same kind stop working once a newer one is sent or one is used. */
export async function revokeEmailTokens(db: DbOrTx, userId: string, purpose: TokenPurpose) {
  await db
    .update(emailTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

export async function deleteStaleEmailTokens(db: DbOrTx) {
  await db.delete(emailTokens).where(sql`${emailTokens.expiresAt} < now() - interval '7 days'`);
}
