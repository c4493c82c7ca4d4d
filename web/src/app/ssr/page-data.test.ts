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
