import { expect, test } from './support/test';
import { verifiedAccount } from './support/accounts';
import { openMyMusic, songRow, uploadTrackByApi } from './support/catalog';
import { testMedia } from './support/media';

const PHONE = { width: 390, height: 844 };

test.use({ viewport: PHONE });

/** Whether the whole of `box` lies inside the phone's first screen (the page not scrolled). */
const onFirstScreen = (box: { y: number; height: number } | null) => box !== null && box.y >= 0 && box.y + box.height <= PHONE.height;

test('a phone shows the share link, Upload and the first song on the first screen; the checklist folds and stays folded', async ({ page }, testInfo) => {
  const media = await testMedia();
  await verifiedAccount(page, 'first-screen');
  await uploadTrackByApi(page, media.mp3, { trackName: 'First Light' });
  await uploadTrackByApi(page, media.wav, { trackName: 'Second Wind' });
  await openMyMusic(page);
  await expect(songRow(page, 'Second Wind')).toBeVisible();
  await page.evaluate('window.scrollTo(0, 0)');

  const checklist = page.getByTestId('onboarding-checklist');
  // The artist has songs: the checklist starts folded to one line that still says how far along they are.
  await expect(checklist.getByText('1 of 3 done')).toBeVisible();
  const toggle = checklist.getByRole('button', { name: /Complete these 3 steps to go fully live/ });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  const rows = page.getByRole('list', { name: 'Songs' }).getByRole('listitem');
  expect(onFirstScreen(await rows.first().boundingBox()), 'the first song is on the first screen').toBe(true);
  expect(onFirstScreen(await page.getByRole('button', { name: 'Upload Tracks' }).boundingBox())).toBe(true);
  expect(onFirstScreen(await page.getByRole('button', { name: 'Copy Link' }).boundingBox())).toBe(true);
  await page.screenshot({ path: testInfo.outputPath('first-screen-390x844.png') });

  // Unfolded, the steps show; the display name given at sign-up counts as done within step 1.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(checklist.getByText('Display name added')).toBeVisible();
  await expect(checklist.getByRole('button', { name: 'Go to Profile' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('first-screen-checklist-open-390x844.png') });

  // The choice is remembered across a reload.
  await page.reload();
  await expect(page.getByTestId('onboarding-checklist').getByRole('button', { name: /Complete these 3 steps/ })).toHaveAttribute('aria-expanded', 'true');
  await page.getByTestId('onboarding-checklist').getByRole('button', { name: /Complete these 3 steps/ }).click();
  await page.reload();
  await expect(page.getByTestId('onboarding-checklist').getByRole('button', { name: /Complete these 3 steps/ })).toHaveAttribute('aria-expanded', 'false');
});

test('a new artist without songs sees the checklist open', async ({ page }) => {
  await verifiedAccount(page, 'first-screen-new');
  await openMyMusic(page);
  const checklist = page.getByTestId('onboarding-checklist');
  await expect(checklist.getByRole('button', { name: /Complete these 3 steps to go fully live/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(checklist.getByRole('button', { name: 'Upload a track' })).toBeVisible();
});
