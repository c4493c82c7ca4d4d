import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { PUBLIC_PAGE_JS_BUDGET_BYTES, expect, test, type Page } from './support/test';
import { toSlug } from '../common/src/slug';
import { verifiedAccount, type TestAccount } from './support/accounts';
import { createAlbumByApi, uploadTrackByApi, type CreatedAlbum, type UploadedTrack } from './support/catalog';
import { seed } from './support/seed';

/**
 * The fan's side (spec section 2): an artist uploads through the API, then a signed-out fan (a
 * fresh browser context per test) opens the public profile, track and album pages.
 */

let artist: TestAccount;
let freeTrack: UploadedTrack;
let pricedTrack: UploadedTrack;
let albumTrack: UploadedTrack;
let album: CreatedAlbum;

test.beforeAll(({ browser }) =>
  seed(browser, async (page, media) => {
    artist = await verifiedAccount(page, 'fanpages');
    freeTrack = await uploadTrackByApi(page, media.mp3, { trackName: 'Free Tone', artistName: artist.displayName, cover: media.cover });
    pricedTrack = await uploadTrackByApi(page, media.wav, { trackName: 'Priced Tone', artistName: artist.displayName, price: '50' });
    albumTrack = await uploadTrackByApi(page, media.wav, { trackName: 'Album Tone', artistName: artist.displayName });
    album = await createAlbumByApi(page, { albumName: 'Free Album', trackIds: [albumTrack.id, freeTrack.id], cover: media.cover });
  }),
);

const profilePath = () => `/profile/${toSlug(artist.displayName)}`;
const musicRow = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Music Collection' }).getByRole('listitem', { name, exact: true });

test('a fan opens the profile by /profile/{slug} and by /{Display Name}', async ({ page }) => {
  await page.goto(profilePath());
  await expect(page.getByRole('heading', { level: 1, name: artist.displayName })).toBeVisible();
  await expect(page.getByTestId('tracks-available')).toHaveText('3 tracks available');
  await expect(musicRow(page, 'Free Tone')).toContainText('0:40');
  await expect(musicRow(page, 'Free Tone').getByTestId('price')).toHaveText('Free');
  await expect(page.getByRole('list', { name: 'Albums' }).getByRole('listitem', { name: 'Free Album' })).toContainText('2 songs');

  // The display name as typed, spaces and capitals and all ("E2E fan pages 1a2b...").
  await page.goto(`/${encodeURIComponent(artist.displayName)}`);
  await expect(page.getByRole('heading', { level: 1, name: artist.displayName })).toBeVisible();
  await expect(musicRow(page, 'Priced Tone')).toBeVisible();
});

