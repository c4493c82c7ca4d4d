import path from 'node:path';
import { randomInt } from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { formatPrice } from '../common/src/money';
import { finalAmount, processingFee } from '../common/src/payments';
import { toast, uploadTrackByApi, type UploadedTrack } from './support/catalog';
import { checkoutOverlay, fanEmail, payWithTestCard, sellingArtist } from './support/checkout';
import { waitForMail } from './support/mail';
import { seed } from './support/seed';

/**
 * Issue 20 at 390 px: a fan on a phone that reads Kiswahili (?lang=sw) finds a song with the
 * header's search, opens the Purchase dialog and buys it, every step in everyday Kiswahili
 * (decision 049's glossary); the simulated checkout stands in for Paystack's.
 */
test.use({ viewport: { width: 390, height: 844 } });

const PRICE = 5000; // KES 50.00
/** A word of letters only, unique to this run: the search finds this song and nothing else. */
const word = Array.from({ length: 7 }, () => String.fromCharCode(97 + randomInt(26))).join('');
const songName = `${word[0]!.toUpperCase()}${word.slice(1)} Jioni`;
/** A pay-more song (issue 21) whose name the search above never finds. */
let payMore: UploadedTrack;

/** SHOTS_DIR=dir: screenshots at 390 and 1280 px, to look at (texts fit, nothing overflows). */
const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await page.screenshot({ path: path.join(SHOTS, `sw-${name}-${width}.png`), fullPage: name !== 'purchase-dialog' });
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test.beforeAll(({ browser }) =>
  seed(browser, async (page, media) => {
    const artist = await sellingArtist(page, 'kiswahili-seller');
    await uploadTrackByApi(page, media.mp3, { trackName: songName, artistName: artist.displayName, price: '50' });
    payMore = await uploadTrackByApi(page, media.mp3, { trackName: `Toa Zaidi ${randomInt(100_000, 1_000_000)}`, artistName: artist.displayName, price: '50', payMore: true });
  }),
);

test('a fan finds a song and buys it in Kiswahili on a phone', async ({ page }) => {
  const email = fanEmail();
  await page.goto('/?lang=sw');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('heading', { name: 'Mpya Sokoni' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Gundua muziki' })).toBeVisible();
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await shot(page, 'landing');

  // The header's search: suggestions, then Enter opens the results page.
  const box = page.getByRole('search').getByRole('searchbox');
  await box.click();
  const combobox = page.getByRole('combobox', { name: 'Tafuta wasanii, nyimbo, albamu' });
  await combobox.pressSequentially(word.slice(0, 5), { delay: 40 });
  const suggestions = page.getByRole('listbox', { name: 'Mapendekezo' });
  await expect(suggestions.getByRole('option', { name: new RegExp(songName) })).toContainText('Wimbo ·');
  await combobox.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: `Matokeo ya “${word.slice(0, 5)}”` })).toBeVisible();
  const songs = page.getByRole('region', { name: 'Nyimbo' });
  await expect(songs.getByRole('listitem', { name: songName })).toContainText(formatPrice(PRICE));
  await expect(page.getByRole('heading', { name: 'Chagua aina ya muziki' })).toBeVisible();
  await shot(page, 'search');

  await songs.getByRole('link', { name: songName }).click();
  await expect(page.getByRole('heading', { level: 1, name: songName })).toBeVisible();
  await page.getByRole('button', { name: `Nunua ${songName} kwa ${formatPrice(PRICE)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Nunua ${songName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Lipa kwa kadi au M-Pesa.');
  await expect(dialog.getByText('Bei (wimbo)')).toBeVisible();
  await expect(dialog.getByText('Ada ya malipo')).toBeVisible();
  await expect(dialog.getByTestId('purchase-fee')).toHaveText(formatPrice(processingFee(PRICE)));
  await expect(dialog.getByTestId('purchase-total')).toHaveText(formatPrice(finalAmount(PRICE)));
  await expect(dialog.getByRole('button', { name: 'Ghairi' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Ulishanunua? Nitumie linki ya kupakua kwa email' })).toBeVisible();
  await shot(page, 'purchase-dialog');

  // Pay without an e-mail: asked for it, in Kiswahili, and nothing is sent.
  const pay = dialog.getByRole('button', { name: `Lipa ${formatPrice(finalAmount(PRICE))}` });
  await pay.click();
  await expect(dialog.getByText('Tafadhali weka email yako ili uendelee')).toBeVisible();
  await expect(toast(page, 'Email inahitajika')).toBeVisible();

  await dialog.getByLabel('Email').fill(email);
  await pay.click();
  await expect(dialog).toBeHidden();
  const download = await payWithTestCard(page);
  await expect(checkoutOverlay(page)).toBeHidden();
  expect(download.suggestedFilename()).toMatch(/\.mp3$/);
  await expect(toast(page, 'Inapakua')).toBeVisible();
  // Bought: the Buy button is now 'Umenunua' with the song's download, focused.
  await expect(page.getByTestId('purchased')).toContainText('Umenunua');
  await expect(page.getByRole('link', { name: `Pakua ${songName}` })).toBeFocused();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');

  const mail = await waitForMail(email, new RegExp(songName));
  expect(mail.text).toContain(formatPrice(finalAmount(PRICE)));
});

test('a pay-more song refuses less than its price in Kiswahili, the price in the message (decision 072)', async ({ page }) => {
  await page.goto(`/track/${payMore.id}?lang=sw`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await page.locator('html[data-interactive]').waitFor({ state: 'attached' });
  await page.getByRole('main').getByRole('button', { name: `Nunua ${payMore.trackName} kwa ${formatPrice(PRICE)}` }).click();
  const dialog = page.getByRole('dialog', { name: `Nunua ${payMore.trackName}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill(fanEmail());
  const amount = dialog.getByLabel('Kiasi (KES)');
  await amount.fill('40');
  await dialog.getByRole('button', { name: `Lipa ${formatPrice(finalAmount(PRICE))}` }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`Lipa angalau ${formatPrice(PRICE)}, bei yake.`);
  await expect(amount).toBeFocused();
  await expect(checkoutOverlay(page)).toHaveCount(0);
});
