import fs from 'node:fs';
import { expect, test } from './support/test';
import { verifiedAccount, type TestAccount } from './support/accounts';
import { uploadTrackByApi } from './support/catalog';
import { fanEmail } from './support/checkout';
import { waitForMail } from './support/mail';
import { testMedia } from './support/media';

/**
 * Issue 17, item 5, on a phone (390x844, touch): a fan follows an artist from the profile page with
 * only an e-mail, confirms through the mailed link, gets one e-mail when the artist releases a
 * track, and unsubscribes from its link. The artist's Analytics counts the follower meanwhile.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const SHOTS = '/tmp/shots-fans';
const linkIn = (text: string, path: string) => new RegExp(`https?://\\S+?${path}\\?token=[\\w-]+`).exec(text)?.[0];

test('a fan follows an artist by e-mail, confirms, hears of the next release once, and unsubscribes', async ({ page, browser }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const media = await testMedia();
  const artistPage = await browser.newPage();
  const artist: TestAccount = await verifiedAccount(artistPage, 'follow');
  await uploadTrackByApi(artistPage, media.wav, { trackName: 'Old Song', artistName: artist.displayName });

  const email = fanEmail();
  await page.goto(`/${encodeURIComponent(artist.displayName)}`);
  await page.getByRole('button', { name: `Follow ${artist.displayName}` }).click();
  const dialog = page.getByRole('dialog', { name: `Follow ${artist.displayName}` });
  await dialog.getByLabel('Email').fill(email);
  await page.screenshot({ path: `${SHOTS}/follow-dialog-390.png` });
  await dialog.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('dialog', { name: 'Check your e-mail' })).toBeVisible();
  await page.getByRole('button', { name: 'Done' }).click();

  const confirmation = await waitForMail(email, /^Confirm: e-mails from/);
  const confirmLink = linkIn(confirmation.text, '/follow/confirm');
  expect(confirmLink, confirmation.text).toBeTruthy();
  await page.goto(confirmLink!);
  await expect(page.getByRole('heading', { level: 1, name: `You follow ${artist.displayName}` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/follow-confirmed-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/follow-confirmed-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });

  const analytics = await artistPage.request.get('/api/analytics');
  expect((await analytics.json()).followers).toBe(1);

  const release = await uploadTrackByApi(artistPage, media.wav, { trackName: 'New Song', artistName: artist.displayName });
  const news = await waitForMail(email, /^New from/);
  expect(news.subject).toBe(`New from ${artist.displayName}: New Song`);
  expect(news.text).toContain(`/track/${release.id}`);

  const unsubscribeLink = linkIn(news.text, '/follow/unsubscribe');
  expect(unsubscribeLink, news.text).toBeTruthy();
  await page.goto(unsubscribeLink!);
  await page.screenshot({ path: `${SHOTS}/follow-unsubscribe-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/follow-unsubscribe-1280.png` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribed' })).toBeVisible();
  expect((await (await artistPage.request.get('/api/analytics')).json()).followers).toBe(0);

  // The track page offers Follow too; the desktop dialog.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/track/${release.id}`);
  await page.getByRole('button', { name: `Follow ${artist.displayName}` }).click();
  await expect(page.getByRole('dialog', { name: `Follow ${artist.displayName}` })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/follow-dialog-1280.png` });
  await artistPage.goto('/dashboard?section=analytics');
  await expect(artistPage.getByText('By e-mail, confirmed')).toBeVisible();
  await artistPage.setViewportSize({ width: 1280, height: 800 });
  await artistPage.screenshot({ path: `${SHOTS}/analytics-followers-1280.png`, fullPage: true });
  await artistPage.setViewportSize({ width: 390, height: 844 });
  await artistPage.screenshot({ path: `${SHOTS}/analytics-followers-390.png`, fullPage: true });
  await artistPage.close();
});
