import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, expectFailedRequest, test, type Locator, type Page } from './support/test';
import { formatPrice } from '../common/src/money';
import { finalAmount, processingFee } from '../common/src/payments';
import { PAYMENT_MESSAGES } from '../common/src/schemas/payments';
import { toSlug } from '../common/src/slug';
import { verifiedAccount, type TestAccount } from './support/accounts';
import { createAlbumByApi, toast, uploadTrackByApi, type CreatedAlbum, type UploadedTrack } from './support/catalog';
import { checkoutFrame, checkoutOverlay, fanEmail, openPurchase, payWithTestCard, sellingArtist } from './support/checkout';
import { waitForMail, type OutboxMail } from './support/mail';
import { testMedia, type MediaFiles } from './support/media';
import { seed } from './support/seed';

/**
 * A fan with no account buys (spec sections 2, 4 and 8; issue 10): the Purchase dialog on the
 * track, album and profile pages, the simulated checkout (the server runs without Paystack keys)
 * in its overlay, the automatic download, the receipt e-mail and its link.
 */

const TRACK_PRICE = 5000; // KES 50.00
const ALBUM_PRICE = 12000; // KES 120.00

let media: MediaFiles;
let artist: TestAccount;
let pricedTrack: UploadedTrack;
let album: CreatedAlbum;
let unreadyTrack: UploadedTrack;

test.beforeAll(async ({ browser }) => {
  media = await testMedia();
  await seed(browser, async (page) => {
    artist = await sellingArtist(page, 'seller');
    pricedTrack = await uploadTrackByApi(page, media.wav, { trackName: 'Paid Tone', artistName: artist.displayName, price: '50' });
    const first = await uploadTrackByApi(page, media.wav, { trackName: 'Album Tone One', artistName: artist.displayName });
    const second = await uploadTrackByApi(page, media.mp3, { trackName: 'Album Tone Two', artistName: artist.displayName });
    album = await createAlbumByApi(page, { albumName: 'Paid Album', trackIds: [first.id, second.id], price: '120' });
  });
  // An artist without a payout method cannot sell yet.
  await seed(browser, async (page) => {
    const unready = await verifiedAccount(page, 'unready');
    unreadyTrack = await uploadTrackByApi(page, media.wav, { trackName: 'Not Yet For Sale', artistName: unready.displayName, price: '30' });
  });
});

const downloadPath = (kind: 'tracks' | 'albums', id: string) => `/api/${kind}/${id}/download`;

/** Enters the e-mail, presses Pay and waits for the simulated checkout (the dialog closes as it opens). */
async function payFromDialog(page: Page, dialog: Locator, email: string, price: number) {
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: `Pay ${formatPrice(finalAmount(price))}` }).click();
  await expect(checkoutOverlay(page)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(checkoutFrame(page).getByText(formatPrice(finalAmount(price)), { exact: true })).toBeVisible();
}


/** The purchase page link of a receipt e-mail (its text part). */
function receiptLink(mail: OutboxMail): string {
  const match = /https?:\/\/\S+?[?&]token=[A-Za-z0-9_.~%-]+/.exec(mail.text);
  if (!match) throw new Error(`No download link in the receipt "${mail.subject}":\n${mail.text}`);
  return match[0];
}

test('a fan buys a priced track on its page, the download starts by itself, and the receipt link downloads it again', async ({ page, browser }) => {
  const email = fanEmail();
  // The server renders the Buy button into the page (docs/decisions/029).
  const html = await (await page.request.get(`/track/${pricedTrack.id}`)).text();
  expect(html).toMatch(/data-testid="buy-button"[^>]*>[\s\S]*?Buy[\s\S]*?Paid Tone for[\s\S]*?KES 50\.00/);
  await page.goto(`/track/${pricedTrack.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Paid Tone' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Download/ })).toHaveCount(0);

  const dialog = await openPurchase(page, page.getByRole('main'), 'Paid Tone', TRACK_PRICE);
  // Spec section 9: price, processing fee round(50 x 0.015) + 100 = KES 101, total KES 151.
  await expect(dialog.getByTestId('purchase-price')).toHaveText(formatPrice(TRACK_PRICE));
  await expect(dialog.getByTestId('purchase-fee')).toHaveText(formatPrice(processingFee(TRACK_PRICE)));
  await expect(dialog.getByTestId('purchase-total')).toHaveText(formatPrice(finalAmount(TRACK_PRICE)));
  expect(formatPrice(finalAmount(TRACK_PRICE))).toBe('KES 151.00');

  await payFromDialog(page, dialog, email, TRACK_PRICE);
  const download = await payWithTestCard(page);
  await expect(checkoutOverlay(page)).toBeHidden();
  expect(download.suggestedFilename()).toMatch(/\.wav$/);
  expect(fs.readFileSync((await download.path())!).equals(fs.readFileSync(media.wav))).toBe(true);
  await expect(toast(page, PAYMENT_MESSAGES.downloadStarted)).toBeVisible();
  // Focus is back on the page, on the Download that replaced the Buy button (issue 16).
  await expect(page.getByRole('link', { name: 'Download Paid Tone' })).toBeFocused();

  // The receipt: what was paid, and a link that works on any device.
  const mail = await waitForMail(email, /Your Sauti purchase/);
  expect(mail.subject).toContain('Paid Tone');
  expect(mail.text).toContain(formatPrice(finalAmount(TRACK_PRICE)));
  const link = receiptLink(mail);

  const elsewhere = await browser.newContext();
  try {
    // Without the link (or this browser's cookie) the file is still not free.
    expect((await elsewhere.request.get(downloadPath('tracks', pricedTrack.id))).status()).toBe(402);
    // The link opens the purchase page (issue 16); its Original button downloads the WAV.
    const other = await elsewhere.newPage();
    await other.goto(link);
    const again = other.waitForEvent('download');
    await other.getByRole('link', { name: /Original \(WAV\)/ }).click();
    const file = await again;
    expect(fs.readFileSync((await file.path())!).equals(fs.readFileSync(media.wav))).toBe(true);
  } finally {
    await elsewhere.close();
  }
});

test("a fan buys a priced album on its page and gets '{albumName}.zip'", async ({ page }) => {
  await page.goto(`/album/${album.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Paid Album' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download Album', exact: true })).toHaveCount(0);

  const dialog = await openPurchase(page, page.getByRole('main').locator('header'), 'Paid Album', ALBUM_PRICE);
  await expect(dialog.getByTestId('purchase-total')).toHaveText(formatPrice(finalAmount(ALBUM_PRICE)));
  await payFromDialog(page, dialog, fanEmail(), ALBUM_PRICE);
  const download = await payWithTestCard(page);
  expect(download.suggestedFilename()).toBe('Paid Album.zip');
  const bytes = fs.readFileSync((await download.path())!);
  expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  await expect(toast(page, PAYMENT_MESSAGES.downloadStarted)).toBeVisible();
});

