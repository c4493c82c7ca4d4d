import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/test';
import { formatPrice } from '../common/src/money';
import { processingFee, splitPrice } from '../common/src/payments';
import { PAYMENT_MESSAGES } from '../common/src/schemas/payments';
import type { TestAccount } from './support/accounts';
import { uploadTrackByApi, type UploadedTrack } from './support/catalog';
import { fanPage, payWithTestCard, startPurchase, sellingArtist } from './support/checkout';
import { waitForMail } from './support/mail';
import { seed } from './support/seed';

/**
 * The artist's money, visible (issue 16), on a phone (390 x 844): an artist with an M-Pesa payout
 * method sells a track to a fan in another browser, then sees the sale in their Sales table, the
 * same figure in Total Revenue, the Payouts card, and the sale e-mail.
 */

const PHONE = { width: 390, height: 844 };
const PRICE = 5000; // KES 50.00
const SHARE = splitPrice(PRICE).artistShare; // KES 45.00

let artist: TestAccount;
let track: UploadedTrack;

test.use({ viewport: PHONE });

test.beforeAll(({ browser }) =>
  seed(browser, async (page, media) => {
    artist = await sellingArtist(page, 'sales');
    track = await uploadTrackByApi(page, media.wav, { trackName: 'Sold Tone', artistName: artist.displayName, price: '50' });
  }),
);

/** A fan in a browser of their own buys the track on its page, by card in the simulated checkout, and sees 'Purchased'. */
async function fanBuys(page: Page, email: string) {
  const fan = await page.context().browser()!.newContext({ viewport: PHONE });
  try {
    const buyer = await fanPage(fan, `/track/${track.id}`);
    await startPurchase(buyer, buyer.getByRole('main'), track.trackName, PRICE, email);
    await payWithTestCard(buyer);
    await expect(buyer.getByRole('main').getByText(PAYMENT_MESSAGES.purchased, { exact: true })).toBeVisible();
  } finally {
    await fan.close();
  }
}

async function fitsThePhone(page: Page) {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an artist sells a track and sees the sale in Sales, Total Revenue and the Payouts card, and is e-mailed', async ({ page }) => {
  // Sign in as the artist in this page's browser.
  const signIn = await page.request.post('/api/login', { data: { email: artist.email, password: artist.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);

  const fanEmail = `fan-${randomUUID().slice(0, 8)}@example.test`;
  await fanBuys(page, fanEmail);

  await page.goto('/dashboard?section=analytics');
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
  const totals = page.getByRole('list', { name: 'Totals' });
  await expect(totals.getByRole('listitem').filter({ hasText: 'Total Revenue' })).toContainText(formatPrice(SHARE));

  const sales = page.getByTestId('sales-card');
  const row = sales.getByTestId('sale-row').filter({ hasText: fanEmail });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Sold Tone');
  await expect(row).toContainText('Card');
  await expect(row).toContainText(`Price${formatPrice(PRICE)}`);
  await expect(row).toContainText(`Fee paid by buyer${formatPrice(processingFee(PRICE))}`);
  await expect(row).toContainText(`Platform 10%${formatPrice(splitPrice(PRICE).platformShare)}`);
  await expect(row).toContainText(`Your 90%${formatPrice(SHARE)}`);
  await expect(sales.getByTestId('sales-totals')).toContainText(`1 sale · sold for ${formatPrice(PRICE)} · Your 90%: ${formatPrice(SHARE)}`);
  await expect(page.getByRole('list', { name: 'Revenue per item' })).toContainText(`Sold Tone · 1 sale${formatPrice(SHARE)}`);
  await row.scrollIntoViewIfNeeded();
  await fitsThePhone(page);

  // The statement holds the same sale.
  const statement = sales.getByRole('link', { name: 'Download statement (CSV)' });
  const csv = await page.request.get((await statement.getAttribute('href'))!);
  expect(csv.headers()['content-disposition']).toMatch(/^attachment; filename="sauti-sales-\d{4}-\d{2}-\d{2}\.csv"$/);
  expect(await csv.text()).toContain(`,Sold Tone,${fanEmail},Card,50.00,${(processingFee(PRICE) / 100).toFixed(2)},5.00,45.00,paid`);

  await page.goto('/dashboard?section=payments');
  const payouts = page.getByTestId('payouts-card');
  await expect(payouts.getByTestId('payouts-owed')).toHaveText('KES 0.00');
  await expect(payouts.getByTestId('payouts-pending')).toHaveText(formatPrice(SHARE));
  // KES 45 is under the smallest payout: the card says so, and lists no payout yet.
  await expect(payouts.getByTestId('next-payout')).toContainText('Nothing to pay out yet');
  await expect(payouts.getByText('No payouts yet.')).toBeVisible();
  await expect(payouts.getByRole('switch', { name: 'E-mail me when I make a sale' })).toBeChecked();
  await payouts.scrollIntoViewIfNeeded();
  await fitsThePhone(page);

  const mail = await waitForMail(artist.email, /You made a sale/);
  expect(mail.text).toContain(`"Sold Tone" for ${formatPrice(PRICE)}. Your share (90%) is ${formatPrice(SHARE)}.`);
});
