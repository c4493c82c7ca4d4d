import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { describe, expect, it } from 'vitest';
import type { ProfileResponse } from '#common/schemas/public';
import { AppProviders } from '@/app/providers';
import { AppRoutes } from '@/app/router';
import { profileQueryKey } from '@/features/profile/api/profile';
import { createQueryClient } from '@/lib/query-client';
import { makeTrack } from '@/test/catalog-fixtures';
import { PUBLIC_ARTIST } from '@/test/public-pages';

/** The page's HTML as the server renders it (entry-server.tsx): every lazy part and answer awaited, no effect run. */
async function serverHtml(path: string, answers: [readonly unknown[], unknown][]): Promise<string> {
  const client = createQueryClient();
  for (const [key, body] of answers) client.setQueryData(key, body);
  const { prelude } = await prerender(
    <Router ssrPath={path}>
      <AppProviders queryClient={client}>
        <AppRoutes />
      </AppProviders>
    </Router>,
  );
  return new Response(prelude).text();
}

describe("the profile page's photo is in the server's HTML (issue 33)", () => {
  const profile = (photo: boolean): ProfileResponse =>
    ({
      user: { ...PUBLIC_ARTIST, hasProfilePhoto: photo, profilePhotoFilename: photo ? 'p1.jpg' : null },
      tracks: [makeTrack({ id: 't1', trackName: 'Wimbo' })],
      albums: [],
      socialLinks: [],
    }) as unknown as ProfileResponse;

  it('as an <img> with its size, asked for first: the largest thing on the page paints from the HTML, like a cover', async () => {
    const html = await serverHtml('/profile/amaniwamuziki', [[profileQueryKey('amaniwamuziki'), profile(true)]]);
    const img = /<img[^>]*src="\/api\/user\/u1\/profile-photo\?size=300&amp;v=p1\.jpg"[^>]*>/.exec(html)?.[0];
    expect(img).toBeDefined();
    expect(img).toContain('width="112"');
    expect(img).toContain('height="112"');
    expect(img).toContain('fetchPriority="high"');
    expect(img).toContain('loading="eager"');
    expect(img).toContain('alt=""');
    // The initials beneath it, for the moment before it paints.
    expect(html).toContain('>AM<');
  });

  it('without a photo, the initials only', async () => {
    const html = await serverHtml('/profile/amaniwamuziki', [[profileQueryKey('amaniwamuziki'), profile(false)]]);
    expect(html).not.toContain('/profile-photo');
    expect(html).toContain('>AM<');
  });
});
