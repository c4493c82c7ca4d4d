import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { formatPrice } from '../common/src/money';
import { amountBelowPriceMessage } from '../common/src/payment-messages';
import { finalAmount, processingFee, splitPrice } from '../common/src/payments';
import { PAYMENT_MESSAGES } from '../common/src/schemas/payments';
import type { TestAccount } from './support/accounts';
import { uploadTrackByApi, type UploadedTrack } from './support/catalog';
import { checkoutFrame, checkoutOverlay, fanPage, payWithTestCard, purchaseDialog, sellingArtist } from './support/checkout';
import { seed } from './support/seed';

/**
 * Pay more (issue 21), on a phone (390 x 844): a fan pays more than a track's price through the
 * simulated checkout and the artist's Analytics shows the amount paid and its 90%; a free track
 * with pay more is 'Name your price', and KES 0 downloads at once.
 */

const PHONE = { width: 390, height: 844 };
const PRICE = 5000; // KES 50.00, the minimum
const SUGGESTED = 8000; // KES 80.00
const PAID = 12000; // KES 120.00, what the fan chooses

let artist: TestAccount;
let track: UploadedTrack;
let gift: UploadedTrack;

test.use({ viewport: PHONE });

test.beforeAll(({ browser }) =>
  seed(browser, async (page, media) => {
    artist = await sellingArtist(page, 'paymore');
    track = await uploadTrackByApi(page, media.wav, { trackName: 'Generous Tone', artistName: artist.displayName, price: '50', payMore: true, suggestedPrice: '80' });
    gift = await uploadTrackByApi(page, media.mp3, { trackName: 'Gift Tone', artistName: artist.displayName, payMore: true });
  }),
);

async function fitsThePhone(page: Page) {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}

test('a fan pays more than the price, and the artist sees the amount paid in Analytics', async ({ page }, testInfo) => {
  const email = `fan-${randomUUID().slice(0, 8)}@example.test`;
  const fan = await page.context().browser()!.newContext({ viewport: PHONE });
  try {
    const buyer = await fanPage(fan, `/track/${track.id}`);
    await buyer.getByRole('main').getByRole('button', { name: `Buy ${track.trackName} for ${formatPrice(PRICE)}` }).click();
    const dialog = purchaseDialog(buyer, track.trackName);
    await expect(dialog).toBeVisible();
    // The price is the minimum; the suggestion fills the box.
    const amount = dialog.getByLabel(PAYMENT_MESSAGES.amountLabel);
    await expect(amount).toHaveValue('80.00');
    await expect(dialog.getByTestId('purchase-amount-hint')).toHaveText(`Minimum ${formatPrice(PRICE)} · Suggested ${formatPrice(SUGGESTED)}`);
    await expect(dialog.getByTestId('purchase-total')).toHaveText(formatPrice(finalAmount(SUGGESTED)));

    // Below the price: refused at the field, nothing opens.
    await dialog.getByLabel('Email').fill(email);
    await amount.fill('40');
    await dialog.getByRole('button', { name: `Pay ${formatPrice(finalAmount(PRICE))}` }).click();
    await expect(dialog.getByRole('alert')).toHaveText(amountBelowPriceMessage(PRICE));
    await expect(amount).toBeFocused();
    await expect(checkoutOverlay(buyer)).toHaveCount(0);

    // KES 120: the fee is on the amount, and so is the total.
    await amount.fill('120');
    await expect(dialog.getByTestId('purchase-price')).toHaveText(formatPrice(PAID));
    await expect(dialog.getByTestId('purchase-fee')).toHaveText(formatPrice(processingFee(PAID)));
    await expect(dialog.getByTestId('purchase-total')).toHaveText(formatPrice(finalAmount(PAID)));
    await fitsThePhone(buyer);
    await buyer.screenshot({ path: testInfo.outputPath('pay-more-dialog-390.png') });
    await dialog.getByRole('button', { name: `Pay ${formatPrice(finalAmount(PAID))}` }).click();
    await expect(checkoutOverlay(buyer)).toBeVisible();
    await expect(checkoutFrame(buyer).getByText(formatPrice(finalAmount(PAID)), { exact: true })).toBeVisible();
    await payWithTestCard(buyer);
    await expect(buyer.getByRole('main').getByText(PAYMENT_MESSAGES.purchased, { exact: true })).toBeVisible();
  } finally {
    await fan.close();
  }

  const signIn = await page.request.post('/api/login', { data: { email: artist.email, password: artist.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await page.goto('/dashboard?section=analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const row = page.getByTestId('sales-card').getByTestId('sale-row').filter({ hasText: email });
  await expect(row).toContainText(`Price${formatPrice(PAID)}`);
  await expect(row).toContainText(`Fee paid by buyer${formatPrice(processingFee(PAID))}`);
  await expect(row).toContainText(`Your 90%${formatPrice(splitPrice(PAID).artistShare)}`);
  await row.scrollIntoViewIfNeeded();
  await fitsThePhone(page);
});

test("a free track with pay more is 'Name your price', and KES 0 downloads at once", async ({ browser }, testInfo) => {
  const fan = await browser.newContext({ viewport: PHONE });
  try {
    const page = await fanPage(fan, `/track/${gift.id}`);
    const main = page.getByRole('main');
    await expect(main.getByTestId('price')).toHaveText(PAYMENT_MESSAGES.nameYourPrice);
    await expect(main.getByRole('link', { name: /^Download/ })).toHaveCount(0);
    await main.getByRole('button', { name: `${PAYMENT_MESSAGES.nameYourPrice} for ${gift.trackName}` }).click();
    const dialog = purchaseDialog(page, gift.trackName);
    await expect(dialog.getByTestId('purchase-amount-hint')).toHaveText('Pay what you like, or 0 to download for free');
    await dialog.getByLabel(PAYMENT_MESSAGES.amountLabel).fill('0');
    await page.screenshot({ path: testInfo.outputPath('name-your-price-390.png') });
    const download = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download for free' }).click();
    expect((await download).suggestedFilename()).toMatch(/Gift Tone/);
    await expect(dialog).toBeHidden();
  } finally {
    await fan.close();
  }
});
