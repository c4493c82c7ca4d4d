import { expect, expectFailedRequest, test } from './support/test';
import { verifiedAccount } from './support/accounts';
import { openMyMusic, songRow, throttleUploads, toast, uploadTrackByApi } from './support/catalog';
import { displayedSize, testMedia } from './support/media';

test('upload an MP3 and a WAV with a progress bar, and see duration, size and price', async ({ page }) => {
  const media = await testMedia();
  const account = await verifiedAccount(page, 'upload');
  await openMyMusic(page);
  await expect(page.getByText('No tracks uploaded yet')).toBeVisible();
  const checklist = page.getByTestId('onboarding-checklist');
  await expect(checklist.getByRole('heading', { name: 'Complete these 3 steps to go fully live' })).toBeVisible();
  await expect(checklist.getByText('0 of 3 done')).toBeVisible();

  await page.getByRole('button', { name: 'Upload Tracks' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload New Track' });
  // The drop rules refuse what is not MP3 or WAV before anything is sent.
  await dialog.getByLabel('Audio file', { exact: true }).setInputFiles(media.text);
  await expect(dialog.getByText('“notes.txt” is not an audio file we take; choose MP3 or WAV')).toBeVisible();
  // A cover of the wrong size is refused in the browser.
  await dialog.getByLabel('Cover photo', { exact: true }).setInputFiles(media.smallCover);
  await expect(dialog.getByText('Cover photo must be exactly 3000x3000px and in PNG or JPG format')).toBeVisible();

  await dialog.getByLabel('Audio file', { exact: true }).setInputFiles(media.mp3);
  await dialog.getByLabel('Cover photo', { exact: true }).setInputFiles(media.cover);
  await expect(dialog.getByText('Cover photo must be exactly 3000x3000px and in PNG or JPG format')).toBeHidden();
  await dialog.getByLabel('Track name').fill('Morning Tone');
  await expect(dialog.getByLabel('Artist name')).toHaveValue(account.displayName);
  await dialog.getByLabel('Price (KES)').fill('150');

  // About 300 KB up at 100 KB/s: the bar has time to be seen part way.
  const cdp = await throttleUploads(page, 100 * 1024);
  await dialog.getByRole('button', { name: 'Upload Track' }).click();
  const bar = dialog.getByRole('progressbar', { name: 'Upload progress' });
  await expect(bar).toHaveAttribute('aria-valuenow', /^([1-9]|[1-9]\d)$/);
  await expect(dialog.getByTestId('upload-progress')).toContainText(/\d+%/);
  await expect(toast(page, 'Upload successful')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();
  await cdp.detach();

  const mp3 = songRow(page, 'Morning Tone');
  await expect(mp3.getByTestId('track-duration')).toHaveText('0:40');
  await expect(mp3.getByTestId('track-size')).toHaveText(displayedSize(media.mp3));
  await expect(mp3.getByTestId('track-price')).toHaveText('KES 150.00');
  await expect(mp3.locator('img')).toHaveAttribute('src', /\/api\/tracks\/[^/]+\/cover\?size=96&v=/);

  await page.getByRole('button', { name: 'Upload Tracks' }).click();
  await dialog.getByLabel('Audio file', { exact: true }).setInputFiles(media.wav);
  // The track name is guessed from the file name.
  await expect(dialog.getByLabel('Track name')).toHaveValue('tone-8s');
  await dialog.getByRole('button', { name: 'Upload Track' }).click();
  await expect(toast(page, 'Upload successful')).toBeVisible({ timeout: 30_000 });
  const wav = songRow(page, 'tone-8s');
  await expect(wav.getByTestId('track-duration')).toHaveText('0:08');
  await expect(wav.getByTestId('track-size')).toHaveText(displayedSize(media.wav));
  await expect(wav.getByTestId('track-price')).toHaveText('Free');
  await expect(page.getByTestId('songs-count')).toHaveText('2');

  // Still there after a reload, and the checklist has its track step done.
  await page.reload();
  await expect(songRow(page, 'Morning Tone')).toBeVisible();
  await expect(songRow(page, 'tone-8s')).toBeVisible();
  await expect(checklist.getByText('1 of 3 done')).toBeVisible();
});

test('the server has the last word on a file: a refused upload says why', async ({ page }) => {
  const media = await testMedia();
  await verifiedAccount(page, 'refused');
  await openMyMusic(page);
  await page.getByRole('button', { name: 'Upload Tracks' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload New Track' });
  // An AAC file renamed .mp3 passes the browser's name check; the server decodes it and refuses.
  await dialog.getByLabel('Audio file', { exact: true }).setInputFiles({
    name: 'disguised.mp3',
    mimeType: 'audio/mpeg',
    buffer: (await import('node:fs')).readFileSync(media.m4a),
  });
  expectFailedRequest(page, '/api/tracks', 415);
  await dialog.getByRole('button', { name: 'Upload Track' }).click();
  const refused = toast(page, 'Upload failed');
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused).toContainText('Audio file must be MP3 or WAV format');
  await expect(dialog).toBeVisible();
});

test('edit a track optimistically, and roll the change back when the server fails', async ({ page }) => {
  const media = await testMedia();
  await verifiedAccount(page, 'edit');
  await uploadTrackByApi(page, media.wav, { trackName: 'First Draft', price: '50' });
  await openMyMusic(page);

  await page.getByRole('button', { name: 'Edit First Draft' }).click();
  let dialog = page.getByRole('dialog', { name: 'Edit Track' });
  await expect(dialog.getByLabel('Price (KES)')).toHaveValue('50.00');
  await dialog.getByLabel('Track name').fill('Final Cut');
  await dialog.getByLabel('Price (KES)').fill('75.5');
  await dialog.getByRole('switch', { name: 'Allow full playback' }).click();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Track updated')).toBeVisible();
  let row = songRow(page, 'Final Cut');
  await expect(row.getByTestId('track-price')).toHaveText('KES 75.50');
  await expect(row.getByText('25-second preview')).toBeVisible();
  await page.reload();
  await expect(songRow(page, 'Final Cut').getByTestId('track-price')).toHaveText('KES 75.50');

  // The server fails the next edit: the change shows at once, then goes back.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  expectFailedRequest(page, /^\/api\/tracks\/[0-9a-f-]{36}$/, 500);
  await page.route('**/api/tracks/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.fallback();
    await held;
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'The catalogue is busy. Please try again.' }) });
  });
  await page.getByRole('button', { name: 'Edit Final Cut' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Track' });
  await dialog.getByLabel('Track name').fill('Doomed Name');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  row = songRow(page, 'Doomed Name');
  await expect(row).toBeVisible();
  await expect(row.getByText('Saving…')).toBeVisible();
  release();
  const failed = toast(page, 'Track not updated');
  await expect(failed).toBeVisible();
  await expect(failed).toContainText('The catalogue is busy. Please try again.');
  await expect(songRow(page, 'Final Cut')).toBeVisible();
  await expect(songRow(page, 'Doomed Name')).toHaveCount(0);
  await page.unroute('**/api/tracks/*');
  await page.reload();
  await expect(songRow(page, 'Final Cut')).toBeVisible();
});

test('delete a track after confirming; a sold track is refused', async ({ page }) => {
  const media = await testMedia();
  await verifiedAccount(page, 'delete');
  const sold = await uploadTrackByApi(page, media.wav, { trackName: 'Best Seller', price: '100' });
  await uploadTrackByApi(page, media.wav, { trackName: 'Outtake' });
  await openMyMusic(page);

  // Payments arrive with a later issue: stand in for a purchase of this track.
  await page.route(`**/api/purchases/track/${sold.id}`, (route) =>
    route.fulfill({ json: [{ id: 'purchase-1', name: 'Best Seller', price: 10_000, type: 'track' }] }),
  );
  const deletes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'DELETE') deletes.push(request.url());
  });
  await page.getByRole('button', { name: 'Delete Best Seller' }).click();
  const refusal = toast(page, 'Cannot delete track');
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('This track has been sold and cannot be deleted to preserve purchase records.');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  expect(deletes).toEqual([]);

  await page.getByRole('button', { name: 'Delete Outtake' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete track?' });
  await expect(confirm).toContainText('“Outtake”');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(songRow(page, 'Outtake')).toBeVisible();
  await page.getByRole('button', { name: 'Delete Outtake' }).click();
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Track deleted')).toBeVisible();
  await expect(songRow(page, 'Outtake')).toHaveCount(0);
  await expect(page.getByTestId('songs-count')).toHaveText('1');
  await page.reload();
  await expect(songRow(page, 'Best Seller')).toBeVisible();
  await expect(songRow(page, 'Outtake')).toHaveCount(0);
});
