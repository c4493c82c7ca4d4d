import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from './support/test';
import { uploadTrackByApi, type UploadedTrack } from './support/catalog';
import { sellingArtist } from './support/checkout';
import { seed } from './support/seed';

/**
 * The player on a phone (issue 11, item 6), as a fan with no account sees it on a track page: the
 * title and artist read in full at 390 px, data saver is explained where a tap reaches, and a
 * preview that ends says so and offers the song to buy.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const TITLE = 'Nairobi Nights (Acoustic)';
const ARTIST = 'Wanjiru Kamau';
let track: UploadedTrack;

test.beforeAll(({ browser }) =>
  seed(browser, async (page, media) => {
    await sellingArtist(page, 'phone-player');
    track = await uploadTrackByApi(page, media.mp3, { trackName: TITLE, artistName: ARTIST, price: '50', allowFullPlayback: false });
  }),
);

/** axe-core's findings (WCAG 2.1 A and AA) inside the player bar. */
async function playerViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).include('[data-testid="player-bar"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** True when the element shows all of its text (nothing cut off sideways). */
const fitsItsBox = (locator: Locator) => locator.evaluate((element) => element.scrollWidth <= element.clientWidth);

/** The audio element's playhead (e2e code has no DOM types). */
const playhead = (page: Page) => page.getByTestId('player-audio').evaluate((element) => (element as unknown as { currentTime: number }).currentTime);

test('on a 390 px phone: a readable title, data saver explained by a tap, and a preview that ends says so', async ({ page }) => {
  const audio = page.getByTestId('player-audio');
  await page.goto(`/track/${track.id}`);
  await page.getByRole('main').getByRole('button', { name: `Play ${TITLE}` }).tap();
  const bar = page.getByRole('region', { name: 'Audio player' });
  await expect(bar.getByTestId('player-title')).toHaveText(TITLE);
  await expect(bar.getByTestId('player-artist')).toHaveText(ARTIST);
  await expect(bar.getByText('25-second preview')).toBeVisible();
  await expect.poll(() => playhead(page)).toBeGreaterThan(0.2);

  // Title and artist are not cut ("Wanjiru Kamau · 25-s…" before).
  expect(await fitsItsBox(bar.getByTestId('player-title'))).toBe(true);
  expect(await fitsItsBox(bar.getByTestId('player-artist'))).toBe(true);
  // Nothing in the bar runs past the screen's edge.
  expect(await bar.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);

  // Data saver is explained behind a button a tap reaches (phones never show a hover tooltip).
  const about = bar.getByRole('button', { name: 'About data saver' });
  const explanation = bar.getByText(/smaller file that uses about half the data/);
  await expect(explanation).toBeHidden();
  await about.tap();
  await expect(about).toHaveAttribute('aria-expanded', 'true');
  await expect(explanation).toBeVisible();
  // On screen, not past either edge.
  const box = await explanation.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  expect(await playerViolations(page)).toEqual([]);
  await about.tap();
  await expect(explanation).toBeHidden();

  // Seek to 24 s: within a second the preview ends, and the bar says so instead of vanishing.
  await bar.getByRole('slider', { name: `Seek in ${TITLE}` }).fill('24');
  await expect(bar.getByRole('status')).toHaveText('Preview ended. The full song is for buyers.', { timeout: 5_000 });
  expect(await audio.getAttribute('src')).toBeNull();
  const buy = bar.getByRole('button', { name: `Buy ${TITLE} for KES 50.00` });
  await expect(buy).toBeVisible();
  expect(await fitsItsBox(bar.getByTestId('player-title'))).toBe(true);
  expect(await bar.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  expect(await playerViolations(page)).toEqual([]);

  // Buy opens the Purchase dialog from the bar.
  await buy.tap();
  await expect(page.getByRole('dialog', { name: `Buy ${TITLE}` })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: `Buy ${TITLE}` })).toBeHidden();

  // Play in the bar starts the preview again; Close dismisses the bar.
  await bar.getByRole('button', { name: `Play ${TITLE}` }).tap();
  // The bar's live region now says what plays (decision 057), where the ended preview's note was.
  await expect(bar.getByRole('status')).toHaveText(`Playing ${TITLE}`);
  await expect.poll(() => playhead(page)).toBeGreaterThan(0.2);
  await bar.getByRole('button', { name: 'Close player' }).tap();
  await expect(bar).toBeHidden();
});
