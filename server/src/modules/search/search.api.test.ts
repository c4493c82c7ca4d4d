import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENRES, TAG_MESSAGES } from '#common/genres';
import type { Track } from '#common/schemas/catalog/responses';
import { genreTracksResponseSchema, searchResponseSchema, SEARCH_MESSAGES, type SearchResponse } from '#common/schemas/search';
import { albums, tracks, users } from '../../db/schema';
import { createArtist, type TestArtist } from '../../../test/support/artists';
import { CatalogTestApp } from '../../../test/support/catalog-app';
import { mediaFixtures, type MediaFixtures } from '../../../test/support/media-fixtures';

/**
 * Issue 17: genres and tags on the artist's tracks and albums, GET /api/genres and a genre's
 * tracks, GET /api/search. Search rows are written straight to the database (the upload path is
 * tested once, here too): what is read is what is under test.
 */
describe('genres, tags and search', () => {
  let t: CatalogTestApp;
  let media: MediaFixtures;
  let nyota: TestArtist;
  let other: TestArtist;
  let uploaded: Track;

  const get = (url: string) => t.request('GET', url);
  const search = async (q: string, limit?: number): Promise<SearchResponse> => {
    const response = await get(`/api/search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`);
    expect(response.status).toBe(200);
    return searchResponseSchema.parse(response.body);
  };
  const names = (answer: SearchResponse) => ({
    tracks: answer.tracks.map((track) => track.trackName),
    albums: answer.albums.map((album) => album.albumName),
    artists: answer.artists.map((artist) => artist.displayName),
  });

  let clock = Date.parse('2026-01-01T00:00:00Z');
  /** A track row as an upload leaves it, uploaded one second after the previous one unless told. */
  async function insertTrack(artist: { id: string }, values: { trackName: string; artistName?: string; genre?: string; tags?: string[]; uploadedAt?: Date; streamCount?: number }) {
    const id = randomUUID();
    clock += 1_000;
    await t.app.database.db.insert(tracks).values({
      id,
      userId: artist.id,
      trackName: values.trackName,
      artistName: values.artistName ?? 'Someone',
      originalName: 'x.mp3',
      fileSize: 1000,
      mimeType: 'audio/mpeg',
      duration: 5,
      audioKey: `test/${id}`,
      genre: values.genre ?? null,
      tags: values.tags ?? [],
      streamCount: values.streamCount ?? 0,
      uploadedAt: values.uploadedAt ?? new Date(clock),
    });
    return id;
  }

  async function artistNamed(displayName: string, verified = true) {
    const artist = await createArtist(t.app, displayName);
    if (!verified) await t.app.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, artist.id));
    return artist;
  }

  beforeAll(async () => {
    media = await mediaFixtures();
    t = await CatalogTestApp.start('local');
    nyota = await artistNamed('Nyota Wanjiru');
    other = await artistNamed('Zoë Akinyi');
    uploaded = await t.uploadTrack(nyota, media.mp3Short, { trackName: 'Mvua', artistName: 'Nyota Wanjiru', genre: 'benga', tags: ' Love , NAIROBI,love,, ' });
  });

  afterAll(async () => {
    await t?.close();
  });

  describe('genre and tags on the artist’s tracks and albums', () => {
    it('takes a genre and tags with an upload: tags trimmed, lowercased, each once', () => {
      expect(uploaded.genre).toBe('benga');
      expect(uploaded.tags).toEqual(['love', 'nairobi']);
    });

    it('refuses an unknown genre and more than 5 tags with a message, and stores nothing', async () => {
      const before = (await t.request('GET', '/api/tracks', { cookie: nyota.cookie })).body.length;
      const unknown = await t.sendForm('POST', '/api/tracks', { fields: { trackName: 'X', artistName: 'Y', genre: 'polka' }, files: [{ field: 'audio', path: media.mp3Short }] }, nyota.cookie);
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe(TAG_MESSAGES.genreUnknown);
      const many = await t.sendForm('POST', '/api/tracks', { fields: { trackName: 'X', artistName: 'Y', tags: 'a,b,c,d,e,f' }, files: [{ field: 'audio', path: media.mp3Short }] }, nyota.cookie);
      expect(many.status).toBe(400);
      expect(many.body.message).toBe(TAG_MESSAGES.tooMany);
      const long = await t.request('PATCH', `/api/tracks/${uploaded.id}`, { cookie: nyota.cookie, json: { tags: ['x'.repeat(31)] } });
      expect(long.status).toBe(400);
      expect(long.body.message).toBe(TAG_MESSAGES.tooLong);
      expect((await t.request('GET', '/api/tracks', { cookie: nyota.cookie })).body.length).toBe(before);
    });

    it('edits them (JSON or multipart); an empty genre clears it; a field left out keeps its value', async () => {
      const edited = await t.request('PATCH', `/api/tracks/${uploaded.id}`, { cookie: nyota.cookie, json: { genre: 'gospel', tags: ['Sifa', 'Praise'] } });
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({ genre: 'gospel', tags: ['sifa', 'praise'] });
      const renamed = await t.sendForm('PATCH', `/api/tracks/${uploaded.id}`, { fields: { trackName: 'Mvua Kubwa' } }, nyota.cookie);
      expect(renamed.body).toMatchObject({ trackName: 'Mvua Kubwa', genre: 'gospel', tags: ['sifa', 'praise'] });
      const cleared = await t.sendForm('PATCH', `/api/tracks/${uploaded.id}`, { fields: { genre: '', tags: '' } }, nyota.cookie);
      expect(cleared.body).toMatchObject({ genre: null, tags: [] });
      const back = await t.sendForm('PATCH', `/api/tracks/${uploaded.id}`, { fields: { genre: 'Benga', tags: 'love' } }, nyota.cookie);
      expect(back.body).toMatchObject({ genre: 'benga', tags: ['love'] });
    });

    it('needs the owner: signed out 401, another artist 404', async () => {
      expect((await t.request('PATCH', `/api/tracks/${uploaded.id}`, { json: { genre: 'drill' } })).status).toBe(401);
      expect((await t.request('PATCH', `/api/tracks/${uploaded.id}`, { cookie: other.cookie, json: { genre: 'drill' } })).status).toBe(404);
      expect((await t.sendForm('POST', '/api/albums', { fields: { albumName: 'A', genre: 'drill', selectedSongs: JSON.stringify([uploaded.id]) } })).status).toBe(401);
    });

    it('albums take them on create and edit, and the public answers carry them', async () => {
      const created = await t.sendForm(
        'POST',
        '/api/albums',
        { fields: { albumName: 'Nyota Live', genre: 'rhumba', tags: 'Live,Kisumu', selectedSongs: JSON.stringify([uploaded.id]) } },
        nyota.cookie,
      );
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ genre: 'rhumba', tags: ['live', 'kisumu'] });
      const bad = await t.request('PATCH', `/api/albums/${created.body.id}`, { cookie: nyota.cookie, json: { genre: 'waltz' } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(TAG_MESSAGES.genreUnknown);
      expect((await t.request('PATCH', `/api/albums/${created.body.id}`, { cookie: other.cookie, json: { genre: 'drill' } })).status).toBe(404);
      const edited = await t.request('PATCH', `/api/albums/${created.body.id}`, { cookie: nyota.cookie, json: { tags: 'live' } });
      expect(edited.body).toMatchObject({ genre: 'rhumba', tags: ['live'] });

      const albumDetail = await get(`/api/album-detail/${created.body.id}`);
      expect(albumDetail.body.album).toMatchObject({ genre: 'rhumba', tags: ['live'] });
      expect(albumDetail.body.tracks[0]).toMatchObject({ genre: 'benga', tags: ['love'] });
      const trackDetail = await get(`/api/track-detail/${uploaded.id}`);
      expect(trackDetail.body.track).toMatchObject({ genre: 'benga', tags: ['love'] });
      const profile = await get(`/api/profile/${nyota.id}`);
      expect(profile.body.tracks[0]).toMatchObject({ genre: 'benga', tags: ['love'] });
      expect(profile.body.albums[0]).toMatchObject({ genre: 'rhumba', tags: ['live'] });
    });
  });

  describe('GET /api/genres and a genre’s tracks', () => {
    let gengetone: string[];

    beforeAll(async () => {
      const hidden = await artistNamed('Never Verified', false);
      await insertTrack(hidden, { trackName: 'Hidden Gengetone', genre: 'gengetone' });
      // Two share one upload time to the microsecond: the cursor must still page them exactly.
      const same = new Date('2026-02-01T10:00:00.123Z');
      gengetone = [];
      for (const [index, name] of ['G1', 'G2', 'G3', 'G4'].entries()) {
        gengetone.push(await insertTrack(other, { trackName: name, genre: 'gengetone', ...(index >= 2 ? { uploadedAt: same } : {}) }));
      }
    });

    it('lists every genre in order with its public tracks counted', async () => {
      const response = await get('/api/genres');
      expect(response.status).toBe(200);
      expect(response.body.map((genre: { slug: string }) => genre.slug)).toEqual(GENRES.map((genre) => genre.slug));
      const bySlug = Object.fromEntries(response.body.map((genre: { slug: string; trackCount: number }) => [genre.slug, genre]));
      expect(bySlug.gengetone).toEqual({ slug: 'gengetone', name: 'Gengetone', trackCount: 4 });
      expect(bySlug['bongo-flava']).toEqual({ slug: 'bongo-flava', name: 'Bongo Flava', trackCount: 0 });
      expect(bySlug.benga.trackCount).toBe(1);
    });

    it('pages a genre newest first with a cursor, each public track once', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await get(`/api/genres/gengetone/tracks?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.status).toBe(200);
        const page = genreTracksResponseSchema.parse(response.body);
        expect(page.genre).toEqual({ slug: 'gengetone', name: 'Gengetone' });
        seen.push(...page.tracks.map((track) => track.id));
        cursor = page.nextCursor;
        pages += 1;
      } while (cursor && pages < 5);
      expect(pages).toBe(2);
      // The newest first: G3 and G4 share the latest time (then by id), G2, G1 before them.
      expect(new Set(seen.slice(0, 2))).toEqual(new Set(gengetone.slice(2)));
      expect(seen.slice(2)).toEqual([gengetone[1], gengetone[0]]);
    });

    it('answers 404 for an unknown genre and 400 for a bad cursor or limit', async () => {
      const unknown = await get('/api/genres/polka/tracks');
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe(SEARCH_MESSAGES.genreNotFound);
      for (const cursor of ['nonsense', Buffer.from('2026-01-01|x').toString('base64url'), 'x'.repeat(300)]) {
        const response = await get(`/api/genres/gengetone/tracks?cursor=${cursor}`);
        expect(response.status).toBe(400);
        expect(response.body.message).toBe(SEARCH_MESSAGES.cursorInvalid);
      }
      for (const limit of ['0', '51', 'x', '1.5']) expect((await get(`/api/genres/gengetone/tracks?limit=${limit}`)).status).toBe(400);
    });
  });

  describe('GET /api/search', () => {
    beforeAll(async () => {
      const star = await artistNamed('Nyota Ndogo');
      await insertTrack(star, { trackName: 'Watu na Viatu', artistName: 'Nyota Ndogo', genre: 'taarab', streamCount: 50 });
      await insertTrack(star, { trackName: 'Nyota ya Jaha', artistName: 'Nyota Ndogo', genre: 'taarab' });
      await insertTrack(other, { trackName: 'Café Olé', artistName: 'Zoë Akinyi', tags: ['mombasa'] });
      await insertTrack(other, { trackName: 'Sherehe', artistName: 'Zoë Akinyi', genre: 'bongo-flava', tags: ['harusi'] });
      const hidden = await artistNamed('Nyota Hidden', false);
      await insertTrack(hidden, { trackName: 'Nyota Secret', artistName: 'Nyota Hidden' });
      await t.app.database.db.insert(albums).values({ userId: star.id, albumName: 'Pwani Gold', genre: 'taarab', tags: ['coast'] });
    });

    it('finds tracks, albums and artists by a prefix as one types, best match first', async () => {
      const answer = names(await search('nyo'));
      expect(answer.artists).toEqual(expect.arrayContaining(['Nyota Wanjiru', 'Nyota Ndogo']));
      expect(answer.artists).not.toContain('Nyota Hidden');
      // A name that starts with the query comes first; then the artist-name matches.
      expect(answer.tracks[0]).toBe('Nyota ya Jaha');
      expect(answer.tracks).toEqual(expect.arrayContaining(['Watu na Viatu', 'Mvua Kubwa']));
      expect(answer.tracks).not.toContain('Nyota Secret');
      // Albums of the artists found.
      expect(answer.albums).toEqual(expect.arrayContaining(['Pwani Gold', 'Nyota Live']));
      expect(names(await search('nyota ndo')).artists).toEqual(['Nyota Ndogo']);
    });

    it('tolerates one typo in words of 5 letters or more', async () => {
      expect(names(await search('Nyotta')).artists).toEqual(expect.arrayContaining(['Nyota Wanjiru', 'Nyota Ndogo']));
      expect(names(await search('wanjru')).artists).toEqual(['Nyota Wanjiru']);
      expect(names(await search('sherehr')).tracks).toEqual(['Sherehe']);
      // Two typos, or a typo in a shorter word, find nothing.
      expect(names(await search('nyottaa x')).tracks).toEqual([]);
      expect(names(await search('shrehr')).tracks).toEqual([]);
      expect(names(await search('nyta')).artists).toEqual([]);
    });

    it('ignores case and accents both ways', async () => {
      expect(names(await search('CAFE OLE')).tracks).toEqual(['Café Olé']);
      expect(names(await search('zoe')).artists).toEqual(['Zoë Akinyi']);
      expect(names(await search('Zóë')).artists).toEqual(['Zoë Akinyi']);
      expect(names(await search('NYÓTA wánjiru')).artists).toEqual(['Nyota Wanjiru']);
    });

    it('searches genres and tags', async () => {
      expect(names(await search('bongo flava')).tracks).toEqual(['Sherehe']);
      expect(names(await search('harusi')).tracks).toEqual(['Sherehe']);
      expect(names(await search('taarab')).tracks).toEqual(expect.arrayContaining(['Watu na Viatu', 'Nyota ya Jaha']));
      expect(names(await search('coast')).albums).toEqual(['Pwani Gold']);
    });

    it('answers empty lists under 2 characters, and limits each list', async () => {
      for (const q of ['', 'n', ' ', '%', 'é']) expect(await search(q)).toEqual({ tracks: [], albums: [], artists: [] });
      expect((await search('nyo', 1)).tracks).toHaveLength(1);
    });

    it.each([
      ['hundreds of tracks (the word indexes)', 'Kwaya', 260],
      ['more than a thousand (the most played walked first)', 'Chorus', 1_300],
    ])('ranks a word shared by %s among its most played (decision 048)', async (_case, word, count) => {
      const crowd = await artistNamed(`${word} Kuu`);
      const rows = Array.from({ length: count }, (_, i) => ({ i, streams: (i * 37) % count }));
      await t.app.database.db.insert(tracks).values(
        rows.map(({ i, streams }) => ({
          userId: crowd.id,
          trackName: `${word} ${i}`,
          artistName: `${word} Kuu`,
          originalName: 'x.mp3',
          fileSize: 1000,
          mimeType: 'audio/mpeg',
          duration: 5,
          audioKey: `test/${word}-${i}`,
          streamCount: streams,
        })),
      );
      // Far more than the 200 candidates, all equally relevant: the most played come first.
      const top = [...rows].sort((a, b) => b.streams - a.streams).slice(0, 4).map(({ i }) => `${word} ${i}`);
      expect(names(await search(word.toLowerCase(), 4)).tracks).toEqual(top);
      // A typo of the word (5 letters or more) takes the same path.
      expect(names(await search(`${word.toLowerCase()}a`, 4)).tracks).toEqual(top);
    });

    it('never answers 500, whatever is typed', async () => {
      const hostile = [
        `'`,
        `"nyota"`,
        `\\`,
        `\\'; DROP TABLE tracks; --`,
        '%',
        '%%_%',
        '_nyo_',
        'nyo:*',
        'nyota & | ! :* ( )',
        '!!!nyota',
        '(nyota | x) & !y',
        '<->',
        '\u0000nyota',
        '🎵🎶 nyota 🎤',
        'ニョタ',
        'a'.repeat(200),
        'nyota '.repeat(33),
      ];
      for (const q of hostile) {
        const response = await get(`/api/search?q=${encodeURIComponent(q)}`);
        expect(response.status, q).toBe(200);
        searchResponseSchema.parse(response.body);
      }
      // Bytes that are not UTF-8 at all, as a hand-made address may carry them.
      for (const raw of ['%ED%A0%80nyota', '%FF%FE', '%C0%AF', '%', '%%', '%E0%A4']) expect((await get(`/api/search?q=${raw}`)).status, raw).toBeLessThan(500);
      expect(names(await search('nyo:*')).artists).toEqual(expect.arrayContaining(['Nyota Ndogo']));
      const long = await get(`/api/search?q=${'a'.repeat(201)}`);
      expect(long.status).toBe(400);
      expect(long.body.message).toBe(SEARCH_MESSAGES.queryTooLong);
      expect((await get('/api/search?q=nyota&limit=0')).status).toBe(400);
      expect((await get('/api/search?q=nyota&limit=abc')).status).toBe(400);
      expect((await get('/api/search?q=a&q=b')).status).toBeLessThan(500);
    });
  });
});
