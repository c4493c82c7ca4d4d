import fp from 'fastify-plugin';
import { adminRoutes } from './admin.routes';
import { AdminService } from './admin.service';
import { artistTakedownRoutes, takedownRoutes } from './takedowns.routes';
import { TakedownsService } from './takedowns.service';
import { DEVELOPMENT_KEY, SecretBox } from './secret-box';
import { payoutConsoleRoutes } from './payouts.routes';
import { ConsolePayouts } from './payouts.service';
import { refundConsoleRoutes } from './refunds.routes';
import { ConsoleRefunds } from './refunds.service';
import { reportConsoleRoutes, reportRoutes } from './reports.routes';
import { ReportsService } from './reports.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 21: operators, their second factor, the audit log and the console's actions. */
    admin: AdminService;
    /** Every console route (method and URL), as registered: the authorization test walks them all. */
    adminRouteList: Array<{ method: string; url: string }>;
  }
}

/** The operator's console (issue 21, docs/decisions/051). */
export const adminPlugin = fp(
  async (app) => {
    const secretBox = new SecretBox(app.config.totpEncryptionKey ?? DEVELOPMENT_KEY);
    const admin = new AdminService({
      db: () => app.database.db,
      attempts: app.attempts,
      secretBox,
      announcePicks: () => app.events.emit('discovery.changed', {}),
    });
    app.decorate('admin', admin);
    const takedowns = new TakedownsService({ db: () => app.database.db, events: app.events, mailer: app.mailer, publicUrl: app.config.publicUrl });
    // Secrets stored before they were encrypted (decision 059) are sealed now, on whichever process starts first.
    const sealed = await admin.sealStoredSecrets();
    if (sealed > 0) app.log.info({ sealed }, 'operators\' TOTP secrets encrypted at rest');
    const registered: Array<{ method: string; url: string }> = [];
    app.decorate('adminRouteList', registered);
    const reports = new ReportsService({ db: () => app.database.db });
    // A fan's report is public: outside the console's guarded scope (decision 059).
    await app.register(async (scope) => reportRoutes(scope, reports));
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push({ method, url: route.url });
      });
      await adminRoutes(scope, admin);
      await takedownRoutes(scope, takedowns);
      await reportConsoleRoutes(scope, reports);
      await refundConsoleRoutes(scope, new ConsoleRefunds({ db: () => app.database.db, refunds: () => app.refunds }));
      await payoutConsoleRoutes(scope, new ConsolePayouts({ db: () => app.database.db, payouts: () => app.payouts }));
    });
    await artistTakedownRoutes(app, takedowns);
  },
  { name: 'admin', dependencies: ['database', 'limits', 'session', 'mail', 'payments', 'payouts'] },
);
