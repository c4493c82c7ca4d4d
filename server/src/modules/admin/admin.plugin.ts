import fp from 'fastify-plugin';
import { adminRoutes } from './admin.routes';
import { AdminService } from './admin.service';
import { artistTakedownRoutes, takedownRoutes } from './takedowns.routes';
import { TakedownsService } from './takedowns.service';

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
    const admin = new AdminService({ db: () => app.database.db, attempts: app.attempts });
    app.decorate('admin', admin);
    const takedowns = new TakedownsService({ db: () => app.database.db, events: app.events });
    const registered: Array<{ method: string; url: string }> = [];
    app.decorate('adminRouteList', registered);
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) if (method !== 'HEAD') registered.push({ method, url: route.url });
      });
      await adminRoutes(scope, admin);
      await takedownRoutes(scope, takedowns);
    });
    await artistTakedownRoutes(app, takedowns);
  },
  { name: 'admin', dependencies: ['database', 'limits', 'session'] },
);
