import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updatePreferencesSchema, userPreferencesSchema, type UserPreferences } from '#common/schemas/sales';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { requireUser, signedInUser } from '../auth';
import { answersArePersonal } from '../../lib/no-store';

/**
 * The artist's preferences (issue 16): today one, `saleEmails` (an e-mail for each sale, on by
 * default; users.sale_emails). GET /api/user/preferences reads them, PATCH changes the fields it
 * names and answers them all. The payments module reads the column in the sale's transaction.
 */

async function preferencesOf(db: DbOrTx, userId: string): Promise<UserPreferences> {
  const [row] = await db.select({ saleEmails: users.saleEmails }).from(users).where(eq(users.id, userId)).limit(1);
  return { saleEmails: row?.saleEmails ?? true };
}

async function updatePreferences(db: DbOrTx, userId: string, changes: Partial<UserPreferences>): Promise<UserPreferences> {
  if (changes.saleEmails === undefined) return preferencesOf(db, userId);
  const [row] = await db
    .update(users)
    .set({ saleEmails: changes.saleEmails, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ saleEmails: users.saleEmails });
  return { saleEmails: row?.saleEmails ?? changes.saleEmails };
}

export async function preferenceRoutes(app: FastifyInstance, db: () => DbOrTx) {
  answersArePersonal(app);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get('/api/user/preferences', { preHandler: requireUser, schema: { response: { 200: userPreferencesSchema } } }, async (request) =>
    preferencesOf(db(), (await signedInUser(request)).id),
  );
  routes.patch(
    '/api/user/preferences',
    { preHandler: requireUser, schema: { body: updatePreferencesSchema, response: { 200: userPreferencesSchema } } },
    async (request) => updatePreferences(db(), (await signedInUser(request)).id, request.body),
  );
}
