import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { compileCatalogue } from '#common/i18n/compile';
import swCatalogue from '../../../../common/src/i18n/sw.json';
import { createTranslator } from '@/lib/i18n';
import { urlFromQueryKey } from '@/lib/api';
import { fallbackTranslator } from '@/lib/i18n';
import { notFoundPage, pageDataFor } from './page-data';

/** The tests' English translator (web/src/test/setup.ts), as the server renders an English page with. */
const t = (...args: Parameters<ReturnType<typeof fallbackTranslator>['t']>) => fallbackTranslator().t(...args);

describe('the purchase page on the server (issue 16)', () => {
  it('reads the receipt with the token from the address, and its head names nothing bought and has no image', () => {
    const page = pageDataFor('/purchase/T123', '?token=abc_DEF-1')!;
    expect(page.queries.map(urlFromQueryKey)).toEqual(['/api/receipts/T123?token=abc_DEF-1']);
    const head = page.head(new QueryClient(), t);
    expect(head.imagePath).toBeUndefined();
    expect(head.canonicalPath).toBe('/purchase/T123');
    expect(head.title).toBe('Your purchase · Sauti');
  });

  it('asks nothing without a token, and reads the search for no other page', () => {
    expect(pageDataFor('/purchase/T123', '')!.queries).toEqual([]);
    expect(pageDataFor('/purchase/T123', '?other=1')!.queries).toEqual([]);
    expect(pageDataFor('/track/t1', '?token=abc')!.queries.map(urlFromQueryKey)).toEqual(['/api/track-detail/t1']);
    // /purchase alone is a reserved word: the 404 page, not a profile.
    expect(pageDataFor('/purchase', '')).toBeNull();
  });
});

describe('the search and genre pages on the server (issue 17)', () => {
  it('reads the search of the address, and keeps the query in the canonical address', () => {
    const page = pageDataFor('/search', '?q=Nyo%20ta')!;
    expect(page.queries.map(urlFromQueryKey)).toEqual(['/api/search?q=Nyo+ta&limit=20']);
    expect(page.head(new QueryClient(), t).canonicalPath).toBe('/search?q=Nyo%20ta');
    expect(pageDataFor('/search', '')!.queries.map(urlFromQueryKey)).toEqual(['/api/search?q=&limit=20']);
  });

  it("reads a genre's first page and names the genre in the head", () => {
    const page = pageDataFor('/genre/bongo-flava')!;
    expect(page.queries.map(urlFromQueryKey)).toEqual(['/api/genres/bongo-flava/tracks']);
    const client = new QueryClient();
    client.setQueryData(page.queries[0]!, { genre: { slug: 'bongo-flava', name: 'Bongo Flava' }, tracks: [], nextCursor: null });
    expect(page.head(client, t)).toMatchObject({ title: 'Bongo Flava · Sauti', canonicalPath: '/genre/bongo-flava' });
  });

  it('leaves /genre alone to the 404 page: a reserved word, not a profile', () => {
    expect(pageDataFor('/genre', '')).toBeNull();
  });
});

describe('every public page has a share image (issue 17)', () => {
  const user = { id: 'u1', displayName: 'Nyota', profilePhotoFilename: null, profileUrl: '/profile/nyota', hasProfilePhoto: false };
  const headOf = (pathname: string, data: unknown, search = '') => {
    const page = pageDataFor(pathname, search)!;
    const client = new QueryClient();
    if (page.queries[0]) client.setQueryData(page.queries[0], data);
    return page.head(client, t);
  };

  it("a track shows its cover (its album's when it has none of its own), else its generated card", () => {
    const track = { id: 't1', trackName: 'Usiku', artistName: 'Nyota', price: 0, coverPhotoFilename: 'c1.png' };
    expect(headOf('/track/t1', { track, user })).toMatchObject({
      imagePath: '/api/tracks/t1/cover?size=640&v=c1.png&format=jpeg',
      imageWidth: 640,
      imageHeight: 640,
    });
    expect(headOf('/track/t1', { track: { ...track, coverPhotoFilename: null }, user })).toMatchObject({
      imagePath: '/api/cards/track/t1.png',
      imageWidth: 1200,
      imageHeight: 630,
    });
  });

  it('an album without a cover and an artist without a photo get their cards; a photo is the profile image', () => {
    const album = { id: 'a1', albumName: 'Gold', artistName: 'Nyota', price: 0, coverPhotoFilename: null };
    expect(headOf('/album/a1', { album, tracks: [], user }).imagePath).toBe('/api/cards/album/a1.png');
    expect(headOf('/nyota', { user, tracks: [] }).imagePath).toBe('/api/cards/profile/u1.png');
    const withPhoto = { ...user, hasProfilePhoto: true, profilePhotoFilename: 'p.jpg' };
    expect(headOf('/profile/nyota', { user: withPhoto, tracks: [] })).toMatchObject({ imagePath: expect.stringMatching(/^\/api\/.*size=400/), imageWidth: 400 });
  });

  it("search, genre and the landing show the site's card", () => {
    const site = { imagePath: '/api/cards/site.png', imageWidth: 1200, imageHeight: 630 };
    expect(headOf('/search', { tracks: [], albums: [], artists: [] }, '?q=nyo')).toMatchObject(site);
    expect(headOf('/genre/benga', { genre: { slug: 'benga', name: 'Benga' }, tracks: [], nextCursor: null })).toMatchObject(site);
    expect(headOf('/', {})).toMatchObject(site);
  });
});

