import AxeBuilder from '@axe-core/playwright';
import sharp from 'sharp';
import { expect, test, type Page, type TestInfo } from './support/test';
import { toSlug } from '../common/src/slug';
import { verifiedAccount } from './support/accounts';
import { toast, uploadTrackByApi } from './support/catalog';
import { testMedia } from './support/media';

/** axe-core's serious and critical findings (WCAG 2.1 A and AA) on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** A photo as a phone gives it: not square, not 400x400 (the server crops it). */
async function photoFile(testInfo: TestInfo): Promise<string> {
  const file = testInfo.outputPath('photo-900x600.png');
  await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 30, g: 120, b: 90 } } })
    .png()
    .toFile(file);
  return file;
}

async function openSection(page: Page, section: 'profile' | 'analytics', heading: string) {
  await page.goto(`/dashboard?section=${section}`);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/** The Share Link box the current width shows (the header's from lg up, the one above the content below). */
function shareLink(page: Page) {
  return page.getByRole('textbox', { name: 'Share Link' }).filter({ visible: true });
}

/** Plays a track as a fan would (another listener), counted by the server as one stream. */
async function playOnce(page: Page, trackId: string) {
  const response = await page.request.post(`/api/tracks/${trackId}/stream`, {
    data: { duration: 6, completedPercentage: 75, streamType: 'play' },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test('an artist renames, uploads a photo and manages social links; the share link and the public profile follow', async ({ page }, testInfo) => {
  const account = await verifiedAccount(page, 'profile');
  const oldSlug = toSlug(account.displayName);
  await openSection(page, 'profile', 'Profile');
  await expect(shareLink(page)).toHaveValue(new RegExp(`/profile/${oldSlug}$`));

  // Edit Profile: the spec's validation text, then a new name.
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
  await dialog.getByLabel('Display name').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog.getByText('Display name is required')).toBeVisible();
  const newName = `${account.displayName} Live`;
  const newSlug = toSlug(newName);
  await dialog.getByLabel('Display name').fill(newName);
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('profile-display-name')).toHaveText(newName);
  // The header's Share Link follows the new slug at once, without a reload.
  await expect(shareLink(page)).toHaveValue(new RegExp(`/profile/${newSlug}$`));

  // The profile photo: a non-square PNG goes through the square cropper, is previewed, then uploaded.
  await page.getByLabel('Profile photo file').setInputFiles(await photoFile(testInfo));
  const crop = page.getByRole('dialog', { name: 'Crop profile photo' });
  await expect(crop.getByText('This photo is 900x600 px.', { exact: false })).toBeVisible();
  await expect(crop.getByRole('group', { name: 'Photo to crop' }).locator('img')).toBeVisible();
  // A 600 px square, at its own size (between the recommended 400 and 800).
  await expect(crop.getByTestId('crop-quality')).toHaveText('Saved as a 600x600 px JPG.');
  expect(await seriousViolations(page)).toEqual([]);
  await crop.getByRole('button', { name: 'Use photo' }).click();
  await expect(crop).toBeHidden();
  await expect(page.getByText('profile-photo.jpg')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of your new profile photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Save photo' }).click();
  await expect(toast(page, 'Profile photo updated')).toBeVisible();
  const photo = page.getByRole('img', { name: `Profile photo of ${newName}` });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', /\/profile-photo\?size=300&v=/);
  expect(await photo.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBe(300);

  // Social links: the spec's validation texts, add two, delete one.
  await page.getByRole('button', { name: 'Add Link' }).click();
  const linkDialog = page.getByRole('dialog', { name: 'Add Social Media Link' });
  await linkDialog.getByLabel('URL').fill('not a link');
  await linkDialog.getByRole('button', { name: 'Add Link' }).click();
  await expect(linkDialog.getByText('Title is required')).toBeVisible();
  await expect(linkDialog.getByText('Please enter a valid URL')).toBeVisible();
  await linkDialog.getByLabel('Title').fill('Instagram');
  await linkDialog.getByLabel('URL').fill('instagram.com/e2e.artist');
  await linkDialog.getByRole('button', { name: 'Add Link' }).click();
  await expect(toast(page, 'Social link added')).toBeVisible();
  await expect(linkDialog).toBeHidden();

  await page.getByRole('button', { name: 'Add Link' }).click();
  await linkDialog.getByLabel('Title').fill('Old website');
  await linkDialog.getByLabel('URL').fill('https://example.com/old');
  await linkDialog.getByRole('button', { name: 'Add Link' }).click();
  await expect(toast(page, 'Social link added')).toBeVisible();

  const links = page.getByRole('list', { name: 'Social links' });
  const instagram = links.getByRole('link', { name: /Instagram/ });
  await expect(instagram).toHaveAttribute('href', 'https://instagram.com/e2e.artist');
  await expect(instagram).toHaveAttribute('target', '_blank');
  await expect(instagram).toHaveAttribute('rel', 'noopener noreferrer');
  await page.getByRole('button', { name: 'Delete Old website' }).click();
  await expect(toast(page, 'Social link deleted')).toBeVisible();
  await expect(links.getByRole('link', { name: /Old website/ })).toHaveCount(0);

  // The public profile shows all of it.
  await page.goto(`/profile/${newSlug}`);
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
  const publicLink = page.getByRole('link', { name: /Instagram/ });
  await expect(publicLink).toHaveAttribute('href', 'https://instagram.com/e2e.artist');
  await expect(publicLink).toHaveAttribute('target', '_blank');
  await expect(page.getByRole('link', { name: /Old website/ })).toHaveCount(0);

  // Back in the dashboard (a fresh load: the server's view of the artist): the new link, and
  // onboarding step 1 (a display name and a photo) done.
  await page.goto('/dashboard');
  await expect(shareLink(page)).toHaveValue(new RegExp(`/profile/${newSlug}$`));
  const checklist = page.getByTestId('onboarding-checklist');
  await expect(checklist.getByRole('listitem').first()).toHaveAttribute('data-done', 'true');

  // A share link printed before the rename still reaches the artist.
  await page.goto(`/profile/${oldSlug}`);
  await expect(page.getByRole('heading', { level: 1, name: newName })).toBeVisible();
});

test("analytics: 'No Analytics Data Yet', then the figures after an upload, a play and a download", async ({ page, browser }) => {
  const media = await testMedia();
  await verifiedAccount(page, 'analytics');
  await openSection(page, 'analytics', 'Analytics');
  await expect(page.getByRole('heading', { name: 'No Analytics Data Yet' })).toBeVisible();

  const track = await uploadTrackByApi(page, media.wav, { trackName: 'Counted Tone' });
  // A fan plays and downloads it (another browser: the artist's own plays are theirs).
  const fan = await browser.newContext();
  const fanPage = await fan.newPage();
  await playOnce(fanPage, track.id);
  const download = await fanPage.request.get(`/api/tracks/${track.id}/download`);
  expect(download.ok()).toBe(true);
  await fan.close();

  await openSection(page, 'analytics', 'Analytics');
  const totals = page.getByRole('list', { name: 'Totals' });
  const card = (label: string) => totals.getByRole('listitem').filter({ hasText: label });
  await expect(card('Total Tracks')).toContainText(/^Total Tracks1(?!\d)/);
  await expect(card('Total Streams')).toContainText(/^Total Streams1(?!\d)/);
  await expect(card('Total Downloads')).toContainText(/^Total Downloads1(?!\d)/);
  await expect(card('Total Revenue')).toContainText('KES 0.00');
  await expect(page.getByTestId('storage-used')).toHaveText(/^\d+\.\d{2} (KB|MB) \/ 1 GB$/);
  await expect(page.getByRole('img', { name: /^Plays per day .*: 1 play in total/ })).toBeVisible();
  const row = page.getByRole('table', { name: /per track/ }).getByRole('row', { name: /Counted Tone/ });
  await expect(row.getByRole('cell')).toHaveText(['1', '1']);
});

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`Profile and Analytics have no serious or critical accessibility violations at ${viewport.width} px`, async ({ page }, testInfo) => {
    const media = await testMedia();
    await page.setViewportSize(viewport);
    await verifiedAccount(page, `a11y${viewport.width}`);
    const added = await page.request.post('/api/social-links', { data: { title: 'YouTube', url: 'https://youtube.com/@e2e' } });
    expect(added.status(), await added.text()).toBe(201);
    const track = await uploadTrackByApi(page, media.wav, { trackName: 'Checked Tone' });
    await playOnce(page, track.id);

    await openSection(page, 'profile', 'Profile');
    await expect(page.getByRole('link', { name: /YouTube/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.screenshot({ path: testInfo.outputPath(`profile-${viewport.width}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('dialog', { name: 'Edit Profile' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Add Link' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Social Media Link' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`add-link-${viewport.width}.png`) });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await openSection(page, 'analytics', 'Analytics');
    await expect(page.getByRole('list', { name: 'Totals' })).toBeVisible();
    await expect(page.getByRole('img', { name: /^Plays per day/ })).toBeVisible();
    await page.getByText('Show as a table').click();
    await page.screenshot({ path: testInfo.outputPath(`analytics-${viewport.width}.png`), fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
  });
}
