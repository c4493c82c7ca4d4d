import { randomUUID } from 'node:crypto';
import { expect, expectFailedRequest, test, type Locator, type Page } from './support/test';
import { PAYMENT_MESSAGES } from '../common/src/schemas/payments';
import { toast, uploadTrackByApi, type UploadedTrack } from './support/catalog';
import { checkoutFrame, checkoutOverlay, fanEmail, startPurchase, sellingArtist } from './support/checkout';
import { waitForMail } from './support/mail';
import { seed } from './support/seed';
import { screenshot } from './support/screenshot';

/**
 * M-Pesa as it really behaves (issue 16, item 7), on a phone (390 x 844): the simulated checkout
 * sends a "check your phone" prompt; a fan who closes the checkout while it is open is told the
 * payment is still under way (never 'Payment Failed'), and when the phone pays later the receipt
 * arrives and the page shows 'Purchased'. A declined prompt says so and offers 'Try again'.
 */

const PRICE = 7000; // KES 70.00
let track: UploadedTrack;

test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(({ browser }) =>
  seed(browser, async (page, media) => {
    const artist = await sellingArtist(page, 'mpesa-seller');
    track = await uploadTrackByApi(page, media.mp3, { trackName: 'Subira', artistName: artist.displayName, price: '70' });
  }),
);


/**
 * Buy, the e-mail, Pay; then M-Pesa with the test number in the checkout: the phone has the prompt.
 * While the payment is not paid, verify answers 402 (how it stands), which the dialog asks on purpose.
 */
async function promptFromDialog(page: Page, email: string): Promise<{ dialog: Locator; checkoutUrl: string }> {
  expectFailedRequest(page, '/api/payments/verify', 402);
  const dialog = await startPurchase(page, page.getByRole('main'), 'Subira', PRICE, email);
  await expect(checkoutOverlay(page)).toBeVisible();
  const checkoutUrl = (await page.locator('iframe[title="Checkout"]').getAttribute('src'))!;
  const frame = checkoutFrame(page);
  await frame.getByRole('tab', { name: 'M-Pesa' }).click();
  await expect(frame.getByLabel('M-Pesa number')).toHaveValue('+254 710 000 000');
  await frame.getByRole('button', { name: /^Pay / }).click();
  await expect(frame.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await expect(frame.getByText(/we sent an M-Pesa prompt to \+254 710 ••• 000/)).toBeVisible();
  return { dialog, checkoutUrl };
}

test('a checkout closed while the M-Pesa prompt is open stays pending; the phone pays later: receipt, Check again, Purchased', async ({ page }) => {
  const email = fanEmail();
  await page.goto(`/track/${track.id}`);
  const { dialog, checkoutUrl } = await promptFromDialog(page, email);

  // The fan closes the checkout with the prompt still on the phone.
  await checkoutOverlay(page).getByRole('button', { name: 'Close checkout' }).click();
  await expect(checkoutOverlay(page)).toBeHidden();
  const pending = dialog.getByTestId('payment-pending');
  await expect(pending).toContainText(PAYMENT_MESSAGES.paymentPendingTitle);
  await expect(pending).toContainText(PAYMENT_MESSAGES.paymentPendingNote);
  await expect(toast(page, PAYMENT_MESSAGES.paymentFailed)).toHaveCount(0);

  // The phone (the simulated one, on the checkout page opened again) enters the PIN.
  const phone = await page.context().newPage();
  await phone.goto(checkoutUrl);
  await expect(phone.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await phone.getByRole('button', { name: 'Enter PIN and pay' }).click();
  await expect(phone.getByText('PIN entered: waiting for M-Pesa to confirm…')).toBeVisible();
  // The receipt comes by itself (the provider's webhook), with nobody asking.
  const mail = await waitForMail(email, /Your Sauti purchase/);
  expect(mail.subject).toContain('Subira');
  await phone.close();

  // Check again: the buying browser's download starts, and the page says 'Purchased'.
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: PAYMENT_MESSAGES.checkAgain }).click();
  expect((await download).suggestedFilename()).toMatch(/\.mp3$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('purchased')).toContainText(PAYMENT_MESSAGES.purchased);

  // And on its next load.
  await page.reload();
  await expect(page.getByTestId('purchased')).toContainText(PAYMENT_MESSAGES.purchased);
});

test("a declined M-Pesa prompt says so in the dialog, and 'Try again' opens a new checkout", async ({ page }) => {
  await page.goto(`/track/${track.id}`);
  const { dialog } = await promptFromDialog(page, `fan-${randomUUID().slice(0, 8)}@example.test`);
  const frame = checkoutFrame(page);
  await frame.getByRole('button', { name: 'Wrong PIN or not enough funds' }).click();
  await expect(frame.getByRole('alert')).toContainText('wrong PIN or not enough funds');
  await checkoutOverlay(page).getByRole('button', { name: 'Close checkout' }).click();

  const unpaid = dialog.getByTestId('payment-unpaid');
  await expect(unpaid).toContainText('Payment declined');
  await expect(unpaid).toContainText(PAYMENT_MESSAGES.paymentDeclined);
  await dialog.getByRole('button', { name: PAYMENT_MESSAGES.tryAgain }).click();
  await expect(checkoutOverlay(page)).toBeVisible();
  await expect(checkoutFrame(page).getByRole('tab', { name: 'M-Pesa' })).toBeVisible();
});

test("an M-Pesa prompt that expires closes the checkout and the dialog offers 'Try again'; one cancelled on the phone offers 'Try again' in place, a new prompt (issue 33)", async ({ page }) => {
  await page.goto(`/track/${track.id}`);
  const { dialog } = await promptFromDialog(page, fanEmail());
  await checkoutFrame(page).getByRole('button', { name: 'Let it expire' }).click();
  // No dead end in the checkout: it closes by itself and the dialog says how it ended.
  await expect(checkoutOverlay(page)).toBeHidden();
  const unpaid = dialog.getByTestId('payment-unpaid');
  await expect(unpaid).toContainText('M-Pesa prompt expired');
  await expect(unpaid).toContainText(PAYMENT_MESSAGES.paymentExpired);
  await expect(toast(page, PAYMENT_MESSAGES.paymentFailed)).toHaveCount(0);
  await screenshot(page, 'mpesa-expired-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await screenshot(page, 'mpesa-expired-1280');
  await page.setViewportSize({ width: 390, height: 844 });

  // Try again: a new checkout, where the prompt this time is cancelled on the phone. The
  // checkout keeps its form, says so, and its 'Try again' sends a new prompt at once.
  await dialog.getByRole('button', { name: PAYMENT_MESSAGES.tryAgain }).click();
  await expect(checkoutOverlay(page)).toBeVisible();
  const frame = checkoutFrame(page);
  await frame.getByRole('tab', { name: 'M-Pesa' }).click();
  await frame.getByRole('button', { name: /^Pay / }).click();
  await frame.getByRole('button', { name: 'Cancel on the phone' }).click();
  await expect(frame.getByRole('alert')).toContainText('cancelled on the phone');
  await screenshot(page, 'mpesa-cancelled-on-phone-390');
  await frame.getByRole('button', { name: 'Try again' }).click();
  await expect(frame.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
});
