import fp from 'fastify-plugin';
import { storageUsed } from '../catalog';
import { analyticsRoutes, ArtistAnswers } from './analytics.routes';
import { AnalyticsService } from './analytics.service';

/** The artist's figures (docs/decisions/030): the service, its per-process answers and the events that drop them. */
export const analyticsPlugin = fp(
  async (app) => {
    const service = new AnalyticsService({
      db: () => app.database.db,
      storageUsed,
      sales: () => app.salesFigures,
      followers: (userId) => app.follows.followerCount(userId),
    });
    const answers = new ArtistAnswers();
    // Counts and edits show at once, on every process (events are relayed: 053); profile views within ANSWER_TTL_MS.
    for (const event of ['track.played', 'track.downloaded', 'track.changed', 'album.changed', 'user.changed'] as const) {
      app.events.on(event, ({ userId }) => answers.forget(userId));
    }
    app.events.on('purchase.completed', ({ sellerId }) => answers.forget(sellerId));
    app.events.on('purchase.refunded', ({ sellerId }) => answers.forget(sellerId));
    app.events.on('follow.changed', ({ userId }) => answers.forget(userId));
    app.events.on('events.resync', () => answers.forgetAll());
    await app.register(async (scope) => analyticsRoutes(scope, service, answers));
  },
  { name: 'analytics', dependencies: ['payments', 'follows', 'database', 'session'] },
);
