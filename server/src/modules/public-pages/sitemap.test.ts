import { describe, expect, it } from 'vitest';
import { escapeXml, robotsTxt, SITEMAP_MAX_URLS, sitemapPaths, sitemapXml } from './sitemap';

describe('sitemap.xml', () => {
  it('lists profiles, albums and tracks as absolute, percent-encoded, XML-escaped addresses', () => {
    const xml = sitemapXml('https://example.test/a&b', { profileSlugs: ['djkali', 'zoëwanjiru'], albumIds: ['al-1'], trackIds: ['tr-1'] });
    expect(xml).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '<url><loc>https://example.test/a&amp;b/profile/djkali</loc></url>',
        '<url><loc>https://example.test/a&amp;b/profile/zo%C3%ABwanjiru</loc></url>',
        '<url><loc>https://example.test/a&amp;b/album/al-1</loc></url>',
        '<url><loc>https://example.test/a&amp;b/track/tr-1</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });

  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  });

  it('stops at the protocol limit of 50,000 addresses, profiles first', () => {
    const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
    const paths = sitemapPaths({ profileSlugs: ids('p', 10), albumIds: ids('a', 20), trackIds: ids('t', SITEMAP_MAX_URLS) });
    expect(paths).toHaveLength(SITEMAP_MAX_URLS);
    expect(paths[0]).toBe('/profile/p0');
    expect(paths[10]).toBe('/album/a0');
    expect(paths.at(-1)).toBe(`/track/t${SITEMAP_MAX_URLS - 31}`);
  });
});

describe('robots.txt', () => {
  it('names the sitemap, lets share images and oEmbed through and keeps out what is private (issue 33)', () => {
    const text = robotsTxt('https://sauti.example');
    expect(text.startsWith('User-agent: *\n')).toBe(true);
    expect(text.endsWith('\nSitemap: https://sauti.example/sitemap.xml\n')).toBe(true);
    expect(text).not.toContain('Disallow: /api/\n');
    // First match in order and longest match read the same: the Allow precedes its Disallow.
    expect(text).toContain('Allow: /api/user/\nDisallow: /api/user\n');
    expect(text).toContain('Disallow: /dashboard$\n');
  });
});
