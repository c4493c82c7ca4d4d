import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import type { Album, Track } from '#common/schemas/catalog/responses';
import { toSlug } from '#common/slug';
import { covers, profileViews, socialLinks, tracks, users } from '../../db/schema';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { CatalogTestApp } from '../../../test/support/catalog-app';
import { mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';

/**
 * The set-up the public read API's tests share (public-pages.api.test.ts, sitemap-robots.api.test.ts):
 * one app with DJ Kali's public pages, and the checks of what a public answer may carry.
 */

/** What a public track carries (spec section 3 minus the uploader's file name and the rendition state). */
export const PUBLIC_TRACK_KEYS = [
  'albumId',
  'allowFullPlayback',
  'artistName',
  'coverPhotoFilename',
  'downloadCount',
  'duration',
  'fileSize',
  'genre',
  'id',
  'mimeType',
  'payMore',
  'price',
  'purchasable',
  'streamCount',
  'suggestedPrice',
  'tags',
  'trackName',
  'uploadedAt',
  'userId',
];
export const PUBLIC_USER_KEYS = ['displayName', 'hasProfilePhoto', 'id', 'profilePhotoFilename', 'profileUrl'];

/** Words that name private fields: none may appear anywhere in a public answer. */
export const PRIVATE_WORDS = ['passwordHash', 'password', 'email', 'audioKey', 'originalKey', 'originalName', 'storageKey', 'streamReady', 'not-a-real-hash'];

/** The file name the artist's computer gave the upload: private (it can say more than meant). */
const SECRET_FILE_NAME = 'kali-demo-DO-NOT-LEAK-v3.mp3';

/** What the enclosing describe block's tests are handed once the app is up. */
export interface PublicRead {
  t: CatalogTestApp;
  /** DJ Kali: three songs (one with a cover), an album of two of them, two social links. */
  kali: TestArtist;
  songs: { asubuhi: Track; jioni: Track; usiku: Track };
  album: Album;
}

/**
 * Starts one app for the enclosing describe block with DJ Kali's catalogue (handed to `ready`
 * before its tests), restores mocks after each test and closes the app after the block.
 */
export function publicReadForBlock(ready: (set: PublicRead) => void) {
  let t: CatalogTestApp;
  let media: MediaFixtures;

  const get = (url: string, options: { cookie?: string; address?: string } = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      ...(options.address ? { remoteAddress: options.address } : {}),
      headers: options.cookie ? { cookie: options.cookie } : {},
    });

  /** An artist whose slug is exactly the slug of their display name, as sign-up makes it. */
  async function artistNamed(displayName: string): Promise<TestArtist> {
    const artist = await createArtist(t.app, displayName);
    await t.app.database.db.update(users).set({ displaySlug: toSlug(displayName) }).where(eq(users.id, artist.id));
    return artist;
  }

  const upload = (artist: TestArtist, trackName: string, files: { name?: string; cover?: boolean } = {}): Promise<Track> =>
    t.uploadTrack(
      artist,
      { field: 'audio', path: media.mp3Short, ...(files.name ? { name: files.name } : {}) },
      { trackName, artistName: 'DJ Kali', price: '50' },
      files.cover ? [{ field: 'coverPhoto', path: media.coverJpg }] : [],
    );

  /** Everything private about an artist's uploads, as stored: none of it may be sent. */
  async function privateStrings(artist: TestArtist): Promise<string[]> {
    const db = t.app.database.db;
    const trackRows = await db.select({ audioKey: tracks.audioKey, originalName: tracks.originalName }).from(tracks).where(eq(tracks.userId, artist.id));
    const coverRows = await db.select({ originalKey: covers.originalKey }).from(covers).where(eq(covers.userId, artist.id));
    const [account] = await db.select({ email: users.email, passwordHash: users.passwordHash }).from(users).where(eq(users.id, artist.id));
    return [
      account!.email,
      account!.passwordHash,
      ...trackRows.flatMap((row) => [row.audioKey, path.posix.basename(row.audioKey, path.posix.extname(row.audioKey)), row.originalName]),
      ...coverRows.map((row) => row.originalKey),
    ];
  }

  async function expectNothingPrivate(body: string, artist: TestArtist) {
    const secrets = await privateStrings(artist);
    expect(secrets).toContain(SECRET_FILE_NAME);
    for (const secret of [...secrets, ...PRIVATE_WORDS]) expect(body).not.toContain(secret);
  }

  const viewsOf = async (userId: string) => {
    await t.app.publicPages.viewsCounted();
    const [row] = await t.app.database.db.select({ n: count() }).from(profileViews).where(eq(profileViews.userId, userId));
    return row!.n;
  };

  beforeAll(async () => {
    media = await mediaFixtures();
    t = await CatalogTestApp.start('local');
    const kali = await artistNamed('DJ Kali');
    const asubuhi = await upload(kali, 'Asubuhi', { name: SECRET_FILE_NAME });
    const jioni = await upload(kali, 'Jioni', { cover: true });
    const usiku = await upload(kali, 'Usiku');
    // Album order is the artist's choice, not upload order.
    const album = await t.uploadAlbum(kali, { albumName: 'Siku Moja', price: '300', selectedSongs: JSON.stringify([usiku.id, asubuhi.id]) });
    // Social links are written by the profiles module; inserted here out of order on purpose.
    await t.app.database.db.insert(socialLinks).values([
      { userId: kali.id, title: 'YouTube', url: 'https://youtube.com/@djkali', createdAt: new Date(Date.now() - 1_000) },
      { userId: kali.id, title: 'Instagram', url: 'https://instagram.com/djkali', createdAt: new Date(Date.now() - 60_000) },
    ]);
    ready({ t, kali, songs: { asubuhi, jioni, usiku }, album });
  });
  afterAll(async () => t?.close());
  afterEach(() => vi.restoreAllMocks());

  return { get, artistNamed, upload, expectNothingPrivate, viewsOf };
}
