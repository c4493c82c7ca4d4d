import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { urlFromQueryKey } from '@/lib/api';
import { pageDataFor } from './page-data';

describe('the purchase page on the server (issue 16)', () => {
  it('reads the receipt with the token from the address, and its head names nothing bought and has no image', () => {
    const page = pageDataFor('/purchase/T123', '?token=abc_DEF-1')!;
    expect(page.queries.map(urlFromQueryKey)).toEqual(['/api/receipts/T123?token=abc_DEF-1']);
    const head = page.head(new QueryClient());
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
    expect(page.head(new QueryClient()).canonicalPath).toBe('/search?q=Nyo%20ta');
    expect(pageDataFor('/search', '')!.queries.map(urlFromQueryKey)).toEqual(['/api/search?q=&limit=20']);
  });

  it("reads a genre's first page and names the genre in the head", () => {
    const page = pageDataFor('/genre/bongo-flava')!;
    expect(page.queries.map(urlFromQueryKey)).toEqual(['/api/genres/bongo-flava/tracks']);
    const client = new QueryClient();
    client.setQueryData(page.queries[0]!, { genre: { slug: 'bongo-flava', name: 'Bongo Flava' }, tracks: [], nextCursor: null });
    expect(page.head(client)).toMatchObject({ title: 'Bongo Flava · Sauti', canonicalPath: '/genre/bongo-flava' });
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
    return page.head(client);
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
