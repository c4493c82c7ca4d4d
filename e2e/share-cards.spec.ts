import type { Browser } from '@playwright/test';
import { expect, test } from './support/test';
import { toSlug } from '../common/src/slug';
import { verifiedAccount, type TestAccount } from './support/accounts';
import { createAlbumByApi, uploadTrackByApi, type CreatedAlbum, type UploadedTrack } from './support/catalog';
import { testMedia } from './support/media';

/**
 * What WhatsApp, X and search engines read (docs/decisions/029): the server-rendered HTML of a
 * profile, a track and an album, with their share-card tags, before any script runs.
 */

const HOSTILE = `Usiku "Mwema" </title><script>alert(1)</script> & $& 🎵`;
let artist: TestAccount;
let track: UploadedTrack;
let album: CreatedAlbum;

test.beforeAll(async ({ browser }) => {
  const media = await testMedia();
  const page = await browser.newPage();
  artist = await verifiedAccount(page, 'sharecards');
  track = await uploadTrackByApi(page, media.mp3, { trackName: HOSTILE, artistName: artist.displayName, price: '50', cover: media.cover });
  album = await createAlbumByApi(page, { albumName: 'Cards Album', trackIds: [track.id], cover: media.cover });
  await page.close();
});

/** The page as a link preview sees it: no JavaScript. */
async function readWithoutScripts(browser: Browser, url: string) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(url);
  const meta = async (attribute: string, name: string) => {
    const tag = page.locator(`meta[${attribute}="${name}"]`);
    return (await tag.count()) === 0 ? null : tag.getAttribute('content');
  };
  const card = {
    status: response?.status(),
    title: await page.title(),
    ogTitle: await meta('property', 'og:title'),
    ogImage: await meta('property', 'og:image'),
    ogUrl: await meta('property', 'og:url'),
    description: await meta('property', 'og:description'),
    twitterCard: await meta('name', 'twitter:card'),
    heading: await page.getByRole('heading', { level: 1 }).textContent(),
    scripts: await page.locator('script:not([src]):not([type="application/json"])').count(),
  };
  await context.close();
  return card;
}

test('a track page carries its title, artist, price and cover as a share card, safely escaped', async ({ browser, baseURL }) => {
  const card = await readWithoutScripts(browser, `/track/${track.id}`);
  expect(card.status).toBe(200);
  expect(card.ogTitle).toBe(`${HOSTILE} · ${artist.displayName}`);
  expect(card.title).toBe(card.ogTitle);
  expect(card.description).toContain('KES 50.00');
  expect(card.ogUrl).toBe(`${baseURL}/track/${track.id}`);
  expect(card.ogImage).toMatch(new RegExp(`^${baseURL}/api/tracks/${track.id}/cover\\?size=640&v=[^&]+&format=jpeg$`));
  expect(card.twitterCard).toBe('summary_large_image');
  expect(card.heading).toBe(HOSTILE);
  // The title's "<script>" stayed text: no inline script was made of it.
  expect(card.scripts).toBe(0);
});

test('an album page and a profile page carry theirs; an unknown track is a 404', async ({ browser, baseURL, request }) => {
  const albumCard = await readWithoutScripts(browser, `/album/${album.id}`);
  expect(albumCard.ogTitle).toBe(`Cards Album · ${artist.displayName}`);
  expect(albumCard.description).toContain('1 song');
  expect(albumCard.ogImage).toContain(`/api/albums/${album.id}/cover?size=640`);

  const profileCard = await readWithoutScripts(browser, `/${encodeURIComponent(artist.displayName)}`);
  expect(profileCard.ogTitle).toBe(`${artist.displayName} · Sauti`);
  expect(profileCard.ogUrl).toBe(`${baseURL}/profile/${toSlug(artist.displayName)}`);
  expect(profileCard.heading).toBe(artist.displayName);
  // No photo yet: a card without an image rather than a broken one.
  expect(profileCard.ogImage).toBeNull();
  expect(profileCard.twitterCard).toBe('summary');

  // The card's image is a small JPEG a preview can show.
  const image = await request.get(albumCard.ogImage!);
  expect(image.headers()['content-type']).toBe('image/jpeg');
  expect((await image.body()).length).toBeLessThan(100_000);

  expect((await request.get('/track/00000000-0000-4000-8000-000000000000')).status()).toBe(404);
});
