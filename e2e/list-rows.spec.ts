import { randomUUID } from 'node:crypto';
import { expect, expectFailedRequest, test, type Page } from './support/test';
import { toSlug } from '../common/src/slug';
import type { TestAccount } from './support/accounts';
import { createAlbumByApi, uploadTrackByApi, type CreatedAlbum } from './support/catalog';
import { sellingArtist } from './support/checkout';
import { seed } from './support/seed';

/**
 * What a fan sees in lists, on a phone (issue 17 item 9): a preview-only song says so in every
 * row, and each song of an album shows its price beside its Buy.
 */

const PHONE = { width: 390, height: 844 };
let artist: TestAccount;
let album: CreatedAlbum;
const previewName = `Preview Tone ${randomUUID().slice(0, 6)}`;
const singleName = `Single Preview ${randomUUID().slice(0, 6)}`;

test.beforeAll(({ browser }) =>
  seed(browser, async (page, media) => {
    artist = await sellingArtist(page, 'rows');
    const preview = await uploadTrackByApi(page, media.wav, { trackName: previewName, artistName: artist.displayName, price: '500', allowFullPlayback: false });
    const full = await uploadTrackByApi(page, media.mp3, { trackName: 'Full Tone', artistName: artist.displayName, price: '30' });
    await uploadTrackByApi(page, media.mp3, { trackName: 'Free Tone', artistName: artist.displayName });
    await uploadTrackByApi(page, media.mp3, { trackName: singleName, artistName: artist.displayName, price: '20', allowFullPlayback: false });
    album = await createAlbumByApi(page, { albumName: 'Priced Songs', trackIds: [preview.id, full.id] });
  }),
);

const row = (page: Page, item: string, list: string) => page.getByRole('list', { name: list }).getByRole('listitem', { name: item, exact: true });
const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);

test('a profile at 390 px: the preview-only song shows its price, the preview badge and Buy', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/profile/${toSlug(artist.displayName)}`);
  const preview = row(page, previewName, 'Music Collection');
  await expect(preview.getByTestId('price')).toHaveText('KES 500.00');
  await expect(preview.getByText('25-second preview', { exact: true })).toBeVisible();
  await expect(preview.getByRole('button', { name: `Buy ${previewName} for KES 500.00` })).toBeVisible();
  const full = row(page, 'Full Tone', 'Music Collection');
  await expect(full.getByTestId('price')).toHaveText('KES 30.00');
  await expect(full.getByText('25-second preview')).toHaveCount(0);
  await expect(row(page, 'Free Tone', 'Music Collection').getByTestId('price')).toHaveText('Free');
  await noSidewaysScroll(page);
  await page.getByRole('list', { name: 'Music Collection' }).screenshot({ path: test.info().outputPath('profile-rows-390.png') });
});

test("an album at 390 px: every song's price beside its Buy, and the preview badge", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/album/${album.id}`);
  const preview = row(page, previewName, 'Songs');
  await expect(preview.getByTestId('price')).toHaveText('KES 500.00');
  await expect(preview.getByText('25-second preview', { exact: true })).toBeVisible();
  await expect(preview.getByRole('button', { name: `Buy ${previewName} for KES 500.00` })).toBeVisible();
  const full = row(page, 'Full Tone', 'Songs');
  await expect(full.getByTestId('price')).toBeVisible();
  await expect(full.getByTestId('price')).toHaveText('KES 30.00');
  await expect(full.getByRole('button', { name: 'Buy Full Tone for KES 30.00' })).toBeVisible();
  await noSidewaysScroll(page);
  await page.getByRole('list', { name: 'Songs' }).screenshot({ path: test.info().outputPath('album-rows-390.png') });
});

test('search results show the preview badge too', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto(`/search?q=${encodeURIComponent(previewName)}`);
  const result = page.getByRole('listitem', { name: previewName, exact: true });
  await expect(result.getByTestId('price')).toHaveText('KES 500.00');
  await expect(result.getByText('25-second preview', { exact: true })).toBeVisible();
});

test("the landing's New Releases mark a preview-only song's card", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/');
  const card = page.getByRole('list', { name: 'New Releases' }).getByRole('link', { name: new RegExp(singleName) });
  await expect(card.getByText('25-second preview', { exact: true })).toBeVisible();
  await expect(card.getByText('KES 20.00', { exact: true })).toBeVisible();
  await card.screenshot({ path: test.info().outputPath('landing-card-390.png') });
});

test('an unknown address at 390 px: status 404 and the 404 page, painted by the server', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  // Answered with status 404 on purpose, which the browser logs.
  expectFailedRequest(page, '/a/b/c', 404);
  const response = await page.goto('/a/b/c');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  // The browser takes the server's page over as it is: no hydration mismatch.
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Currently Trending Songs' })).toBeVisible();
  await page.goBack();
  expect(errors.filter((text) => /hydrat|react/i.test(text))).toEqual([]);
  await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('not-found-390.png') });
});
