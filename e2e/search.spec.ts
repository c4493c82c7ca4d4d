import fs from 'node:fs';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { PUBLIC_PAGE_JS_BUDGET_BYTES, expect, test, type Page } from './support/test';
import { verifiedAccount } from './support/accounts';
import { uploadTrackByApi, type UploadedTrack } from './support/catalog';
import { seed } from './support/seed';

/**
 * Issue 17 at 390 px: a fan types part of a name in the header's search on a public page, sees
 * suggestions as they type (one typo tolerated) and opens one; browses a genre page by page and
 * plays from it. The artist uploads through the API with a genre.
 */

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()!.width}.png`) });
};

/** A word of letters only, unique to this run: what the fan types finds these songs and nothing else. */
const word = Array.from({ length: 7 }, () => String.fromCharCode(97 + randomInt(26))).join('');
const songName = `${word[0]!.toUpperCase()}${word.slice(1)} Usiku`;
let song: UploadedTrack;
const GENRE_PAGE = 20;

test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  await seed(browser, async (page, media) => {
    const artist = await verifiedAccount(page, 'search');
    song = await uploadTrackByApi(page, media.mp3, { trackName: songName, artistName: artist.displayName, genre: 'ohangla', tags: 'nairobi, love', cover: media.cover });
    // One more than a genre page holds, so the page offers More.
    for (let index = 1; index <= GENRE_PAGE; index += 1) {
      await uploadTrackByApi(page, media.taggedMp3, { trackName: `Ohangla ${word} ${index}`, artistName: artist.displayName, genre: 'ohangla' });
    }
  });
});

test('a fan searches as they type on a public page and opens a result', async ({ page }) => {
  await page.goto('/for-artists');
  const box = page.getByRole('search').getByRole('searchbox');
  await box.click();
  const combobox = page.getByRole('combobox', { name: 'Search artists, songs, albums' });
  await expect(combobox).toBeFocused();
  await combobox.pressSequentially(word.slice(0, 4), { delay: 40 });
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option', { name: new RegExp(songName) })).toBeVisible();
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  await shot(page, 'search-suggestions');
  const violations = (await new AxeBuilder({ page }).include('header').analyze()).violations;
  expect(violations.map((violation) => violation.id)).toEqual([]);
  await suggestions.getByRole('option', { name: new RegExp(songName) }).click();
  await expect(page).toHaveURL(`/track/${song.id}`);
  await expect(page.getByRole('heading', { level: 1, name: songName })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ohangla', exact: true })).toBeVisible();

  // One typo in a long word, chosen with the keyboard; Escape closes, Enter opens the search page.
  await page.goto('/');
  await page.getByRole('search').getByRole('searchbox').click();
  const typed = `${word.slice(0, 3)}x${word.slice(4)}`;
  await page.getByRole('combobox').pressSequentially(typed, { delay: 30 });
  await expect(page.getByRole('option', { name: new RegExp(songName) })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('combobox')).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('combobox')).toHaveAttribute('aria-activedescendant', /.+/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/(track|search)`));

  await page.goto(`/search?q=${encodeURIComponent(word)}`);
  await expect(page.getByRole('heading', { level: 1, name: `Results for “${word}”` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Songs' }).getByRole('listitem', { name: songName })).toBeVisible();
  await shot(page, 'search-page');
});

test('the search page is rendered on the server', async ({ request }) => {
  const html = await (await request.get(`/search?q=${word}`)).text();
  expect(html).toContain(songName);
  expect((await request.get('/genre/polka')).status()).toBe(404);
  expect((await request.get('/search')).status()).toBe(200);
});

test('a fan browses a genre page by page and plays from it', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Search or browse by genre' }).click();
  await page.getByRole('navigation', { name: 'Genres' }).getByRole('link', { name: 'Ohangla' }).click();
  await expect(page).toHaveURL('/genre/ohangla');
  await expect(page.getByRole('heading', { level: 1, name: 'Ohangla' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Ohangla songs' });
  await expect(list.getByRole('listitem')).toHaveCount(GENRE_PAGE);
  // Newest first: the last upload leads.
  await expect(list.getByRole('listitem').first()).toHaveAccessibleName(`Ohangla ${word} ${GENRE_PAGE}`);
  await shot(page, 'genre-page');
  await page.getByRole('button', { name: 'More' }).click();
  await expect(list.getByRole('listitem', { name: songName })).toBeVisible();
  const count = await list.getByRole('listitem').count();
  expect(count).toBeGreaterThan(GENRE_PAGE);
  const first = list.getByRole('listitem').first();
  await first.getByRole('button', { name: /^Play / }).click();
  await expect(first.getByRole('button', { name: /^Pause / })).toBeVisible();
});

test('the landing, search and genre pages stay within the JavaScript budget', async ({ page }) => {
  const dist = path.resolve('dist/web');
  for (const url of ['/', `/search?q=${word}`, '/genre/ohangla']) {
    const scripts = new Set<string>();
    const listener = (response: { url(): string; request(): { resourceType(): string } }) => {
      if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
    };
    page.on('response', listener);
    await page.goto(url);
    await page.waitForLoadState('networkidle');
    page.off('response', listener);
    const gzipBytes = [...scripts].reduce((sum, script) => sum + fs.statSync(path.join(dist, `${script}.gz`)).size, 0);
    console.log(`${url}: ${scripts.size} scripts, ${(gzipBytes / 1024).toFixed(1)} KB gzip`);
    expect(gzipBytes, url).toBeLessThanOrEqual(PUBLIC_PAGE_JS_BUDGET_BYTES);
  }
});
