import type { Browser } from '@playwright/test';
import { expect, test } from './support/test';
import { toSlug } from '../common/src/slug';
import { verifiedAccount, type TestAccount } from './support/accounts';
import { createAlbumByApi, uploadTrackByApi, type CreatedAlbum, type UploadedTrack } from './support/catalog';
import { seed } from './support/seed';

/**
 * What WhatsApp, X and search engines read (docs/decisions/029): the server-rendered HTML of a
 * profile, a track and an album, with their share-card tags, before any script runs.
 */

const HOSTILE = `Usiku "Mwema" </title><script>alert(1)</script> & $& 🎵`;
let artist: TestAccount;
let track: UploadedTrack;
let album: CreatedAlbum;
/** On an album with a cover, without a cover of its own (issue 17). */
let albumSong: UploadedTrack;
let coveredAlbum: CreatedAlbum;
/** On no album, without a cover: its share card is drawn. */
let bareSong: UploadedTrack;

test.beforeAll(({ browser }) =>
  seed(browser, async (page, media) => {
    artist = await verifiedAccount(page, 'sharecards');
    track = await uploadTrackByApi(page, media.mp3, { trackName: HOSTILE, artistName: artist.displayName, price: '50', cover: media.cover });
    album = await createAlbumByApi(page, { albumName: 'Cards Album', trackIds: [track.id], cover: media.cover });
    albumSong = await uploadTrackByApi(page, media.mp3, { trackName: 'Pwani Usiku', artistName: artist.displayName });
    coveredAlbum = await createAlbumByApi(page, { albumName: 'Pwani Nights', trackIds: [albumSong.id], cover: media.cover });
    bareSong = await uploadTrackByApi(page, media.mp3, { trackName: 'Bila Picha', artistName: artist.displayName });
  }),
);

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
  // The page in the language it is written in (issue 33), the address its hreflang link names.
  expect(card.ogUrl).toBe(`${baseURL}/track/${track.id}?lang=en`);
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
  expect(profileCard.ogUrl).toBe(`${baseURL}/profile/${toSlug(artist.displayName)}?lang=en`);
  expect(profileCard.heading).toBe(artist.displayName);
  // No photo yet: the card the server draws (issue 17), absolute like every og:image.
  expect(profileCard.ogImage).toMatch(new RegExp(`^${baseURL}/api/cards/profile/[0-9a-f-]{36}\\.png$`));
  expect(profileCard.twitterCard).toBe('summary_large_image');
  const drawn = await request.get(profileCard.ogImage!);
  expect(drawn.headers()['content-type']).toBe('image/png');

  // The card's image is a small JPEG a preview can show.
  const image = await request.get(albumCard.ogImage!);
  expect(image.headers()['content-type']).toBe('image/jpeg');
  expect((await image.body()).length).toBeLessThan(100_000);

  expect((await request.get('/track/00000000-0000-4000-8000-000000000000')).status()).toBe(404);
});

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

test("a song without a cover shows its album's; one on no album, and search, show a drawn card (issue 17)", async ({ browser, baseURL, request }) => {
  const onAlbum = await readWithoutScripts(browser, `/track/${albumSong.id}`);
  expect(onAlbum.ogImage).toMatch(new RegExp(`^${baseURL}/api/tracks/${albumSong.id}/cover\\?size=640&v=[^&]+&format=jpeg$`));
  const albumCover = await request.get(onAlbum.ogImage!);
  expect(albumCover.headers()['content-type']).toBe('image/jpeg');

  const bare = await readWithoutScripts(browser, `/track/${bareSong.id}`);
  expect(bare.ogImage).toBe(`${baseURL}/api/cards/track/${bareSong.id}.png`);
  expect(bare.twitterCard).toBe('summary_large_image');
  const card = await request.get(bare.ogImage!);
  expect(card.status()).toBe(200);
  expect(card.headers()['content-type']).toBe('image/png');
  expect((await card.body()).subarray(0, 8)).toEqual(PNG_SIGNATURE);

  const search = await readWithoutScripts(browser, '/search?q=pwani');
  expect(search.ogImage).toBe(`${baseURL}/api/cards/site.png`);
  expect((await request.get('/api/cards/track/00000000-0000-4000-8000-000000000000.png')).status()).toBe(404);
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`on a ${viewport.name}, an album song's page links its album with the cover and shows more from the artist`, async ({ page }, testInfo) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(`/track/${albumSong.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pwani Usiku' })).toBeVisible();
    // The song has no cover of its own: the page shows the album's, loaded.
    const hero = page.getByRole('article');
    await expect(hero.locator('img').first()).toHaveAttribute('src', new RegExp(`^/api/tracks/${albumSong.id}/cover\\?size=300&v=`));
    await expect.poll(() => hero.locator('img').first().evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);

    const albumLink = page.getByRole('link', { name: /From the album\s*Pwani Nights/ });
    await expect(albumLink).toBeVisible();
    await expect(albumLink).toHaveAttribute('href', `/album/${coveredAlbum.id}`);
    const albumCover = albumLink.locator('img');
    await expect.poll(() => albumCover.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);

    const more = page.getByRole('region', { name: `More from ${artist.displayName}` });
    await expect(more.getByRole('link', { name: 'Bila Picha' })).toHaveAttribute('href', `/track/${bareSong.id}`);
    await expect(more.getByRole('link', { name: HOSTILE })).toBeVisible();
    await expect(more.getByRole('link', { name: 'Pwani Usiku' })).toHaveCount(0);
    // Nothing wider than the screen.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
    await page.screenshot({ path: testInfo.outputPath(`track-album-${viewport.width}.png`), fullPage: true });

    await albumLink.click();
    await expect(page).toHaveURL(`/album/${coveredAlbum.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Pwani Nights' })).toBeVisible();
  });
}
