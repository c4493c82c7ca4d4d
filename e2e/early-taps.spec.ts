import { expect, test } from './support/test';
import { verifiedAccount } from './support/accounts';
import { createAlbumByApi, uploadTrackByApi, type CreatedAlbum } from './support/catalog';
import { seed } from './support/seed';

/**
 * Issue 18, item 6: a server-rendered page shows before its scripts have run (decision 029). A
 * button pressed in that moment must still take effect once the page answers, not be lost.
 */

let album: CreatedAlbum;

test.beforeAll(({ browser }) =>
  seed(browser, async (page, media) => {
    const artist = await verifiedAccount(page, 'earlytaps');
    const track = await uploadTrackByApi(page, media.mp3, { trackName: 'Early Tone', artistName: artist.displayName });
    album = await createAlbumByApi(page, { albumName: 'Early Album', trackIds: [track.id] });
  }),
);

test('a button pressed before the page is interactive takes effect once it is', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // The page's scripts wait until the press has been made: the moment a slow phone network gives.
  let releaseScripts!: () => void;
  const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  // The frame's own goto: the fixture's page.goto would wait for the page to be interactive.
  const response = await page.mainFrame().goto(`/album/${album.id}`, { waitUntil: 'domcontentloaded' });
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Early Album' })).toBeVisible();
  await page.getByRole('button', { name: 'Copy Album Link' }).click();
  await expect(page.locator('html[data-interactive]')).toHaveCount(0);

  releaseScripts();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(`${baseURL}/album/${album.id}`);
});
