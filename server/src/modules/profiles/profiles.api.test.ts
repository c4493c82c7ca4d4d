import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, AUTH_SERVER_MESSAGES } from '#common/schemas/auth';
import { MAX_SOCIAL_LINKS, PROFILE_MESSAGES, profilePhotoUrl } from '#common/schemas/profile';
import { previousSlugs, socialLinks, users } from '../../db/schema';
import { CatalogTestApp } from '../../../test/support/catalog-app';
import type { TestArtist } from '../../../test/support/artists';
import { pngBomb } from '../../../test/support/media-fixtures';
import { toCurrentUser } from '../auth';
import { userIdForPreviousSlug } from './index';

describe('the artist profile API', () => {
  let t: CatalogTestApp;
  let dir: string;
  const files: Record<string, string> = {};
  const db = () => t.app.database.db;
  // The account as stored (GET /api/user may answer from the session cache for up to 30 s in
  // embedded mode: see docs/decisions/030).
  const me = async (artist: TestArtist) => {
    const [row] = await db().select().from(users).where(eq(users.id, artist.id));
    return toCurrentUser(row!);
  };
  const rename = (artist: TestArtist | undefined, displayName: unknown) =>
    t.request('PATCH', '/api/user/profile', { cookie: artist?.cookie, json: { displayName } });
  const upload = (artist: TestArtist | undefined, file: string, name = path.basename(file)) =>
    t.sendForm('POST', '/api/user/profile-photo', { files: [{ field: 'profilePhoto', path: file, name, type: 'image/jpeg' }] }, artist?.cookie);

  beforeAll(async () => {
    t = await CatalogTestApp.start('local');
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sauti-profile-'));
    const write = async (name: string, make: () => Promise<Buffer> | Buffer) => {
      files[name] = path.join(dir, name);
      fs.writeFileSync(files[name], await make());
    };
    // A landscape phone photo (left half red, right half blue) and a portrait PNG with transparency.
    await write('photo.jpg', () =>
      sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 220, g: 30, b: 30 } } })
        .composite([{ input: { create: { width: 600, height: 800, channels: 3, background: { r: 30, g: 30, b: 220 } } }, left: 600, top: 0 }])
        .jpeg()
        .toBuffer(),
    );
    await write('photo.png', () => sharp({ create: { width: 500, height: 700, channels: 4, background: { r: 0, g: 160, b: 0, alpha: 0.5 } } }).png().toBuffer());
    await write('notes.txt', () => Buffer.from('These are my liner notes, not a photo.\n'.repeat(20)));
    await write('bomb.png', () => pngBomb(Buffer.alloc(16)));
    await write('tiny.png', () => sharp({ create: { width: 40, height: 40, channels: 3, background: '#888' } }).png().toBuffer());
    await write('truncated.jpg', async () => {
      const noise = Buffer.alloc(1600 * 1600 * 3);
      for (let i = 0; i < noise.length; i += 5) noise[i] = (i * 2654435761) >>> 24;
      const full = await sharp(noise, { raw: { width: 1600, height: 1600, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
      return full.subarray(0, Math.floor(full.length / 2));
    });
    // Over the 10 MB limit: a JPEG header followed by noise.
    await write('huge.jpg', () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(11 * 1024 * 1024, 7)]));
  }, 120_000);

  afterAll(async () => {
    await t?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses every call to anonymous visitors (401)', async () => {
    const artist = await t.artist();
    const [link] = await db().insert(socialLinks).values({ userId: artist.id, title: 'Site', url: 'https://example.com/' }).returning();
    const calls = await Promise.all([
      rename(undefined, 'Someone'),
      upload(undefined, files['photo.jpg']!),
      t.request('GET', '/api/social-links'),
      t.request('POST', '/api/social-links', { json: { title: 'X', url: 'https://x.com/me' } }),
      t.request('DELETE', `/api/social-links/${link!.id}`),
    ]);
    for (const response of calls) expect(response.status).toBe(401);
    expect(await db().select().from(socialLinks).where(eq(socialLinks.userId, artist.id))).toHaveLength(1);
  });

  describe('PATCH /api/user/profile', () => {
    it('renames the artist, answers the current user with the new slug and keeps the old slug leading to them', async () => {
      const artist = await t.artist();
      const before = await me(artist);
      const oldSlug = before.profileUrl.replace('/profile/', '');
      const name = `Zoë Wanjiru ${artist.id.slice(0, 6)}`;
      const response = await rename(artist, `  ${name}  `);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.body).toMatchObject({ id: artist.id, displayName: name, profileUrl: `/profile/${encodeURIComponent(`zoëwanjiru${artist.id.slice(0, 6)}`)}` });
      const [row] = await db().select().from(users).where(eq(users.id, artist.id));
      expect(row!.displaySlug).toBe(`zoëwanjiru${artist.id.slice(0, 6)}`);
      expect(await userIdForPreviousSlug(db(), oldSlug)).toBe(artist.id);
      expect(await userIdForPreviousSlug(db(), 'nobody-ever-had-this')).toBeUndefined();
    });

    it('cleans control characters as in track names and keeps a change of case on the same slug', async () => {
      const artist = await t.artist();
      const base = `Line ${artist.id.slice(0, 6)}`;
      const first = await rename(artist, `${base}\n\u202eBreak`);
      expect(first.status).toBe(200);
      expect(first.body.displayName).toBe(`${base} Break`);
      const again = await rename(artist, `${base} BREAK`.toUpperCase());
      expect(again.status).toBe(200);
      expect(again.body.profileUrl).toBe(first.body.profileUrl);
      // The same slug is no rename: nothing is retired.
      expect(await db().select().from(previousSlugs).where(eq(previousSlugs.slug, first.body.profileUrl.replace('/profile/', '')))).toHaveLength(0);
    });

    it('refuses blank, missing, reserved and 10,000-character names (400) and changes nothing', async () => {
      const artist = await t.artist();
      const before = await me(artist);
      const cases: [unknown, string][] = [
        ['', AUTH_MESSAGES.displayNameRequired],
        ['   \n\t ', AUTH_MESSAGES.displayNameRequired],
        [undefined, AUTH_MESSAGES.displayNameRequired],
        [42, AUTH_MESSAGES.displayNameRequired],
        ['x'.repeat(10_000), AUTH_MESSAGES.displayNameMax],
        ['Dashboard', AUTH_MESSAGES.displayNameReserved],
        ['Verify-Email', AUTH_MESSAGES.displayNameReserved],
        ['!!! ???', AUTH_MESSAGES.displayNameNoLetters],
      ];
      for (const [displayName, message] of cases) {
        const response = await rename(artist, displayName);
        expect(response.status, String(displayName).slice(0, 20)).toBe(400);
        expect(response.body.message).toBe(message);
      }
      expect(await me(artist)).toEqual(before);
    });

    it("refuses another artist's current or previous slug (409) but lets an artist take back their own", async () => {
      const [a, b] = [await t.artist(), await t.artist()];
      const tag = a.id.slice(0, 6);
      const aFirstSlug = (await me(a)).profileUrl.replace('/profile/', '');

      // Taken by slug: another spelling of b's name.
      expect((await rename(b, `Bee ${tag}`)).status).toBe(200);
      const taken = await rename(a, `BEE-${tag}!`);
      expect(taken.status).toBe(409);
      expect(taken.body.message).toBe(AUTH_SERVER_MESSAGES.displayNameTaken);
      expect(taken.body.errors).toEqual({ displayName: AUTH_SERVER_MESSAGES.displayNameTaken });

      // a renames twice: both old slugs still lead to a, and b may take neither.
      expect((await rename(a, `Ay One ${tag}`)).status).toBe(200);
      expect((await rename(a, `Ay Two ${tag}`)).status).toBe(200);
      expect(await userIdForPreviousSlug(db(), aFirstSlug)).toBe(a.id);
      expect(await userIdForPreviousSlug(db(), `ayone${tag}`)).toBe(a.id);
      const squat = await rename(b, `ay one ${tag}`);
      expect(squat.status).toBe(409);
      expect(squat.body.message).toBe(AUTH_SERVER_MESSAGES.displayNameTaken);
      expect((await me(b)).displayName).toBe(`Bee ${tag}`);

      // a takes back the first new name: it is current again, no longer a previous slug, and the
      // name a leaves is now retired to a.
      const back = await rename(a, `Ay One ${tag}`);
      expect(back.status).toBe(200);
      expect(back.body.profileUrl).toBe(`/profile/ayone${tag}`);
      expect(await userIdForPreviousSlug(db(), `ayone${tag}`)).toBeUndefined();
      expect(await userIdForPreviousSlug(db(), `aytwo${tag}`)).toBe(a.id);
      // b's old slug leads to b once b renames too.
      expect((await rename(b, `Bee Two ${tag}`)).status).toBe(200);
      expect(await userIdForPreviousSlug(db(), `bee${tag}`)).toBe(b.id);
      expect(await userIdForPreviousSlug(db(), `Bee ${tag}`)).toBe(b.id);
    });
  });

  describe('profile photos', () => {
    it('stores a centre-cropped square in three sizes, WebP and JPEG, served with ETag and year-long caching', async () => {
      const artist = await t.artist();
      expect((await t.request('GET', `/api/user/${artist.id}/profile-photo`)).status).toBe(404);
      const response = await upload(artist, files['photo.jpg']!);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: artist.id, hasProfilePhoto: true });
      const filename: string = response.body.profilePhotoFilename;
      expect(filename).toMatch(/^[0-9a-f-]{36}\.jpg$/);
      expect(await me(artist)).toMatchObject({ hasProfilePhoto: true, profilePhotoFilename: filename });
      expect((await t.storedKeys(`profile-photos/${artist.id}/`)).sort()).toEqual(
        ['96', '300', '400'].flatMap((size) => [`${size}.jpg`, `${size}.webp`]).map((name) => `profile-photos/${artist.id}/${filename.replace('.jpg', '')}/${name}`).sort(),
      );
      expect(t.scratchFiles().filter((name) => name.startsWith('upload-'))).toEqual([]);

      for (const size of [96, 300, 400] as const) {
        const url = profilePhotoUrl(artist.id, filename, size)!;
        const webp = await t.fetchBytes(url, { accept: 'image/avif,image/webp,*/*' });
        expect(webp.status).toBe(200);
        expect(webp.headers.get('content-type')).toBe('image/webp');
        expect(webp.headers.get('cache-control')).toBe('public, max-age=31536000, s-maxage=3600, immutable');
        const meta = await sharp(webp.bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', size, size]);
        const jpeg = await t.fetchBytes(url, { accept: 'image/*' });
        expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
        expect((await sharp(jpeg.bytes).metadata()).width).toBe(size);
      }
      // Centre crop of a red|blue landscape: the square's left edge red, right edge blue.
      const { data, info } = await sharp((await t.fetchBytes(profilePhotoUrl(artist.id, filename, 96)!)).bytes).raw().toBuffer({ resolveWithObject: true });
      const at = (x: number) => [...data.subarray((48 * info.width + x) * info.channels, (48 * info.width + x) * info.channels + 3)];
      expect(at(2)[0]).toBeGreaterThan(150);
      expect(at(93)[2]).toBeGreaterThan(150);

      const plain = await t.fetchBytes(`/api/user/${artist.id}/profile-photo`, { accept: 'image/webp' });
      expect(plain.status).toBe(200);
      expect((await sharp(plain.bytes).metadata()).width).toBe(300);
      expect(plain.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      const stale = await t.fetchBytes(`/api/user/${artist.id}/profile-photo?v=old.jpg`, { accept: 'image/webp' });
      expect(stale.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      const etag = plain.headers.get('etag')!;
      expect(etag).toMatch(/^".+"$/);
      expect((await t.fetchBytes(`/api/user/${artist.id}/profile-photo`, { accept: 'image/webp', 'if-none-match': etag })).status).toBe(304);
      expect((await t.request('GET', `/api/user/${artist.id}/profile-photo?size=123`)).status).toBe(400);
    });

    it("replaces the photo: a new filename, and the previous photo's files removed once the new one is committed", async () => {
      const artist = await t.artist();
      const first = (await upload(artist, files['photo.jpg']!)).body.profilePhotoFilename as string;
      const second = await upload(artist, files['photo.png']!, 'me.png');
      expect(second.status).toBe(200);
      const filename = second.body.profilePhotoFilename as string;
      expect(filename).not.toBe(first);
      await t.app.jobs.drain();
      const keys = await t.storedKeys(`profile-photos/${artist.id}/`);
      expect(keys).toHaveLength(6);
      expect(keys.every((key) => key.includes(filename.replace('.jpg', '')))).toBe(true);
      // The old URL no longer names the photo: revalidated, not cached for a year.
      const old = await t.fetchBytes(profilePhotoUrl(artist.id, first, 300)!);
      expect(old.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
      const png = await t.fetchBytes(profilePhotoUrl(artist.id, filename, 400)!);
      const meta = await sharp(png.bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['jpeg', 400, 400, false]);
    });

    it('refuses a text file, a 20000x20000 PNG, a truncated JPEG, a tiny image, an oversized file and a missing file, and changes nothing', async () => {
      const artist = await t.artist();
      const kept = (await upload(artist, files['photo.jpg']!)).body.profilePhotoFilename as string;
      const keysBefore = (await t.storedKeys(`profile-photos/${artist.id}/`)).sort();
      const cases: [string, number, string][] = [
        ['notes.txt', 415, PROFILE_MESSAGES.photoFormat],
        ['bomb.png', 400, PROFILE_MESSAGES.photoTooManyPixels],
        ['truncated.jpg', 400, PROFILE_MESSAGES.photoDamaged],
        ['tiny.png', 400, PROFILE_MESSAGES.photoTooSmall],
        ['huge.jpg', 413, PROFILE_MESSAGES.photoTooLarge],
      ];
      for (const [name, status, message] of cases) {
        const response = await upload(artist, files[name]!, name === 'notes.txt' ? 'photo.jpg' : name);
        expect([name, response.status, response.body.message]).toEqual([name, status, message]);
      }
      const empty = await t.sendForm('POST', '/api/user/profile-photo', { fields: {} }, artist.cookie);
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe(PROFILE_MESSAGES.photoRequired);
      const twice = await t.sendForm(
        'POST',
        '/api/user/profile-photo',
        { files: [{ field: 'profilePhoto', path: files['photo.jpg']! }, { field: 'profilePhoto', path: files['photo.png']! }] },
        artist.cookie,
      );
      expect([twice.status, twice.body.message]).toEqual([400, PROFILE_MESSAGES.onePhoto]);
      const json = await t.request('POST', '/api/user/profile-photo', { cookie: artist.cookie, json: { profilePhoto: 'x' } });
      expect(json.status).toBe(415);

      await t.app.jobs.drain();
      expect((await me(artist)).profilePhotoFilename).toBe(kept);
      expect((await t.storedKeys(`profile-photos/${artist.id}/`)).sort()).toEqual(keysBefore);
      expect(t.scratchFiles().filter((name) => name.startsWith('upload-'))).toEqual([]);
    });

    it('answers 404 JSON for an artist without a photo, an unknown or a malformed id', async () => {
      const artist = await t.artist();
      for (const id of [artist.id, '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const response = await t.request('GET', `/api/user/${id}/profile-photo?size=96`);
        expect(response.status).toBe(404);
        expect(response.body).toEqual({ code: 'profile-photo.not-found', message: PROFILE_MESSAGES.photoNotFound });
      }
    });
  });

  describe('social links', () => {
    const add = (artist: TestArtist, body: unknown) => t.request('POST', '/api/social-links', { cookie: artist.cookie, json: body });

    it('adds, lists (oldest first) and deletes the artist\'s own links', async () => {
      const artist = await t.artist();
      expect((await t.request('GET', '/api/social-links', { cookie: artist.cookie })).body).toEqual([]);
      const first = await add(artist, { title: ' Instagram ', url: 'https://instagram.com/zoe' });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({ id: expect.any(String), title: 'Instagram', url: 'https://instagram.com/zoe' });
      // A bare address as phones give it is read as https.
      const second = await add(artist, { title: 'TikTok', url: 'tiktok.com/@zoe' });
      expect(second.body.url).toBe('https://tiktok.com/@zoe');
      const third = await add(artist, { title: 'Site', url: 'HTTP://Example.COM:8080/a b'.replace(' ', '%20') });
      expect(third.body.url).toBe('http://example.com:8080/a%20b');
      const list = await t.request('GET', '/api/social-links', { cookie: artist.cookie });
      expect(list.headers.get('cache-control')).toBe('no-store');
      expect(list.body.map((link: { title: string }) => link.title)).toEqual(['Instagram', 'TikTok', 'Site']);

      const removed = await t.request('DELETE', `/api/social-links/${second.body.id}`, { cookie: artist.cookie });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ message: PROFILE_MESSAGES.socialLinkDeleted });
      expect((await t.request('GET', '/api/social-links', { cookie: artist.cookie })).body).toHaveLength(2);
      expect((await t.request('DELETE', `/api/social-links/${second.body.id}`, { cookie: artist.cookie })).status).toBe(404);
    });

    it('refuses bad and hostile links with the spec\'s messages (400) and stores nothing', async () => {
      const artist = await t.artist();
      const cases: [unknown, unknown, string][] = [
        ['', 'https://x.com/me', PROFILE_MESSAGES.titleRequired],
        ['   ', 'https://x.com/me', PROFILE_MESSAGES.titleRequired],
        [undefined, 'https://x.com/me', PROFILE_MESSAGES.titleRequired],
        ['t'.repeat(101), 'https://x.com/me', PROFILE_MESSAGES.titleTooLong],
        ['X', 'javascript:alert(1)', PROFILE_MESSAGES.urlScheme],
        ['X', 'JavaScript:alert(document.cookie)//https://x.com', PROFILE_MESSAGES.urlScheme],
        ['X', 'data:text/html,<script>alert(1)</script>', PROFILE_MESSAGES.urlScheme],
        ['X', 'ftp://files.example.com/a', PROFILE_MESSAGES.urlScheme],
        ['X', 'vbscript:msgbox', PROFILE_MESSAGES.urlScheme],
        ['X', 'not a url', PROFILE_MESSAGES.urlInvalid],
        ['X', '', PROFILE_MESSAGES.urlInvalid],
        ['X', undefined, PROFILE_MESSAGES.urlInvalid],
        ['X', 'https://', PROFILE_MESSAGES.urlInvalid],
        ['X', 'http:/x.com', PROFILE_MESSAGES.urlInvalid],
        ['X', 'https://instagram.com@evil.example/', PROFILE_MESSAGES.urlInvalid],
        ['X', 'localhostish', PROFILE_MESSAGES.urlInvalid],
        ['X', `https://x.com/${'a'.repeat(2048)}`, PROFILE_MESSAGES.urlTooLong],
      ];
      for (const [title, url, message] of cases) {
        const response = await add(artist, { title, url });
        expect([String(url).slice(0, 40), response.status, response.body.message]).toEqual([String(url).slice(0, 40), 400, message]);
      }
      expect(await db().select().from(socialLinks).where(eq(socialLinks.userId, artist.id))).toHaveLength(0);
    });

    it(`holds at most ${MAX_SOCIAL_LINKS} links per artist`, async () => {
      const artist = await t.artist();
      await db()
        .insert(socialLinks)
        .values(Array.from({ length: MAX_SOCIAL_LINKS - 1 }, (_, i) => ({ userId: artist.id, title: `Link ${i}`, url: `https://example.com/${i}` })));
      expect((await add(artist, { title: 'Last', url: 'https://example.com/last' })).status).toBe(201);
      const over = await add(artist, { title: 'One more', url: 'https://example.com/more' });
      expect(over.status).toBe(409);
      expect(over.body.message).toBe(PROFILE_MESSAGES.tooManySocialLinks);
      expect(await db().select().from(socialLinks).where(eq(socialLinks.userId, artist.id))).toHaveLength(MAX_SOCIAL_LINKS);
    });

    it("answers 404 for another artist's link and for malformed ids, and deletes nothing", async () => {
      const [owner, other] = [await t.artist(), await t.artist()];
      const link = (await add(owner, { title: 'YouTube', url: 'https://youtube.com/@owner' })).body;
      for (const id of [link.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000', "1' OR '1'='1"]) {
        const response = await t.request('DELETE', `/api/social-links/${encodeURIComponent(id)}`, { cookie: other.cookie });
        expect(response.status).toBe(404);
        expect(response.body.message).toBe(PROFILE_MESSAGES.socialLinkNotFound);
      }
      expect((await t.request('GET', '/api/social-links', { cookie: other.cookie })).body).toEqual([]);
      expect((await t.request('GET', '/api/social-links', { cookie: owner.cookie })).body).toEqual([link]);
    });
  });
});
