import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { CurrentUser } from '#common/schemas/auth';
import { PROFILE_MESSAGES, PROFILE_PHOTO_FIELD, MAX_SOCIAL_LINKS, type ProfilePhotoSize, type SocialLink } from '#common/schemas/profile';
import { toSlug } from '#common/slug';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { AppError, fieldError } from '../../lib/errors';
import type { EventBus } from '../../lib/events';
import { toCurrentUser } from '../auth';
import type { JobQueue } from '../jobs';
import { VARIANT_MIME_TYPES, type MediaWork, type VariantFormat } from '../media';
import type { Storage } from '../storage';
import type { ReceivedUpload } from '../uploads';
import { makeProfilePhotoVariants, photoVariantName } from './photo-images';
import {
  countSocialLinks,
  currentSlugOwner,
  deleteSocialLink,
  findProfilePhoto,
  findProfileUser,
  insertSocialLink,
  listSocialLinks,
  lockProfileUser,
  previousSlugOwner,
  releasePreviousSlug,
  retireSlug,
  trimPreviousSlugs,
  updateProfileUser,
} from './profiles.repo';

/** A renamed artist's old slugs keep pointing at them, up to this many (the oldest are freed). */
export const MAX_PREVIOUS_SLUGS = 20;
/** The job that deletes a photo's files if the upload that stored them never committed. */
export const SWEEP_PHOTO_JOB = 'profiles.sweep-photo';
const SWEEP_DELAY_MS = 60 * 60 * 1000;
const MEMORY_BUDGET_BYTES = 8 * 1024 * 1024;

/**
 * Storage keys of profile photos. users.profile_photo_key names the photo,
 * `profile-photos/<userId>/<photoId>.jpg` (its basename is the API's profilePhotoFilename, new with
 * every photo); its files are `profile-photos/<userId>/<photoId>/<size>.<webp|jpg>`.
 */
export const photoKeys = {
  name(userId: string, photoId: string): string {
    return `profile-photos/${userId}/${photoId}.jpg`;
  },
  prefix(photoKey: string): string | undefined {
    const match = /^(profile-photos\/[0-9a-f-]{36}\/[a-z0-9-]+)\.jpg$/i.exec(photoKey);
    return match ? `${match[1]}/` : undefined;
  },
};

export interface ProfilesDeps {
  db: () => Db;
  storage: Storage;
  jobs: JobQueue;
  work: MediaWork;
  events: EventBus;
  log: FastifyBaseLogger;
}

export interface ProfilePhoto {
  body: Buffer;
  contentType: string;
  etag: string;
  /** True when the URL named this exact photo (?v=profilePhotoFilename): its bytes never change. */
  versioned: boolean;
  /**
   * Served only because the viewer is the taken-down artist themself (decision 066's rule for covers): no shared
   * cache may keep it, and the browser asks again each time.
   */
  restricted: boolean;
}

/** Who asks: asked only when the artist is taken down. */
export interface PhotoViewer {
  id: () => Promise<string | undefined>;
}

/** The artist's display name (and slug history) and profile photo. */
export class ProfilesService {
  /** Photo files are immutable (a new photo gets new keys): kept in memory within a byte budget. */
  private readonly memory = new LRUCache<string, Buffer>({ maxSize: MEMORY_BUDGET_BYTES, sizeCalculation: (body) => body.length });

  constructor(private readonly deps: ProfilesDeps) {}

  /**
   * Renames the artist. The slug must be free: no other artist's current slug, nor a slug retired
   * to another artist (it still leads to them). The old slug is retired to this artist in the same
   * transaction; taking back one's own old slug un-retires it.
   */
  async rename(userId: string, displayName: string): Promise<CurrentUser> {
    const slug = toSlug(displayName);
    const { db, events } = this.deps;
    let updated;
    try {
      updated = await db().transaction(async (tx) => {
        const user = await lockProfileUser(tx, userId);
        if (!user) throw new AppError('auth.required');
        if (user.displaySlug === slug) return updateProfileUser(tx, userId, { displayName });
        const holder = await currentSlugOwner(tx, slug);
        if (holder !== undefined && holder !== userId) throw fieldError('auth.display-name-taken', 'displayName');
        const retiredTo = await previousSlugOwner(tx, slug);
        if (retiredTo !== undefined && retiredTo !== userId) throw fieldError('auth.display-name-taken', 'displayName');
        if (retiredTo === userId) await releasePreviousSlug(tx, userId, slug);
        await retireSlug(tx, userId, user.displaySlug);
        await trimPreviousSlugs(tx, userId, MAX_PREVIOUS_SLUGS);
        return updateProfileUser(tx, userId, { displayName, displaySlug: slug });
      });
    } catch (error) {
      // Two artists taking the same free slug at once: the unique index decides, the loser hears "taken".
      if (isUniqueViolation(error)) throw fieldError('auth.display-name-taken', 'displayName');
      throw error;
    }
    events.emit('user.changed', { userId, sessionsEnded: false });
    return toCurrentUser(updated);
  }