test('a fan plays a track, opens its page (the music goes on) and copies its link', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const streams: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/stream')) streams.push(request.url());
  });
  await page.goto(profilePath());
  await expect(musicRow(page, 'Free Tone')).toBeVisible();
  await page.waitForLoadState('networkidle');
  // No audio bytes before play (DESIGN.md).
  expect(streams).toEqual([]);

  await musicRow(page, 'Free Tone').getByRole('button', { name: 'Play Free Tone' }).click();
  const bar = page.getByRole('region', { name: 'Audio player' });
  await expect(bar.getByTestId('player-title')).toHaveText('Free Tone');
  await expect(musicRow(page, 'Free Tone').getByRole('button', { name: 'Pause Free Tone' })).toBeVisible();

  await musicRow(page, 'Free Tone').getByRole('link', { name: 'Free Tone', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/track/${freeTrack.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Free Tone' })).toBeVisible();
  // The same player: still current, and the page's button pauses it.
  await expect(bar.getByTestId('player-title')).toHaveText('Free Tone');
  const main = page.getByRole('main');
  await main.getByRole('button', { name: 'Pause Free Tone' }).click();
  await expect(main.getByRole('button', { name: 'Play Free Tone' })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Play Free Tone' })).toBeVisible();

  const copy = page.getByRole('button', { name: 'Copy Track Link' });
  await copy.click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(`${baseURL}/track/${freeTrack.id}`);
  await expect(page.getByRole('button', { name: 'Copy Track Link' })).toBeVisible({ timeout: 4000 });

  await page.getByRole('link', { name: `Back to ${artist.displayName}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: artist.displayName })).toBeVisible();
});

test('the album page numbers its tracks and copies its link', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto(`/album/${album.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Free Album' })).toBeVisible();
  await expect(page.getByTestId('song-count')).toHaveText('2 songs');
  const rows = page.getByRole('list', { name: 'Songs' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0).getByTestId('track-number')).toHaveText('1');
  await expect(rows.nth(0)).toContainText('Album Tone');
  await expect(rows.nth(1).getByTestId('track-number')).toHaveText('2');
  await expect(rows.nth(1)).toContainText('Free Tone');

  await rows.nth(0).getByRole('button', { name: 'Play Album Tone' }).click();
  await expect(page.getByRole('region', { name: 'Audio player' }).getByTestId('player-title')).toHaveText('Album Tone');

  await page.getByRole('button', { name: 'Copy Album Link' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(`${baseURL}/album/${album.id}`);
});

test('a fan downloads a free track and a free album ZIP', async ({ page }) => {
  await page.goto(`/track/${freeTrack.id}`);
  const trackDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download Free Tone' }).click();
  const track = await trackDownload;
  expect(track.suggestedFilename()).toMatch(/^Free Tone.*\.mp3$/);
  expect(fs.statSync((await track.path())!).size).toBeGreaterThan(100_000);

  await page.goto(`/album/${album.id}`);
  const albumDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download Album', exact: true }).click();
  const zip = await albumDownload;
  expect(zip.suggestedFilename()).toBe('Free Album.zip');
  const bytes = fs.readFileSync((await zip.path())!);
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));

  // From the profile (a HEAD check first, then the browser downloads).
  await page.goto(profilePath());
  const fromProfile = page.waitForEvent('download');
  await musicRow(page, 'Album Tone').getByRole('link', { name: 'Download Album Tone' }).click();
  expect((await fromProfile).suggestedFilename()).toMatch(/^Album Tone.*\.wav$/);
  await expect(page.getByRole('region', { name: /Notifications/ }).getByText('Download started')).toBeVisible();
});

test('a priced track shows its price and offers no download', async ({ page }) => {
  await page.goto(profilePath());
  const row = musicRow(page, 'Priced Tone');
  await expect(row.getByTestId('price')).toHaveText('KES 50.00');
  await expect(row.getByRole('link', { name: /Download/ })).toHaveCount(0);

  await page.goto(`/track/${pricedTrack.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Priced Tone' })).toBeVisible();
  await expect(page.getByTestId('price')).toHaveText('KES 50.00');
  await expect(page.getByRole('link', { name: /Download/ })).toHaveCount(0);
  // And the address itself refuses it.
  const refused = await page.request.get(`/api/tracks/${pricedTrack.id}/download`);
  expect(refused.status()).toBe(402);
});

test('the fan pages load no dashboard code and stay within the JavaScript budget', async ({ page }) => {
  const dist = path.resolve('dist/web');
  for (const url of [profilePath(), `/track/${freeTrack.id}`, `/album/${album.id}`]) {
    const scripts = new Set<string>();
    const listener = (response: { url(): string; request(): { resourceType(): string } }) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    };
    page.on('response', listener);
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    page.off('response', listener);
    expect([...scripts].filter((script) => /dashboard/i.test(script)), url).toEqual([]);
    // Issue 18: <= 110 KB of JavaScript (gzip) on a public page (PUBLIC_PAGE_JS_BUDGET_BYTES).
    const gzipBytes = [...scripts].reduce((sum, script) => sum + fs.statSync(path.join(dist, `${script}.gz`)).size, 0);
    console.log(`${url}: ${scripts.size} scripts, ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
    expect(gzipBytes, url).toBeLessThanOrEqual(PUBLIC_PAGE_JS_BUDGET_BYTES);
  }
});

for (const viewport of [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`no serious accessibility violations and no sideways scroll on the fan pages (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const url of [profilePath(), `/track/${freeTrack.id}`, `/album/${album.id}`]) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (url === profilePath()) {
        // The expanded album and a current track (the player bar) are part of the page too.
        await page.getByRole('button', { name: 'Show the songs of Free Album' }).click();
        await musicRow(page, 'Free Tone').getByRole('button', { name: 'Play Free Tone' }).click();
        await expect(page.getByRole('region', { name: 'Audio player' })).toBeVisible();
      }
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${url} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect(overflow, `${url} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
}
