import { expect, test, type Page } from './support/test';
import { formatPrice } from '../common/src/money';
import { finalAmount } from '../common/src/payments';
import { PAYMENT_MESSAGES } from '../common/src/schemas/payments';
import { toast, uploadTrackByApi } from './support/catalog';
import { tabTo } from './support/keyboard';
import { checkoutFrame, checkoutOverlay, fanEmail, purchaseDialog, sellingArtist } from './support/checkout';
import { seed } from './support/seed';

/**
 * A fan with a keyboard only (issue 20, decision 057): finds a song by the header's search,
 * plays it, seeks by the arrows, and buys it through the dialog and the checkout, never touching
 * a mouse. Focus lands where the next step is, and comes back to the opener when a dialog closes.
 */

const NAME = 'Kibodi Tone';
const PRICE = 5000;

const audioTime = (page: Page) => page.getByTestId('player-audio').evaluate((element) => (element as unknown as { currentTime: number }).currentTime);

test('a fan finds a song, plays it, seeks by the arrows and buys it with the keyboard alone', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const track = await seed(browser, async (seller, media) => {
    const artist = await sellingArtist(seller, 'keys');
    return uploadTrackByApi(seller, media.mp3, { trackName: NAME, artistName: artist.displayName, price: '50', allowFullPlayback: false });
  });

  // Find it: the header's search, a suggestion chosen by the arrows.
  await page.goto('/');
  await tabTo(page, page.getByRole('search').locator('input'));
  await page.keyboard.type('Kibodi', { delay: 30 });
  await expect(page.getByRole('option', { name: new RegExp(NAME) })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/track/${track.id}`);
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();

  // Play it, then seek by the arrows: the slider says where the player is, in words.
  const main = page.getByRole('main');
  await tabTo(page, main.getByRole('button', { name: `Play ${NAME}` }).first());
  await page.keyboard.press('Enter');
  const bar = page.getByRole('region', { name: 'Audio player' });
  await expect(bar.getByRole('status')).toHaveText(`Playing ${NAME}`);
  const slider = bar.getByRole('slider', { name: `Seek in ${NAME}` });
  await tabTo(page, slider);
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => audioTime(page)).toBeGreaterThanOrEqual(10);
  expect(await audioTime(page)).toBeLessThan(15);
  await expect(slider).toHaveAttribute('aria-valuetext', /^1\d seconds of 25 seconds$/);
  await page.keyboard.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuetext', /^\d seconds of 25 seconds$/);

  // The Purchase dialog: focus goes in, Escape brings it back to Buy.
  const buy = main.getByRole('button', { name: `Buy ${NAME} for ${formatPrice(PRICE)}` });
  await tabTo(page, buy, { back: true });
  await page.keyboard.press('Enter');
  const dialog = purchaseDialog(page, NAME);
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((element) => element.contains(element.ownerDocument.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(buy).toBeFocused();

  // Buy: the e-mail, Pay, the checkout's card (filled with the test card) and its Pay.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel('Email'));
  await page.keyboard.type(fanEmail());
  await tabTo(page, dialog.getByRole('button', { name: `Pay ${formatPrice(finalAmount(PRICE))}` }));
  await page.keyboard.press('Enter');
  await expect(checkoutOverlay(page)).toBeVisible();
  const frame = checkoutFrame(page);
  await tabTo(page, frame.getByRole('tab', { name: 'Card' }));
  await page.keyboard.press('Enter');
  const download = page.waitForEvent('download');
  await tabTo(page, frame.getByRole('button', { name: /^Pay / }));
  await page.keyboard.press('Enter');
  await download;
  await expect(checkoutOverlay(page)).toBeHidden();
  await expect(toast(page, PAYMENT_MESSAGES.downloadStarted)).toBeVisible();
  // Focus is back on the page, on the Download that took Buy's place.
  await expect(main.getByRole('link', { name: `Download ${NAME}` })).toBeFocused();
});
