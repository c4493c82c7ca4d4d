import fs from 'node:fs';
import { expect, expectFailedRequest, test, type Page } from './support/test';
import { formatPrice } from '../common/src/money';
import { finalAmount } from '../common/src/payments';
import { PAYMENT_MESSAGES } from '../common/src/schemas/payments';
import { toSlug } from '../common/src/slug';
import { verifiedAccount, type TestAccount } from './support/accounts';
import { createAlbumByApi, openMyMusic, songRow, toast, uploadTrackByApi, type CreatedAlbum, type UploadedTrack } from './support/catalog';
import { checkoutFrame, checkoutOverlay, fanEmail, fanPage, payWithTestCard, sellingArtist, startPurchase } from './support/checkout';
import { testMedia, type MediaFiles } from './support/media';
import { seed } from './support/seed';
import { screenshot } from './support/screenshot';

/**
 * Issue 16, the buyer's side, on a 390 px phone: a fan who bought a song is recognised in the
 * buying browser ('Purchased' with Download instead of Buy) and hears a bought preview-only song
 * whole; the same e-mail buying again is told it already owns it, with a deliberate 'Buy again';
 * a priced song of an artist without a payout method says 'Not on sale yet' instead of Buy.
 */

test.use({ viewport: { width: 390, height: 844 } });

const PRICE = 5000; // KES 50.00
const TITLE = 'Kesho Preview';

let media: MediaFiles;
let seller: TestAccount;
let previewOnly: UploadedTrack;
let unready: TestAccount;
let unreadyTrack: UploadedTrack;
let unreadyAlbum: CreatedAlbum;

test.beforeAll(async ({ browser }) => {
  media = await testMedia();
  await seed(browser, async (page) => {
    seller = await sellingArtist(page, 'trust-seller');
    // 40 s of audio, priced, and only a 25-second preview for those who have not bought it.
    previewOnly = await uploadTrackByApi(page, media.mp3, { trackName: TITLE, artistName: seller.displayName, price: '50', allowFullPlayback: false });
  });
  await seed(browser, async (page) => {
    unready = await verifiedAccount(page, 'trust-unready');
    unreadyTrack = await uploadTrackByApi(page, media.wav, { trackName: 'Coming Soon', artistName: unready.displayName, price: '30' });
    const albumSong = await uploadTrackByApi(page, media.wav, { trackName: 'Album Soon', artistName: unready.displayName });
    unreadyAlbum = await createAlbumByApi(page, { albumName: 'Soon Album', trackIds: [albumSong.id], price: '100' });
  });
});

const playerBar = (page: Page) => page.getByRole('region', { name: 'Audio player' });
const playhead = (page: Page) => page.getByTestId('player-audio').evaluate((element) => (element as unknown as { currentTime: number }).currentTime);

/** Opens the Purchase dialog, enters the e-mail and presses Pay. */


