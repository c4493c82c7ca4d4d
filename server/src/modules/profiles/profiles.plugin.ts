import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import { MAX_PROFILE_PHOTO_BYTES } from '#common/schemas/profile';
import { preferenceRoutes } from './preferences';
import { profilePhotoUploadRoutes, profileRoutes } from './profiles.routes';
import { ProfilesService, SocialLinksService, SWEEP_PHOTO_JOB } from './profiles.service';

/**
 * The artist's profile (issue 9): display name with slug history, profile photo, social links
 * (docs/decisions/030). The photo goes through the shared upload intake; multipart parsing is
 * registered only in the upload route's own scope.
 */
export const profilesPlugin = fp(
  async (app) => {
    const deps = { db: () => app.database.db, storage: app.storage, jobs: app.jobs, work: app.mediaWork, events: app.events, log: app.log };
    const services = { profiles: new ProfilesService(deps), links: new SocialLinksService(deps) };
    app.jobs.register<{ userId: string; photoKey: string }>(SWEEP_PHOTO_JOB, (payload) => services.profiles.sweepPhoto(payload), { concurrency: 1 });

    await app.register(async (scope) => profileRoutes(scope, services));
    await app.register(async (scope) => preferenceRoutes(scope, () => app.database.db));
    await app.register(async (scope) => {
      await scope.register(multipart, {
        limits: { fileSize: MAX_PROFILE_PHOTO_BYTES, fieldSize: 64 * 1024, fields: 4, files: 2, headerPairs: 100 },
      });
      await profilePhotoUploadRoutes(scope, services);
    });
  },
  { name: 'profiles', dependencies: ['database', 'uploads', 'session', 'storage', 'media'] },
);