test("an empty e-mail says 'Email Required' and sends nothing", async ({ page }) => {
  const initializations: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/payments/initialize')) initializations.push(request.url());
  });
  await page.goto(`/profile/${toSlug(artist.displayName)}`);
  const row = page.getByRole('list', { name: 'Music Collection' }).getByRole('listitem', { name: 'Paid Tone', exact: true });
  await expect(row.getByTestId('price')).toHaveText(formatPrice(TRACK_PRICE));
  const dialog = await openPurchase(page, row, 'Paid Tone', TRACK_PRICE);

  await dialog.getByRole('button', { name: /^Pay / }).click();
  await expect(toast(page, PAYMENT_MESSAGES.emailRequiredTitle)).toContainText(PAYMENT_MESSAGES.emailRequired);
  await expect(dialog.getByText(PAYMENT_MESSAGES.emailRequired)).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toBeVisible();
  expect(initializations).toEqual([]);
});

test('cancelling the checkout (its Cancel, the close button, Escape) closes it and grants nothing', async ({ page }) => {
  const email = fanEmail();
  await page.goto(`/track/${pricedTrack.id}`);
  // Each closed checkout is checked with the server once: not paid (402), so nothing is granted.
  expectFailedRequest(page, '/api/payments/verify', 402);

  // The checkout page's own Cancel.
  let dialog = await openPurchase(page, page.getByRole('main'), 'Paid Tone', TRACK_PRICE);
  await payFromDialog(page, dialog, email, TRACK_PRICE);
  await checkoutFrame(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(checkoutOverlay(page)).toBeHidden();
  await expect(toast(page, 'Payment cancelled')).toBeVisible();

  // The overlay's close button.
  dialog = await openPurchase(page, page.getByRole('main'), 'Paid Tone', TRACK_PRICE);
  await payFromDialog(page, dialog, email, TRACK_PRICE);
  await checkoutOverlay(page).getByRole('button', { name: 'Close checkout' }).click();
  await expect(checkoutOverlay(page)).toBeHidden();

  // Escape, with focus inside the checkout page.
  dialog = await openPurchase(page, page.getByRole('main'), 'Paid Tone', TRACK_PRICE);
  await payFromDialog(page, dialog, email, TRACK_PRICE);
  await checkoutFrame(page).getByLabel('Card number').click();
  await page.keyboard.press('Escape');
  await expect(checkoutOverlay(page)).toBeHidden();

  // This browser was given its buyer cookie by initialize: it still may not download.
  const refused = await page.request.get(downloadPath('tracks', pricedTrack.id));
  expect(refused.status()).toBe(402);
  await expect(page.getByRole('link', { name: /Download/ })).toHaveCount(0);
});

test("an artist without a payout method cannot sell yet: the page says 'Not on sale yet' instead of a Buy that cannot work", async ({ page }) => {
  await page.goto(`/track/${unreadyTrack.id}`);
  const main = page.getByRole('main');
  await expect(main.getByText(PAYMENT_MESSAGES.notOnSaleYet, { exact: true })).toBeVisible();
  await expect(main.getByRole('button', { name: /^Buy Not Yet For Sale/ })).toHaveCount(0);
  await expect(checkoutOverlay(page)).toHaveCount(0);
});

for (const viewport of [
  { name: 'phone', width: 360, height: 740 },
  { name: 'desktop', width: 1280, height: 800 },
]) {
  test(`the Purchase dialog and the checkout overlay have no accessibility violations (${viewport.name})`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(`/track/${pricedTrack.id}`);
    const dialog = await openPurchase(page, page.getByRole('main'), 'Paid Tone', TRACK_PRICE);
    const wcag = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
    const found = (results: Awaited<ReturnType<AxeBuilder['analyze']>>) =>
      results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

    expect(found(await new AxeBuilder({ page }).include('[data-testid="purchase-dialog"]').withTags(wcag).analyze())).toEqual([]);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);

    await payFromDialog(page, dialog, fanEmail(), TRACK_PRICE);
    expect(found(await new AxeBuilder({ page }).include('[data-testid="checkout-overlay"]').withTags(wcag).analyze())).toEqual([]);
    const panel = (await page.locator('iframe[title="Checkout"]').boundingBox())!;
    if (viewport.width < 640) expect(panel.width).toBe(viewport.width); // full screen on a phone
    else expect(panel.width).toBeLessThan(500); // a centred panel on a desktop
  });
}
