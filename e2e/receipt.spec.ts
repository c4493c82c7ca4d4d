import { randomUUID } from 'node:crypto';
import { expect, expectFailedRequest, test, type Page } from './support/test';
import { uploadTrackByApi, type UploadedTrack } from './support/catalog';
import { payWithTestCard, startPurchase, sellingArtist } from './support/checkout';
import { waitForMail } from './support/mail';
import { seed } from './support/seed';

/**
 * Issue 16, items 3 and 5, on a phone (Chromium at 390x844, touch: a coarse pointer): a fan buys
 * a WAV track in the simulated checkout, the automatic download is the MP3, the receipt e-mail
 * links the purchase page, which is rendered on the server (not indexed, not stored), names the
 * track, offers MP3 first with its size, and downloads it.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const TRACK_PRICE = 5000; // KES 50.00
let track: UploadedTrack;

test.beforeAll(({ browser }) =>
  seed(browser, async (page, media) => {
    const artist = await sellingArtist(page, 'receipt');
    track = await uploadTrackByApi(page, media.wav, { trackName: 'Receipt Tone', artistName: artist.displayName, price: '50' });
  }),
);

/** Buy on the track page: the dialog, the e-mail, Pay, the simulated checkout's test card. Answers the automatic download. */
async function buy(page: Page, email: string) {
  await page.goto(`/track/${track.id}`);
  await startPurchase(page, page, 'Receipt Tone', TRACK_PRICE, email);
  return payWithTestCard(page);
}

test('a fan on a phone buys a track, gets the MP3, and the receipt link opens the purchase page that downloads it again', async ({ page }) => {
  // The emulated phone has a coarse pointer, as a real one does (the rule of web/src/lib/download.ts).
  expect(await page.evaluate('matchMedia("(pointer: coarse)").matches')).toBe(true);
  const email = `fan-${randomUUID().slice(0, 8)}@example.test`;
  const automatic = await buy(page, email);
  // Phones default to MP3 (issue 16): the automatic download after paying is the MP3.
  expect(automatic.suggestedFilename()).toMatch(/\.mp3$/);

  const mail = await waitForMail(email, /Your Sauti purchase/);
  const match = /https?:\/\/\S+?\/purchase\/[A-Za-z0-9._=-]+\?token=[A-Za-z0-9_-]+/.exec(mail.text);
  expect(match, mail.text).not.toBeNull();
  const link = match![0];

  // Rendered on the server, never indexed nor stored.
  const html = await page.request.get(link);
  expect(html.status()).toBe(200);
  expect(html.headers()['x-robots-tag']).toContain('noindex');
  expect(html.headers()['cache-control']).toBe('no-store');
  const body = await html.text();
  expect(body).toContain('Receipt Tone');
  expect(body).toMatch(/MP3 · [\d.]+ (KB|MB)/);
  expect(body).not.toContain('og:image');

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Receipt Tone' })).toBeVisible();
  const downloads = page.getByTestId('receipt-downloads').getByRole('link');
  // MP3 first and highlighted on a phone; then the original and FLAC (a WAV is lossless).
  await expect(downloads).toHaveCount(3);
  await expect(downloads.first()).toHaveAccessibleName(/^Download Receipt Tone: MP3 · [\d.]+ (KB|MB)$/);
  await expect(downloads.first()).toContainText('Best for phones');
  await expect(downloads.nth(1)).toHaveAccessibleName(/Original \(WAV\) · [\d.]+ (KB|MB)/);
  await expect(downloads.nth(2)).toHaveAccessibleName(/FLAC \(lossless\)/);
  const box = await downloads.first().boundingBox();
  const second = await downloads.nth(1).boundingBox();
  expect(box!.y).toBeLessThan(second!.y);
  expect(box!.width).toBeGreaterThan(300);

  const again = page.waitForEvent('download');
  await downloads.first().click();
  const file = await again;
  expect(file.suggestedFilename()).toMatch(/^Receipt Tone\.mp3$/);

  // A wrong token: one message, nothing to download (the page and its read answer 404).
  expectFailedRequest(page, /^\/(api\/receipts|purchase)\/sauti-[0-9a-f-]{36}$/, 404);
  await page.goto(link.replace(/token=[\w-]+/, `token=${'x'.repeat(43)}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase link not valid' })).toBeVisible();
});