describe("every page's head in the page's language (issue 20)", () => {
  const sw = createTranslator('sw', compileCatalogue(swCatalogue)).t;
  const user = { id: 'u1', displayName: 'Nyota', profilePhotoFilename: null, profileUrl: '/profile/nyota', hasProfilePhoto: false };
  const heads = (pathname: string, data: unknown, search = '') => {
    const page = pathname === '/nowhere' ? notFoundPage(pathname) : pageDataFor(pathname, search)!;
    const client = new QueryClient();
    if (page.queries[0]) client.setQueryData(page.queries[0], data);
    const { title, description } = page.head(client, t);
    const inKiswahili = page.head(client, sw);
    return { en: { title, description }, sw: { title: inKiswahili.title, description: inKiswahili.description } };
  };
  const track = { id: 't1', trackName: 'Usiku', artistName: 'Nyota', price: 5000, coverPhotoFilename: null };
  const album = { id: 'a1', albumName: 'Gold', artistName: 'Nyota', price: 0, coverPhotoFilename: null };

  it('in English, exactly as the heads have always read', () => {
    expect(heads('/track/t1', { track, user }).en).toEqual({ title: 'Usiku · Nyota', description: 'Usiku by Nyota on Sauti. KES 50.00.' });
    expect(heads('/album/a1', { album, tracks: [{}], user }).en).toEqual({ title: 'Gold · Nyota', description: 'Gold by Nyota on Sauti: 1 song. Free.' });
    expect(heads('/album/a1', { album, tracks: [{}, {}], user }).en.description).toBe('Gold by Nyota on Sauti: 2 songs. Free.');
    expect(heads('/nyota', { user, tracks: [] }).en).toEqual({
      title: 'Nyota · Sauti',
      description: 'Listen to Nyota on Sauti: 0 tracks, streamed and sold straight from the artist.',
    });
    expect(heads('/nyota', { user, tracks: [{}] }).en.description).toContain(': 1 track,');
    const site = 'Stream, download and buy music straight from independent Kenyan artists. Prices in KES, pay by card or M-Pesa.';
    expect(heads('/', {}).en).toEqual({ title: 'Sauti · Music from independent Kenyan artists', description: site });
    expect(heads('/search', {}, '?q=benga').en.title).toBe('benga · Search · Sauti');
    expect(heads('/search', {}).en.title).toBe('Search · Sauti');
    expect(heads('/for-artists', {}).en.title).toBe('For Artists · Sauti');
    expect(heads('/terms-and-conditions', {}).en.title).toBe('Terms and Conditions · Sauti');
    expect(heads('/purchase/T1', {}).en).toEqual({ title: 'Your purchase · Sauti', description: 'Download what you bought on Sauti, in the format you choose.' });
    expect(heads('/nowhere', {}).en.title).toBe('Page not found · Sauti');
    expect(heads('/genre/benga', { genre: { slug: 'benga', name: 'Benga' }, tracks: [], nextCursor: null }).en.description).toBe(
      'New Benga songs from independent Kenyan artists on Sauti: stream, download and buy.',
    );
  });

  it('in Kiswahili, with the names as they are and prices as the spec writes them', () => {
    expect(heads('/track/t1', { track, user }).sw).toEqual({ title: 'Usiku · Nyota', description: 'Usiku kutoka kwa Nyota kwenye Sauti. KES 50.00.' });
    expect(heads('/album/a1', { album, tracks: [{}, {}], user }).sw.description).toBe('Gold kutoka kwa Nyota kwenye Sauti: nyimbo 2. Bure.');
    expect(heads('/nyota', { user, tracks: [{}] }).sw.description).toBe('Sikiliza Nyota kwenye Sauti: wimbo 1, moja kwa moja kutoka kwa msanii.');
    expect(heads('/', {}).sw.title).toBe('Sauti · Muziki wa wasanii huru wa Kenya');
    expect(heads('/search', {}, '?q=benga').sw.title).toBe('benga · Tafuta · Sauti');
    expect(heads('/purchase/T1', {}).sw.title).toBe('Ununuzi wako · Sauti');
    expect(heads('/nowhere', {}).sw.title).toBe('Ukurasa haupatikani · Sauti');
    expect(heads('/for-artists', {}).sw.title).toBe('Kwa Wasanii · Sauti');
  });
});