  /**
   * A new profile photo from an upload: checked and converted, its files stored, then the row
   * points to it in one transaction that also queues the deletion of the previous photo's files
   * (they go once the new photo is committed). Files stored by an upload that fails are deleted at
   * once, or by a delayed sweep if the process dies first.
   */
  async replacePhoto(userId: string, upload: ReceivedUpload): Promise<CurrentUser> {
    const { db, storage, jobs, work, events, log } = this.deps;
    const file = upload.files.find((candidate) => candidate.field === PROFILE_PHOTO_FIELD);
    if (!file || file.size === 0) throw fieldError('form.invalid', PROFILE_PHOTO_FIELD, PROFILE_MESSAGES.photoRequired);
    const result = await makeProfilePhotoVariants(file.path);
    if (!result.ok) {
      throw fieldError(result.reason === 'format' ? 'upload.unsupported-format' : 'upload.invalid', PROFILE_PHOTO_FIELD, result.message);
    }
    const photoKey = photoKeys.name(userId, randomUUID());
    const prefix = photoKeys.prefix(photoKey)!;
    await jobs.enqueue(SWEEP_PHOTO_JOB, { userId, photoKey }, { delayMs: SWEEP_DELAY_MS });
    const stored: string[] = [];
    try {
      for (const variant of result.variants) {
        stored.push(prefix + variant.name);
        await storage.putBuffer(prefix + variant.name, variant.body, variant.mimeType);
      }
      const updated = await db().transaction(async (tx) => {
        const user = await lockProfileUser(tx, userId);
        if (!user) throw new AppError('auth.required');
        const row = await updateProfileUser(tx, userId, { profilePhotoKey: photoKey });
        if (user.profilePhotoKey) {
          const oldPrefix = photoKeys.prefix(user.profilePhotoKey);
          await work.enqueueDeletion(tx, oldPrefix ? { keys: [], prefixes: [oldPrefix] } : { keys: [user.profilePhotoKey], prefixes: [] });
        }
        return row;
      });
      events.emit('user.changed', { userId, sessionsEnded: false });
      return toCurrentUser(updated);
    } catch (error) {
      await storage.delete(stored).catch((cause: unknown) => log.warn({ err: cause }, 'could not delete the files of a failed photo upload yet'));
      throw error;
    }
  }

  /** The delayed sweep: deletes a photo's files unless the artist's row names that photo. */
  async sweepPhoto(payload: { userId: string; photoKey: string }): Promise<void> {
    const prefix = photoKeys.prefix(payload.photoKey);
    if (!prefix) return;
    const user = await findProfileUser(this.deps.db(), payload.userId);
    if (user?.profilePhotoKey === payload.photoKey) return;
    await this.deps.storage.deletePrefix(prefix);
  }

  /**
   * GET /api/user/{id}/profile-photo: one derived size as WebP or JPEG, never an original (none is
   * kept). 404 when the artist has no photo, and while the artist is taken down to everyone but
   * themself (the covers' rule of decision 066; no one buys a photo, so no buyer sees it): an
   * impersonation is as often the face as the name, and a shared link outlives the profile's 404.
   */
  async photo(
    userId: string,
    options: { size: ProfilePhotoSize; format: VariantFormat; version: string | undefined },
    viewer: PhotoViewer,
  ): Promise<ProfilePhoto> {
    const user = await findProfilePhoto(this.deps.db(), userId);
    const photoKey = user?.profilePhotoKey;
    const prefix = photoKey ? photoKeys.prefix(photoKey) : undefined;
    if (!photoKey || !prefix) throw new AppError('profile-photo.not-found');
    if (user.takenDown && (await viewer.id()) !== userId) throw new AppError('profile-photo.not-found');
    const name = photoVariantName(options.size, options.format);
    const key = prefix + name;
    let body = this.memory.get(key);
    if (!body) {
      try {
        body = await this.deps.storage.read(key);
      } catch (error) {
        this.deps.log.warn({ err: error, key }, 'a profile photo file is missing');
        throw new AppError('profile-photo.not-found');
      }
      this.memory.set(key, body);
    }
    const filename = photoKey.slice(photoKey.lastIndexOf('/') + 1);
    return {
      body,
      contentType: VARIANT_MIME_TYPES[options.format],
      etag: `"${filename.replace(/\.jpg$/, '')}-${name}"`,
      versioned: options.version !== undefined && options.version === filename,
      restricted: user.takenDown,
    };
  }
}

/** The artist's social links (spec section 3: id, title, url), shown on the public profile. */
export class SocialLinksService {
  constructor(private readonly deps: Pick<ProfilesDeps, 'db' | 'events'>) {}

  list(userId: string): Promise<SocialLink[]> {
    return listSocialLinks(this.deps.db(), userId);
  }

  /** Adds a link (title and url already checked and normalised by the schema). */
  async add(userId: string, input: { title: string; url: string }): Promise<SocialLink> {
    const link = await this.deps.db().transaction(async (tx) => {
      // The artist's row lock makes the count and the insert one step: two tabs cannot pass 20.
      if (!(await lockProfileUser(tx, userId))) throw new AppError('auth.required');
      if ((await countSocialLinks(tx, userId)) >= MAX_SOCIAL_LINKS) throw new AppError('social-link.too-many');
      return insertSocialLink(tx, { userId, title: input.title, url: input.url });
    });
    this.deps.events.emit('user.changed', { userId, sessionsEnded: false });
    return link;
  }

  /** Another artist's link, or an id that is not one, is simply not there: 404. */
  async remove(userId: string, linkId: string): Promise<void> {
    if (!(await deleteSocialLink(this.deps.db(), userId, linkId))) throw new AppError('social-link.not-found');
    this.deps.events.emit('user.changed', { userId, sessionsEnded: false });
  }
}
