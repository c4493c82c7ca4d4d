import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createArtist, type TestArtist } from '../../test/support/artists';
import { startTestApp } from '../../test/support/test-app';

type App = Awaited<ReturnType<typeof startTestApp>>;

/** Shaped like a UUID, naming nothing. */
const UNKNOWN = '7c0c1f0e-0000-4000-8000-000000000000';
/** Ids that cannot name a row: no database is asked about them. */
const MALFORMED = ['nope', '', '7c0c1f0e-0000-4000-8000-00000000000', `${UNKNOWN}0`, "7c0c1f0e' OR '1'='1", 'x'.repeat(100)];

/**
 * Decisions 061 and 076: each route checks its ids' shape itself (knownBodyId, checkedId), so its
 * services never see a malformed id, and a malformed id answers exactly what an unknown id does:
 * the status, the body and the headers a cache or a browser acts on. What the route refuses first
 * (a body its schema refuses, a bad size or format) still comes first.
 */
describe('ids checked at the route: a malformed id is an unknown id', () => {
  let t: App;
  let artist: TestArtist;
  let address = 0;

  /** From an address of its own each time: these routes are rate limited per address. */
  const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.19.${Math.floor(++address / 250)}.${(address % 250) + 1}`,
      ...(payload ? { payload } : {}),
      ...(cookie ? { headers: { cookie } } : {}),
    });
  /** What a client sees of an answer, less what differs between any two requests (date, rate-limit counters). */
  async function seen(method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) {
    const response = await call(method, url, payload, cookie);
    const headers = Object.fromEntries(Object.entries(response.headers).filter(([name]) => name !== 'date' && !name.startsWith('x-ratelimit')));
    return { status: response.statusCode, headers, body: response.body };
  }

  beforeAll(async () => {
    t = await startTestApp();
    artist = await createArtist(t.app);
  }, 120_000);

  afterAll(async () => {
    await t?.close();
  });

  it('POST /api/follows: a malformed artistId is the unknown artist’s 404; the body schema answers first', async () => {
    const unknown = await seen('POST', '/api/follows', { artistId: UNKNOWN, email: 'fan@example.com' });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body)).toEqual({ code: 'follow.artist-not-found', message: 'Artist not found' });
    expect(unknown.headers['cache-control']).toBe('no-store');
    for (const artistId of [...MALFORMED, '   ']) {
      expect(await seen('POST', '/api/follows', { artistId, email: 'fan@example.com' }), artistId).toEqual(unknown);
    }
    const badAddress = await call('POST', '/api/follows', { artistId: 'nope', email: 'not-an-address' });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().code).toBe('form.invalid');
    // The check reads the id as the schema left it (trimmed).
    expect((await call('POST', '/api/follows', { artistId: `  ${artist.id}  `, email: 'fan@example.com' })).statusCode).toBe(202);
  });

  it('POST /api/reports: a malformed itemId is the unknown item’s 404; the body schema answers first', async () => {
    for (const itemType of ['track', 'album', 'profile']) {
      const unknown = await seen('POST', '/api/reports', { itemType, itemId: UNKNOWN, reason: 'Not theirs' });
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body)).toMatchObject({ code: 'report.item-not-found' });
      expect(unknown.headers['cache-control']).toBe('no-store');
      for (const itemId of MALFORMED) {
        expect(await seen('POST', '/api/reports', { itemType, itemId, reason: 'Not theirs' }), `${itemType} ${itemId}`).toEqual(unknown);
      }
    }
    const noReason = await call('POST', '/api/reports', { itemType: 'track', itemId: 'nope', reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe('form.invalid');
    expect((await call('POST', '/api/reports', { itemType: 'profile', itemId: ` ${artist.id} `, reason: 'Not theirs' })).statusCode).toBe(202);
  });

  it('GET /api/tracks|albums/{id}/cover: a malformed id is the unknown id’s 404 with no-store; a bad size or format is 400 first', async () => {
    for (const owner of ['tracks', 'albums']) {
      for (const query of ['', '?size=96', '?format=jpeg', '?size=640&format=webp&v=x']) {
        const unknown = await seen('GET', `/api/${owner}/${UNKNOWN}/cover${query}`);
        expect(unknown.status).toBe(404);
        expect(JSON.parse(unknown.body)).toEqual({ code: 'cover.not-found', message: 'Cover not found' });
        expect(unknown.headers['cache-control']).toBe('no-store');
        for (const id of MALFORMED.filter(Boolean)) {
          expect(await seen('GET', `/api/${owner}/${encodeURIComponent(id)}/cover${query}`), `${owner} ${id} ${query}`).toEqual(unknown);
        }
      }
      for (const query of ['?size=7', '?format=gif']) {
        const malformed = await seen('GET', `/api/${owner}/nope/cover${query}`);
        expect(malformed.status, `${owner} ${query}`).toBe(400);
        expect(JSON.parse(malformed.body).code).toBe('request.invalid');
        expect(malformed).toEqual(await seen('GET', `/api/${owner}/${UNKNOWN}/cover${query}`));
      }
    }
  });

  it('GET /api/tracks|albums/{id}/download: a malformed id is the unknown id’s 404; a bad format is 400 first', async () => {
    for (const [owner, code] of [
      ['tracks', 'track.not-found'],
      ['albums', 'album.not-found'],
    ]) {
      for (const query of ['', '?format=mp3', '?format=flac&token=x']) {
        const unknown = await seen('GET', `/api/${owner}/${UNKNOWN}/download${query}`);
        expect(unknown.status).toBe(404);
        expect(JSON.parse(unknown.body)).toMatchObject({ code });
        for (const id of MALFORMED.filter(Boolean)) {
          expect(await seen('GET', `/api/${owner}/${encodeURIComponent(id)}/download${query}`), `${owner} ${id} ${query}`).toEqual(unknown);
        }
      }
      const malformed = await seen('GET', `/api/${owner}/nope/download?format=wav`);
      expect(malformed.status).toBe(400);
      expect(JSON.parse(malformed.body).code).toBe('download.format-unknown');
      expect(malformed).toEqual(await seen('GET', `/api/${owner}/${UNKNOWN}/download?format=wav`));
    }
  });

  // Decision 079: the payments routes check the ids of their bodies and queries themselves.
  it('POST /api/payments/initialize: a malformed trackId or albumId is the unknown item’s 404', async () => {
    for (const [field, code] of [
      ['trackId', 'track.not-found'],
      ['albumId', 'album.not-found'],
    ] as const) {
      // Each answer sets a new buying browser's cookie (buyerKeyOf): all else is compared.
      const checkout = async (id: string) => {
        const answer = await seen('POST', '/api/payments/initialize', { email: 'fan@example.com', [field]: id });
        expect(answer.headers['set-cookie'], `${field} ${id}`).toMatch(/^sauti_buyer=/);
        return { ...answer, headers: { ...answer.headers, 'set-cookie': undefined } };
      };
      const unknown = await checkout(UNKNOWN);
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body)).toMatchObject({ code });
      for (const id of MALFORMED.filter(Boolean)) {
        expect(await checkout(id), `${field} ${id}`).toEqual(unknown);
      }
    }
  });

  it('POST /api/purchases/resend: a malformed id bought nothing, answered as an unknown one', async () => {
    for (const field of ['trackId', 'albumId'] as const) {
      const unknown = await seen('POST', '/api/purchases/resend', { email: 'fan@example.com', [field]: UNKNOWN });
      expect(unknown.status).toBe(200);
      for (const id of MALFORMED.filter(Boolean)) {
        expect(await seen('POST', '/api/purchases/resend', { email: 'fan@example.com', [field]: id }), `${field} ${id}`).toEqual(unknown);
      }
    }
  });

  it('POST /api/codes: a malformed itemId is the unknown item’s 404; the body schema answers first', async () => {
    for (const [itemType, code] of [
      ['track', 'track.not-found'],
      ['album', 'album.not-found'],
    ]) {
      const unknown = await seen('POST', '/api/codes', { itemType, itemId: UNKNOWN, kind: 'download', count: 1 }, artist.cookie);
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body)).toMatchObject({ code });
      for (const itemId of MALFORMED.filter(Boolean)) {
        expect(await seen('POST', '/api/codes', { itemType, itemId, kind: 'download', count: 1 }, artist.cookie), `${itemType} ${itemId}`).toEqual(unknown);
      }
    }
    const noCount = await call('POST', '/api/codes', { itemType: 'track', itemId: 'nope', kind: 'download' }, artist.cookie);
    expect(noCount.statusCode).toBe(400);
    expect(noCount.json().code).toBe('form.invalid');
  });

  it('GET /api/sales and /api/sales.csv: a malformed filter id is the unknown item’s 404; a bad cursor or two items are 400 first', async () => {
    for (const path of ['/api/sales', '/api/sales.csv']) {
      for (const [field, code] of [
        ['trackId', 'track.not-found'],
        ['albumId', 'album.not-found'],
      ] as const) {
        const unknown = await seen('GET', `${path}?${field}=${UNKNOWN}`, undefined, artist.cookie);
        expect(unknown.status).toBe(404);
        expect(JSON.parse(unknown.body)).toMatchObject({ code });
        for (const id of MALFORMED.filter(Boolean)) {
          expect(await seen('GET', `${path}?${field}=${encodeURIComponent(id)}`, undefined, artist.cookie), `${path} ${field} ${id}`).toEqual(unknown);
        }
      }
      const twoItems = await call('GET', `${path}?trackId=nope&albumId=nope`, undefined, artist.cookie);
      expect(twoItems.statusCode).toBe(400);
      expect(twoItems.json().code).toBe('sales.one-filter');
    }
    const badCursor = await call('GET', '/api/sales?trackId=nope&albumId=nope&cursor=%21', undefined, artist.cookie);
    expect(badCursor.statusCode).toBe(400);
    expect(badCursor.json().code).toBe('sales.cursor-invalid');
  });

  // Decision 079: the public pages' routes check the ids the service used to.
  it('GET /api/track-detail|album-detail/{id}, /embed/{kind}/{id}, /api/cards/{kind}/{id}.png: a malformed id is the unknown id’s 404', async () => {
    for (const [url, code] of [
      [(id: string) => `/api/track-detail/${id}`, 'track.not-found'],
      [(id: string) => `/api/album-detail/${id}`, 'album.not-found'],
      [(id: string) => `/api/cards/track/${id}.png`, 'track.not-found'],
      [(id: string) => `/api/cards/album/${id}.png`, 'album.not-found'],
      [(id: string) => `/api/cards/profile/${id}.png`, 'profile.not-found'],
      [(id: string) => `/embed/track/${id}`, undefined],
      [(id: string) => `/embed/album/${id}`, undefined],
    ] as const) {
      const unknown = await seen('GET', url(UNKNOWN));
      expect(unknown.status, url(UNKNOWN)).toBe(404);
      if (code) expect(JSON.parse(unknown.body)).toMatchObject({ code });
      // (The router itself answers a path segment past 100 characters, before any route: 076.)
      for (const id of MALFORMED.filter((id) => id && url(encodeURIComponent(id)).split('/').at(-1)!.length <= 100)) {
        expect(await seen('GET', url(encodeURIComponent(id))), url(id)).toEqual(unknown);
      }
    }
  });

  it('GET /api/profile/{identifier}: an id in any case names its artist; text shaped almost like one is a slug naming nobody', async () => {
    for (const identifier of [artist.id, artist.id.toUpperCase()]) {
      const found = await call('GET', `/api/profile/${identifier}`);
      expect(found.statusCode, identifier).toBe(200);
      expect(found.json().user.id).toBe(artist.id);
    }
    const unknown = await call('GET', `/api/profile/${UNKNOWN}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('profile.not-found');
    const almost = await call('GET', `/api/profile/${artist.id}0`);
    expect(almost.statusCode).toBe(404);
    expect(almost.json()).toEqual(unknown.json());
  });
});
