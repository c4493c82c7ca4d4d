import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STORAGE_QUOTA_BYTES } from '#common/schemas/catalog/rules';
import {
  MAX_PROFILE_PHOTO_BYTES,
  PROFILE_MESSAGES,
  PROFILE_PHOTO_FIELD,
  profilePhotoQuerySchema,
  profileUserResponseSchema,
  socialLinkDeletedResponseSchema,
  socialLinkInputSchema,
  socialLinkParamsSchema,
  socialLinkResponseSchema,
  socialLinksResponseSchema,
  updateProfileSchema,
} from '#common/schemas/profile';
import { idParams } from '#common/ids';
import { AppError } from '../../lib/errors';
import { knownId } from '../../lib/known-id';
import { requireUser, signedInUser } from '../auth';
import { receiveUpload, runUpload } from '../uploads';
import type { ProfilesService, SocialLinksService } from './profiles.service';
import { answersArePersonal } from '../../lib/no-store';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * As covers (decision 066): a browser keeps a versioned photo a year, a shared cache (a CDN) an
 * hour at most before it revalidates, so a taken-down artist's photo is gone from it within the hour.
 */
const VERSIONED_PHOTO_CACHE_CONTROL = `public, max-age=${YEAR_SECONDS}, s-maxage=3600, immutable`;
/** A taken-down artist's photo, shown to the artist themself: no shared cache keeps it. */
const RESTRICTED_PHOTO_CACHE_CONTROL = 'private, no-cache';

export interface ProfileServices {
  profiles: ProfilesService;
  links: SocialLinksService;
}

/**
 * PATCH /api/user/profile, GET/POST /api/social-links, DELETE /api/social-links/{id} (signed in),
 * and GET /api/user/{id}/profile-photo (public).
 */
export async function profileRoutes(app: FastifyInstance, services: ProfileServices) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { profiles, links } = services;

  await app.register(async (scope) => {
    answersArePersonal(scope);
    const own = scope.withTypeProvider<ZodTypeProvider>();
    own.patch(
      '/api/user/profile',
      {
        preHandler: requireUser,
        // Each rename can retire a slug: a bound keeps one account from hoarding names.
        config: { rateLimit: { max: 60, timeWindow: '1 hour' } },
        schema: { body: updateProfileSchema, response: { 200: profileUserResponseSchema } },
      },
      async (request) => profiles.rename((await signedInUser(request)).id, request.body.displayName),
    );

    own.get('/api/social-links', { preHandler: requireUser, schema: { response: { 200: socialLinksResponseSchema } } }, async (request) =>
      links.list((await signedInUser(request)).id),
    );

    own.post(
      '/api/social-links',
      { preHandler: requireUser, schema: { body: socialLinkInputSchema, response: { 201: socialLinkResponseSchema } } },
      async (request, reply) => reply.code(201).send(await links.add((await signedInUser(request)).id, request.body)),
    );

    own.delete(
      '/api/social-links/:id',
      { preHandler: [requireUser, knownId('social-link.not-found')], schema: { params: socialLinkParamsSchema, response: { 200: socialLinkDeletedResponseSchema } } },
      async (request) => {
        await links.remove((await signedInUser(request)).id, request.params.id);
        return { message: PROFILE_MESSAGES.socialLinkDeleted };
      },
    );
  });

  // Public, cached like cover thumbnails: a year when the URL names this photo, else revalidated.
  routes.get(
    '/api/user/:id/profile-photo',
    { preHandler: knownId('profile-photo.not-found'), schema: { params: idParams, querystring: profilePhotoQuerySchema } },
    async (request, reply) => {
      const format = (request.headers.accept ?? '').includes('image/webp') ? 'webp' : 'jpg';
      // A refusal (no photo, or the artist taken down) is kept nowhere: the artist may come back.
      reply.header('Cache-Control', 'no-store');
      const photo = await profiles.photo(
        request.params.id,
        { size: request.query.size, format, version: request.query.v },
        { id: async () => (await request.currentUser())?.id },
      );
      reply
        .header('ETag', photo.etag)
        .header(
          'Cache-Control',
          photo.restricted ? RESTRICTED_PHOTO_CACHE_CONTROL : photo.versioned ? VERSIONED_PHOTO_CACHE_CONTROL : 'public, max-age=0, must-revalidate',
        )
        .header('Vary', 'Accept')
        .header('X-Content-Type-Options', 'nosniff');
      const ifNoneMatch = request.headers['if-none-match'];
      if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === photo.etag)) return reply.code(304).send();
      return reply.type(photo.contentType).send(photo.body);
    },
  );
}

/** POST /api/user/profile-photo (multipart `profilePhoto`), in the scope that parses multipart. */
export async function profilePhotoUploadRoutes(app: FastifyInstance, services: ProfileServices) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  answersArePersonal(app);
  const rules = {
    fileField: (name: string) =>
      name === PROFILE_PHOTO_FIELD
        ? { maxBytes: MAX_PROFILE_PHOTO_BYTES, tooLargeMessage: PROFILE_MESSAGES.photoTooLarge, duplicateMessage: PROFILE_MESSAGES.onePhoto }
        : undefined,
    // One file more than the form takes is let through, so a repeated field gets its own message.
    maxFiles: 2,
    maxFields: 4,
    // The photo is not an original the artist stores (only its small derived sizes are kept), so
    // the quota does not bound it; the intake's byte limits do (docs/decisions/030).
    quotaRemaining: STORAGE_QUOTA_BYTES,
  };

  routes.post(
    '/api/user/profile-photo',
    { preHandler: requireUser, schema: { response: { 200: profileUserResponseSchema } } },
    async (request, reply) => {
      const user = await signedInUser(request);
      return runUpload(app, request, reply, user.id, async () => {
        const upload = await receiveUpload(request, reply, app.scratchDir, rules);
        try {
          const unexpected = Object.keys(upload.fields);
          if (unexpected.length > 0) throw new AppError('request.invalid', `Unexpected form field: ${unexpected[0]}`);
          return await services.profiles.replacePhoto(user.id, upload);
        } finally {
          await upload.discard();
        }
      });
    },
  );
}