test("a buyer sees 'Purchased' with Download instead of Buy, hears the preview-only song past 25 s, and the same e-mail is offered 'Buy again'", async ({
  page,
  browser,
}) => {
  const email = fanEmail();
  await page.goto(`/track/${previewOnly.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
  await expect(main.getByText(PAYMENT_MESSAGES.purchased, { exact: true })).toHaveCount(0);
  await expect(main.getByText('25-second preview')).toBeVisible();

  await startPurchase(page, main, TITLE, PRICE, email);
  const download = await payWithTestCard(page);
  await expect(checkoutOverlay(page)).toBeHidden();
  expect(fs.readFileSync((await download.path())!).equals(fs.readFileSync(media.mp3))).toBe(true);
  await expect(toast(page, PAYMENT_MESSAGES.downloadStarted)).toBeVisible();

  // At once, without a reload: 'Purchased' with Download where Buy was, and focus on Download.
  await expect(main.getByText(PAYMENT_MESSAGES.purchased, { exact: true })).toBeVisible();
  const downloadLink = main.getByRole('link', { name: `Download ${TITLE}` });
  await expect(downloadLink).toBeVisible();
  await expect(downloadLink).toBeFocused();
  await expect(main.getByRole('button', { name: new RegExp(`^Buy ${TITLE}`) })).toHaveCount(0);
  // The buyer hears it whole: the page no longer calls it a preview.
  await expect(main.getByText('25-second preview')).toHaveCount(0);
  // It fits where Buy was: nothing sticks out of a 390 px screen.
  const box = (await downloadLink.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await screenshot(page, 'sauti-track-purchased-390x844');

  // On the next load too (the server renders Buy for everyone; the page switches after loading).
  await page.reload();
  await expect(main.getByText(PAYMENT_MESSAGES.purchased, { exact: true })).toBeVisible();
  const again = page.waitForEvent('download');
  await main.getByRole('link', { name: `Download ${TITLE}` }).click();
  expect(fs.readFileSync((await (await again).path())!).equals(fs.readFileSync(media.mp3))).toBe(true);

  // The buyer hears it whole: past 25 s, no 'Preview ended'.
  await main.getByRole('button', { name: `Play ${TITLE}` }).click();
  const bar = playerBar(page);
  await expect(bar.getByTestId('player-total')).toHaveText('0:40');
  await expect(bar.getByText('25-second preview')).toHaveCount(0);
  await expect.poll(() => playhead(page)).toBeGreaterThan(0.2);
  await bar.getByRole('slider', { name: `Seek in ${TITLE}` }).fill('23');
  await expect.poll(() => playhead(page), { timeout: 15_000 }).toBeGreaterThan(27);
  await expect(bar.getByRole('status')).toHaveText(`Playing ${TITLE}`); // no 'Preview ended.': the live region says what plays (decision 057)
  await expect(bar.getByRole('slider', { name: `Seek in ${TITLE}` })).toBeVisible();
  await bar.getByRole('button', { name: 'Close player' }).click();

  // The same e-mail from another browser: told it already owns it (the link is e-mailed again),
  // charged nothing, and offered a deliberate 'Buy again' (a gift).
  const elsewhere = await browser.newContext({ viewport: { width: 390, height: 844 } });
  try {
    const other = await fanPage(elsewhere, `/track/${previewOnly.id}`);
    // Already owned: initialize refuses (409) and the dialog says so.
    expectFailedRequest(other, '/api/payments/initialize', 409);
    const dialog = await startPurchase(other, other.getByRole('main'), TITLE, PRICE, email);
    await expect(dialog.getByText(PAYMENT_MESSAGES.alreadyOwned)).toBeVisible();
    await expect(checkoutOverlay(other)).toHaveCount(0);
    await screenshot(other, 'sauti-already-owned-390x844');
    await dialog.getByRole('button', { name: PAYMENT_MESSAGES.buyAgain }).click();
    await expect(checkoutOverlay(other)).toBeVisible();
    await expect(checkoutFrame(other).getByText(formatPrice(finalAmount(PRICE)), { exact: true })).toBeVisible();
  } finally {
    await elsewhere.close();
  }
});

test("a priced song of an artist without a payout method says 'Not on sale yet' instead of Buy", async ({ page }) => {
  // In the server's HTML already: the public answer says purchasable false.
  const html = await (await page.request.get(`/track/${unreadyTrack.id}`)).text();
  expect(html).toContain(PAYMENT_MESSAGES.notOnSaleYet);
  expect(html).not.toContain('data-testid="buy-button"');

  await page.goto(`/track/${unreadyTrack.id}`);
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Coming Soon' })).toBeVisible();
  await expect(main.getByText(PAYMENT_MESSAGES.notOnSaleYet, { exact: true })).toBeVisible();
  await expect(main.getByTestId('price')).toHaveText('KES 30.00');
  await expect(page.getByRole('button', { name: /^Buy/ })).toHaveCount(0);
  await screenshot(page, 'sauti-track-not-on-sale-390x844');

  await page.goto(`/album/${unreadyAlbum.id}`);
  await expect(page.getByRole('main').locator('header').getByText(PAYMENT_MESSAGES.notOnSaleYet, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Buy/ })).toHaveCount(0);

  await page.goto(`/profile/${toSlug(unready.displayName)}`);
  const row = page.getByRole('list', { name: 'Music Collection' }).getByRole('listitem', { name: 'Coming Soon', exact: true });
  const words = row.getByText(PAYMENT_MESSAGES.notOnSaleYet, { exact: true });
  await expect(words).toBeVisible();
  const box = (await words.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(page.getByRole('button', { name: /^Buy/ })).toHaveCount(0);
  await screenshot(page, 'sauti-profile-not-on-sale-390x844');
});

test("the artist without a payout method sees why in My Music, with the way to Payments", async ({ page }) => {
  const artist = await verifiedAccount(page, 'trust-dashboard');
  await uploadTrackByApi(page, media.wav, { trackName: 'Priced Tune', artistName: artist.displayName, price: '30' });
  await uploadTrackByApi(page, media.wav, { trackName: 'Free Tune', artistName: artist.displayName });
  await openMyMusic(page);
  const note = songRow(page, 'Priced Tune').getByTestId('not-on-sale');
  await expect(note).toContainText(PAYMENT_MESSAGES.notOnSaleYet);
  await expect(songRow(page, 'Free Tune').getByTestId('not-on-sale')).toHaveCount(0);
  const box = (await note.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await note.scrollIntoViewIfNeeded();
  await screenshot(page, 'sauti-my-music-not-on-sale-390x844');
  await note.getByRole('button', { name: 'Go to Payments' }).click();
  await expect(page).toHaveURL(/\/dashboard\?section=payments$/);
});
