import { expect, expectFailedRequest, test, type Page } from './support/test';
import { formatPrice } from '../common/src/money';
import { finalAmount } from '../common/src/payments';
import { uploadTrackByApi, type UploadedTrack } from './support/catalog';
import { fanEmail, payWithTestCard, sellingArtist } from './support/checkout';
import { waitForMail } from './support/mail';
import { seed } from './support/seed';
import { screenshot } from './support/screenshot';

/**
 * Issue 17, item 6, on a phone (390x844, touch): a fan buys a track, then on another "phone" (a
 * fresh browser context, no cookies) asks for their library by e-mail, opens the mailed link, sees
 * the track and downloads it with the library cookie alone. The link works once.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

let track: UploadedTrack;

test.beforeAll(async ({ browser }) => {
  await seed(browser, async (page, media) => {
    const artist = await sellingArtist(page, 'library');
    track = await uploadTrackByApi(page, media.wav, { trackName: 'Library Tone', artistName: artist.displayName, price: '50' });
  });
});

async function buy(page: Page, email: string) {
  await page.goto(`/track/${track.id}`);
  await page.getByRole('button', { name: `Buy Library Tone for ${formatPrice(5000)}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Buy Library Tone' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: `Pay ${formatPrice(finalAmount(5000))}` }).click();
  await payWithTestCard(page);
}

test('a fan gets their library on another phone through an e-mailed link and downloads what they bought', async ({ page, browser }) => {
  const email = fanEmail();
  await buy(page, email);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const other = await phone.newPage();
  await other.goto('/');
  await other.getByRole('contentinfo').getByRole('link', { name: 'Your library' }).click();
  await expect(other).toHaveURL(/\/library$/);
  await expect(other.getByRole('heading', { level: 1, name: 'Your library' })).toBeVisible();
  await screenshot(other, 'library-signed-out-390', { fullPage: true });
  await other.setViewportSize({ width: 1280, height: 800 });
  await screenshot(other, 'library-signed-out-1280', { fullPage: true });
  await other.setViewportSize({ width: 390, height: 844 });
  await other.getByLabel('Email').fill(email.toUpperCase());
  await other.getByRole('button', { name: 'Send me a sign-in link' }).click();
  await expect(other.getByRole('status').filter({ hasText: 'sign-in link is on its way' })).toBeVisible();

  const mail = await waitForMail(email, /Your Sauti library/);
  const link = /https?:\/\/\S+?\/library\?token=[\w-]+/.exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();
  await other.goto(link!);
  await expect(other).toHaveURL(/\/library$/); // the token leaves the address bar
  const items = other.getByTestId('library-items').getByRole('listitem');
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText('Library Tone');
  await screenshot(other, 'library-list-390', { fullPage: true });

  const download = other.waitForEvent('download');
  await other.getByRole('link', { name: 'Download Library Tone as MP3' }).click();
  expect((await download).suggestedFilename()).toBe('Library Tone.mp3');

  // The same link again, in yet another browser: refused, with the way to ask for a new one.
  const third = await browser.newPage();
  expectFailedRequest(third, '/api/library/session', 400);
  await third.goto(link!);
  await expect(third.getByText('This sign-in link is not valid any more')).toBeVisible();
  await expect(third.getByRole('button', { name: 'Send me a sign-in link' })).toBeVisible();
  await third.close();

  await other.setViewportSize({ width: 1280, height: 800 });
  await screenshot(other, 'library-list-1280', { fullPage: true });
  await phone.close();
});
