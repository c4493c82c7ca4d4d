import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Track } from '#common/schemas/catalog/responses';
import { eq } from 'drizzle-orm';
import { operators, operatorVerifications, users } from '../../db/schema';
import { hashToken } from '../../lib/tokens';
import type { TestArtist } from '../../../test/support/artists';
import { addMpesa, buyInSimulatedCheckout } from '../../../test/support/buying';
import { CatalogTestApp } from '../../../test/support/catalog-app';
import { mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';

/**
 * Takedowns (issue 21 item 4, decision 058): a track, an album or an artist taken down is gone
 * from every public read (JSON, lists, search, genres, sitemap, embeds, cards, stream, download)
 * except for its buyers and its owner, the artist sees why, and a restore brings it all back.
 */
describe('takedowns', () => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  let artist: TestArtist;
  let operator: TestArtist;
  let track: Track;
  let buyer: string;
  const word = `Zuru${Math.random().toString(36).slice(2, 8)}`;

  const get = (url: string, cookie?: string) => t.request('GET', url, cookie ? { cookie } : {});
  const asOperator = (method: string, url: string, json?: unknown) => t.request(method, url, { cookie: operator.cookie, ...(json === undefined ? {} : { json }) });

  /** A fresh operator: granted, enrolled, this session verified now (the TOTP flow itself: admin.api.test.ts). */
  async function makeOperator(who: TestArtist) {
    const db = t.app.database.db;
    await db.insert(operators).values({ userId: who.id, totpSecret: 'JBSWY3DPEHPK3PXP', enrolledAt: new Date() });
    const token = /sauti_sid=([^;]+)/.exec(who.cookie)![1]!;
    await db.insert(operatorVerifications).values({ sessionIdHash: hashToken(token), userId: who.id });
  }

  beforeAll(async () => {
    media = await mediaFixtures();
    t = await CatalogTestApp.start('local');
    artist = await t.artist();
    operator = await t.artist();
    await makeOperator(operator);
    await addMpesa(t, artist);
    track = await t.uploadTrack(artist, media.mp3Short, { trackName: `${word} Nights`, artistName: 'Wanjiru', genre: 'benga', price: '50' }, [{ field: 'coverPhoto', path: media.coverPng }]);
    await t.app.jobs.drain();
    buyer = (await buyInSimulatedCheckout(t, `fan-${word}@example.com`, { trackId: track.id })).cookie;
    expect((await asOperator('POST', '/api/admin/picks', { trackId: track.id })).status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
  });

  const slugOf = async () => {
    const [row] = await t.app.database.db.select({ slug: users.displaySlug }).from(users).where(eq(users.id, artist.id));
    return row?.slug;
  };

  /** Every public place the track shows, as [place, whether it shows there]. */
  async function places(slug: string): Promise<Record<string, boolean>> {
    const id = track.id;
    const has = (body: unknown) => JSON.stringify(body).includes(id);
    const oembed = `/api/oembed?url=${encodeURIComponent(`http://sauti.test/track/${id}`)}`;
    return {
      'track detail': (await get(`/api/track-detail/${id}`)).status === 200,
      profile: has((await get(`/api/profile/${slug}`)).body),
      search: has((await get(`/api/search?q=${word}`)).body),
      genre: has((await get('/api/genres/benga/tracks')).body),
      'new releases': has((await get('/api/new-releases')).body),
      "editor's picks": has((await get('/api/editors-picks')).body),
      sitemap: String((await get('/sitemap.xml')).body).includes(id),
      oembed: (await get(oembed)).status === 200,
      embed: (await get(`/embed/track/${id}`)).status === 200,
      'share card': (await get(`/api/cards/track/${id}.png`)).status === 200,
      'stream (a stranger)': (await t.fetchBytes(`/api/tracks/${id}/stream`)).status === 200,
      'cover (a stranger)': (await t.fetchBytes(coverUrl(track))).status === 200,
      'buy (a stranger)': (await t.request('POST', '/api/payments/initialize', { json: { email: 'new@example.com', trackId: id } })).status === 200,
    };
  }
  const coverUrl = (item: { id: string; coverPhotoFilename?: string | null }, kind = 'tracks') => `/api/${kind}/${item.id}/cover?size=96&v=${item.coverPhotoFilename}`;

  /** The mails the artist got about takedowns, as written to the outbox (the mail job's real output). */
  const takedownMails = async () => {
    await t.app.jobs.drain();
    return t.outbox().filter((mail) => mail.to === `${artist.id}@example.com` && /taken down|is back|imeondolewa|umeondolewa|imerudi|umerudi/.test(mail.subject));
  };
  const everywhere = (shown: boolean) => (result: Record<string, boolean>) => Object.fromEntries(Object.keys(result).map((key) => [key, shown]));

  it('takes a track down from every public place, keeps it for its buyer and its artist, then restores it', async () => {
    const slug = (await slugOf())!;
    expect(slug).toBeTruthy();
    const before = await places(slug);
    expect(before).toEqual(everywhere(true)(before));

    const down = await asOperator('POST', '/api/admin/takedowns', { itemType: 'track', itemId: track.id, reason: '  Reported: not the uploader’s song  ' });
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ itemType: 'track', itemId: track.id, name: `${word} Nights`, reason: 'Reported: not the uploader’s song' });

    const after = await places(slug);
    expect(after).toEqual(everywhere(false)(after));
    expect((await get(`/api/track-detail/${track.id}`)).body.code).toBe('track.not-found');
    // The buyer still streams and downloads what they bought; the artist still hears their own.
    expect((await t.fetchBytes(`/api/tracks/${track.id}/stream`, { cookie: buyer })).status).toBe(200);
    expect((await t.fetchBytes(`/api/tracks/${track.id}/download`, { cookie: buyer })).status).toBe(200);
    expect((await t.fetchBytes(`/api/tracks/${track.id}/download`)).status).toBe(404);
    expect((await t.fetchBytes(`/api/tracks/${track.id}/stream`, { cookie: artist.cookie })).status).toBe(200);
    // Its cover too (decision 066): gone for a stranger, and the refusal is kept by no cache; the
    // buyer and the artist still see it, privately (no CDN keeps what only they may see).
    const strangerCover = await t.fetchBytes(coverUrl(track));
    expect([strangerCover.status, strangerCover.headers.get('cache-control')]).toEqual([404, 'no-store']);
    for (const cookie of [buyer, artist.cookie]) {
      const cover = await t.fetchBytes(coverUrl(track), { cookie });
      expect([cover.status, cover.headers.get('cache-control')]).toEqual([200, 'private, no-cache']);
    }
    // A play of it (the buyer's) is out of every public figure: not counted.
    const play = await t.request('POST', `/api/tracks/${track.id}/stream`, { cookie: buyer, json: { duration: 30, completedPercentage: 100, streamType: 'play' } });
    expect(play.status).toBe(200);
    expect(play.body.counted).toBe(false);
    // The artist sees it and why, in their dashboard; their own list still holds it.
    const mine = await get('/api/takedowns/mine', artist.cookie);
    expect(mine.body.takedowns).toEqual([expect.objectContaining({ itemType: 'track', itemId: track.id, reason: 'Reported: not the uploader’s song' })]);
    expect(JSON.stringify((await get('/api/tracks', artist.cookie)).body)).toContain(track.id);
    expect((await get('/api/takedowns/mine', operator.cookie)).body.takedowns).toEqual([]);
    expect((await get('/api/takedowns/mine')).status).toBe(401);

    // Found by a pasted address, listed, and twice is refused.
    const found = await asOperator('GET', `/api/admin/takedowns/find?q=${encodeURIComponent(`https://sauti.test/track/${track.id}`)}`);
    expect(found.body.items).toEqual([expect.objectContaining({ itemType: 'track', itemId: track.id, takenDown: true })]);
    expect((await asOperator('GET', `/api/admin/takedowns/find?q=${word}`)).body.items.map((item: { itemId: string }) => item.itemId)).toContain(track.id);
    expect((await asOperator('GET', '/api/admin/takedowns')).body.takedowns.map((row: { itemId: string }) => row.itemId)).toContain(track.id);
    const twice = await asOperator('POST', '/api/admin/takedowns', { itemType: 'track', itemId: track.id, reason: 'again' });
    expect([twice.status, twice.body.code]).toEqual([409, 'admin.already-taken-down']);

    const restored = await asOperator('DELETE', `/api/admin/takedowns/track/${track.id}?reason=${encodeURIComponent('Rights confirmed')}`);
    expect(restored.status).toBe(204);
    const back = await places(slug);
    expect(back).toEqual(everywhere(true)(back));
    expect((await get('/api/takedowns/mine', artist.cookie)).body.takedowns).toEqual([]);
    const again = await asOperator('DELETE', `/api/admin/takedowns/track/${track.id}`);
    expect([again.status, again.body.code]).toEqual([404, 'admin.not-taken-down']);

    // The artist heard of both, in English (their stored language), with the song and the reasons.
    // Two mails only: the refused second takedown and the restore of what was up mailed nothing.
    const [downMail, backMail, ...more] = await takedownMails();
    expect(more).toEqual([]);
    expect(downMail!.subject).toBe(`Your track "${word} Nights" was taken down`);
    expect(downMail!.text).toContain(`The Sauti team took down your track "${word} Nights". Fans can no longer see, play or buy it.`);
    expect(downMail!.text).toContain('The reason: Reported: not the uploader’s song');
    expect(downMail!.text).toContain('Fans who already bought it can still download it.');
    expect(downMail!.text).toMatch(/^Open your dashboard: http:\/\/\S+\/dashboard$/m);
    expect(backMail!.subject).toBe(`Your track "${word} Nights" is back`);
    expect(backMail!.text).toContain('Note from the team: Rights confirmed');

    // Who, what, when, why: in the audit log.
    const audit = (await asOperator('GET', '/api/admin/audit?limit=10')).body.entries as Array<Record<string, unknown>>;
    expect(audit.filter((entry) => String(entry.action).startsWith('takedown.')).map((entry) => [entry.action, entry.targetId, entry.reason, entry.actorEmail])).toEqual([
      ['takedown.restore', track.id, 'Rights confirmed', `${operator.id}@example.com`],
      ['takedown.add', track.id, 'Reported: not the uploader’s song', `${operator.id}@example.com`],
    ]);
  });

  it('takes down an album (its songs with it) and an artist (everything of theirs)', async () => {
    const response = await t.sendForm(
      'POST',
      '/api/albums',
      {
        fields: {
          albumName: `${word} Album`,
          price: '',
          selectedSongs: JSON.stringify([]),
          albumTracks: JSON.stringify([{ trackName: `${word} Album Song`, artistName: 'Wanjiru', price: '', allowFullPlayback: true }]),
        },
        files: [
          { field: 'albumTrackFile_0', path: media.mp3Short },
          { field: 'coverPhoto', path: media.coverPng },
        ],
      },
      artist.cookie,
    );
    expect(response.status).toBe(201);
    const album = response.body as { id: string; coverPhotoFilename: string };
    expect((await t.fetchBytes(coverUrl(album, 'albums'))).status).toBe(200);
    const albumDetail = await get(`/api/album-detail/${album.id}`);
    const songId = albumDetail.body.tracks[0].id as string;
    const slug = (await slugOf())!;

    // This artist reads their e-mails in Kiswahili (decision 056): the takedown mails follow.
    await t.app.database.db.update(users).set({ language: 'sw' }).where(eq(users.id, artist.id));
    const mailsBefore = (await takedownMails()).length;
    expect((await asOperator('POST', '/api/admin/takedowns', { itemType: 'album', itemId: album.id, reason: 'Cover infringes' })).status).toBe(200);
    expect((await get(`/api/album-detail/${album.id}`)).status).toBe(404);
    expect((await get(`/api/track-detail/${songId}`)).status).toBe(404);
    expect(JSON.stringify((await get(`/api/profile/${slug}`)).body)).not.toContain(album.id);
    expect((await t.fetchBytes(`/api/albums/${album.id}/download`)).status).toBe(404);
    expect((await t.fetchBytes(coverUrl(album, 'albums'))).status).toBe(404);
    expect((await t.fetchBytes(coverUrl(album, 'albums'), { cookie: artist.cookie })).status).toBe(200);
    // Its song shows the album's cover: gone with it.
    expect((await t.fetchBytes(`/api/tracks/${songId}/cover?size=96`)).status).toBe(404);
    expect((await get(`/api/track-detail/${track.id}`)).status).toBe(200);
    expect((await asOperator('DELETE', `/api/admin/takedowns/album/${album.id}`)).status).toBe(204);
    expect((await get(`/api/album-detail/${album.id}`)).status).toBe(200);
    expect((await t.fetchBytes(coverUrl(album, 'albums'))).status).toBe(200);

    // The artist's profile photo (the covers' rule of decision 066): up, as before.
    const uploaded = await t.sendForm('POST', '/api/user/profile-photo', { files: [{ field: 'profilePhoto', path: media.coverPng, name: 'me.png', type: 'image/png' }] }, artist.cookie);
    expect(uploaded.status).toBe(200);
    const photoUrl = `/api/user/${artist.id}/profile-photo?size=96&v=${(uploaded.body as { profilePhotoFilename: string }).profilePhotoFilename}`;
    const photoUp = await t.fetchBytes(photoUrl);
    expect([photoUp.status, photoUp.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, s-maxage=3600, immutable']);

    // A pasted profile address finds the artist.
    const byAddress = await asOperator('GET', `/api/admin/takedowns/find?q=${encodeURIComponent(`https://sauti.test/${slug}?ref=x`)}`);
    expect(byAddress.body.items).toEqual([expect.objectContaining({ itemType: 'artist', itemId: artist.id, takenDown: false })]);
    expect((await asOperator('POST', '/api/admin/takedowns', { itemType: 'artist', itemId: artist.id, reason: 'Impersonation' })).status).toBe(200);
    expect((await get(`/api/profile/${slug}`)).status).toBe(404);
    expect((await get(`/api/track-detail/${track.id}`)).status).toBe(404);
    expect((await get(`/api/album-detail/${album.id}`)).status).toBe(404);
    expect(JSON.stringify((await get(`/api/search?q=${word}`)).body)).not.toMatch(new RegExp(`${track.id}|${album.id}|${artist.id}`));
    expect(String((await get('/sitemap.xml')).body)).not.toContain(slug);
    expect((await t.fetchBytes(`/api/tracks/${track.id}/stream`, { cookie: buyer })).status).toBe(200);
    // Every cover of the artist's goes with them, but for what the buyer bought.
    expect((await t.fetchBytes(coverUrl(album, 'albums'))).status).toBe(404);
    expect((await t.fetchBytes(coverUrl(track))).status).toBe(404);
    expect((await t.fetchBytes(coverUrl(track), { cookie: buyer })).status).toBe(200);
    // Their photo too: 404 kept by no cache, to a stranger, a buyer and a signed-in fan alike;
    // the artist still sees it, privately.
    for (const cookie of [undefined, buyer, operator.cookie]) {
      const photo = await t.fetchBytes(photoUrl, cookie ? { cookie } : {});
      expect([photo.status, photo.headers.get('cache-control')], String(cookie)).toEqual([404, 'no-store']);
    }
    const ownPhoto = await t.fetchBytes(photoUrl, { cookie: artist.cookie });
    expect([ownPhoto.status, ownPhoto.headers.get('cache-control')]).toEqual([200, 'private, no-cache']);
    expect((await get('/api/takedowns/mine', artist.cookie)).body.takedowns).toEqual([expect.objectContaining({ itemType: 'artist', reason: 'Impersonation' })]);
    expect((await asOperator('DELETE', `/api/admin/takedowns/artist/${artist.id}`)).status).toBe(204);
    const photoBack = await t.fetchBytes(photoUrl);
    expect([photoBack.status, photoBack.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, s-maxage=3600, immutable']);
    expect((await get(`/api/profile/${slug}`)).status).toBe(200);
    expect((await get(`/api/track-detail/${track.id}`)).status).toBe(200);

    const mails = (await takedownMails()).slice(mailsBefore);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Albamu yako "${word} Album" imeondolewa`,
      `Albamu yako "${word} Album" imerudi`,
      'Ukurasa wako wa Sauti umeondolewa',
      'Ukurasa wako wa Sauti umerudi',
    ]);
    expect(mails[0]!.text).toContain(`Timu ya Sauti imeondoa albamu yako "${word} Album". Mashabiki hawawezi tena kuona, kusikiliza wala kununua muziki huu.`);
    expect(mails[0]!.text).toContain('Sababu: Cover infringes');
    expect(mails[0]!.text).toMatch(/^Fungua dashibodi yako: http:\/\/\S+\/dashboard$/m);
    expect(mails[1]!.text).not.toContain('Ujumbe kutoka kwa timu');
    expect(mails[2]!.text).toContain('Sababu: Impersonation');
    expect(mails[2]!.text).toContain('imeondoa ukurasa wako wa msanii');
    await t.app.database.db.update(users).set({ language: 'en' }).where(eq(users.id, artist.id));
  });

  it('refuses bad input with a message and writes nothing', async () => {
    const before = (await asOperator('GET', '/api/admin/audit?limit=100')).body.entries.length;
    const cases: Array<[string, string, unknown, number, string]> = [
      ['POST', '/api/admin/takedowns', { itemType: 'track', itemId: '00000000-0000-4000-8000-000000000000', reason: 'x' }, 404, 'admin.item-not-found'],
      ['POST', '/api/admin/takedowns', { itemType: 'artist', itemId: track.id, reason: 'x' }, 404, 'admin.item-not-found'],
      ['POST', '/api/admin/takedowns', { itemType: 'track', itemId: track.id }, 400, 'form.invalid'],
      ['POST', '/api/admin/takedowns', { itemType: 'track', itemId: track.id, reason: '   ' }, 400, 'form.invalid'],
      ['POST', '/api/admin/takedowns', { itemType: 'track', itemId: track.id, reason: 'x'.repeat(501) }, 400, 'form.invalid'],
      ['POST', '/api/admin/takedowns', { itemType: 'song', itemId: track.id, reason: 'x' }, 400, 'form.invalid'],
      ['POST', '/api/admin/takedowns', { itemType: 'track', itemId: 'nope', reason: 'x' }, 400, 'form.invalid'],
      ['DELETE', '/api/admin/takedowns/track/00000000-0000-4000-8000-000000000000', undefined, 404, 'admin.item-not-found'],
      ['DELETE', '/api/admin/takedowns/song/nope', undefined, 400, 'request.invalid'],
      ['GET', `/api/admin/takedowns/find?q=${'x'.repeat(301)}`, undefined, 400, 'request.invalid'],
    ];
    for (const [method, url, payload, status, code] of cases) {
      const response = await asOperator(method, url, payload);
      expect([response.status, response.body.code], `${method} ${url} ${JSON.stringify(payload)}`).toEqual([status, code]);
      expect(typeof response.body.message).toBe('string');
    }
    expect((await asOperator('GET', '/api/admin/audit?limit=100')).body.entries.length).toBe(before);
    // Not an operator: 403 with no data; the track stays up.
    const refused = await t.request('POST', '/api/admin/takedowns', { cookie: artist.cookie, json: { itemType: 'track', itemId: track.id, reason: 'mine' } });
    expect([refused.status, refused.body]).toEqual([403, { code: 'admin.forbidden', message: 'This is for Sauti’s operators only.' }]);
    expect((await get(`/api/track-detail/${track.id}`)).status).toBe(200);
  });
});
