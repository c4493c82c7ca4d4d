import fp from 'fastify-plugin';
import { HOUR_MS } from '../jobs';
import { createAuthService, DEFAULT_AUTH_LIMITS, type AuthLimits } from './auth.service';
import { authRoutes, DEFAULT_ROUTE_LIMITS, type AuthRouteLimits } from './auth.routes';
import { deleteStaleEmailTokens } from './email-tokens.repo';
import { PasswordHasher } from './password-hasher';
import { deleteExpiredSessions } from './sessions.repo';

export interface AuthPluginOptions {
  limits?: { perEmail?: Partial<AuthLimits>; perAddress?: Partial<AuthRouteLimits> };
}


export const authPlugin = fp<AuthPluginOptions>(
  async (app, options) => {
    const hasher = new PasswordHasher();
    const auth = createAuthService({
      db: app.database.db,
      hasher,
      mailer: app.mailer,
      jobs: app.jobs,
      attempts: app.attempts,
      events: app.events,
      publicUrl: app.config.publicUrl,
      limits: { ...DEFAULT_AUTH_LIMITS, ...options.limits?.perEmail },
    });
    // The switch (plugins/language.ts) stores a signed-in person's choice: their e-mails follow it.
    app.onLanguageSwitch(async (request, language) => {
      const user = await request.currentUser();
      if (user) await auth.setLanguage(user.id, language);
    });
    await app.register(authRoutes, {
      prefix: '/api',
      auth,
      limits: { ...DEFAULT_ROUTE_LIMITS, ...options.limits?.perAddress },
    });

    app.jobs.scheduleEvery('auth.sweep', HOUR_MS, async () => {
      await deleteExpiredSessions(app.database.db);
      await deleteStaleEmailTokens(app.database.db);
    });
    app.addHook('onClose', async () => hasher.close());
  },
  { name: 'auth', dependencies: ['database', 'limits', 'session', 'mail'] },
);
