import fp from 'fastify-plugin';
import { HOUR_MS } from '../jobs';
import { followRoutes } from './follows.routes';
import { FOLLOW_RELEASE_JOB, FollowsService } from './follows.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Issue 17: following artists by e-mail (the analytics' follower count, tests). */
    follows: FollowsService;
  }
}

const SWEEP_EVERY_MS = 2 * 60 * 1000;

/** Following an artist by e-mail (issue 17, docs/decisions/038). */
export const followsPlugin = fp(
  async (app) => {
    const follows = new FollowsService({
      db: () => app.database.db,
      mailer: app.mailer,
      jobs: app.jobs,
      attempts: app.attempts,
      events: app.events,
      log: app.log,
      publicUrl: app.config.publicUrl,
    });
    app.decorate('follows', follows);
    // Queued once, by the process where the change happened (not by every process the event reaches: 053).
    app.events.on('track.changed', ({ trackId }) => follows.onChange('track', trackId), { thisProcessOnly: true });
    app.events.on('album.changed', ({ albumId }) => follows.onChange('album', albumId), { thisProcessOnly: true });
    app.jobs.register<{ kind: 'track' | 'album'; id: string }>(FOLLOW_RELEASE_JOB, async ({ kind, id }) => {
      const sent = await follows.announce(kind, id);
      if (sent > 0) app.log.info({ kind, id, sent }, 'release mailed to followers');
    });
    // Within the 5 minutes a release mail is due, even when the process that saw it died (038, 041).
    app.jobs.scheduleEvery('follows.sweep', SWEEP_EVERY_MS, async () => {
      const queued = await follows.sweepReleases();
      if (queued > 0) app.log.info({ queued }, 'releases no process had queued for their followers');
    });
    app.jobs.scheduleEvery('follows.purge', HOUR_MS, async () => follows.purgeOld());
    app.addHook('onClose', async () => follows.idle());
    await app.register(async (scope) => followRoutes(scope, follows));
  },
  { name: 'follows', dependencies: ['database', 'limits', 'mail'] },
);
