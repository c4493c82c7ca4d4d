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
