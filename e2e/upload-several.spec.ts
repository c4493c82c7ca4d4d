import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './support/test';
import { verifiedAccount } from './support/accounts';
import { openMyMusic, songRow, toast } from './support/catalog';
import { testMedia } from './support/media';

test.use({ viewport: { width: 390, height: 844 } });

test('an artist picks two songs at once and uploads them one after another, each named from its tags or file name', async ({ page }) => {
  const media = await testMedia();
  const account = await verifiedAccount(page, 'several');
  await openMyMusic(page);

  await page.getByRole('button', { name: 'Upload Tracks' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload New Track' });
  await dialog.getByLabel('Audio file', { exact: true }).setInputFiles([media.taggedMp3, media.wav]);
  await expect(dialog.getByTestId('upload-batch')).toHaveText('Song 1 of 2');
  await expect(dialog.getByTestId('upload-queue')).toContainText('tone-8s.wav');
  // The MP3's tags name it, not its file name (recording-0412.mp3).
  await expect(dialog.getByLabel('Track name')).toHaveValue('Usiku Mwema');
  await expect(dialog.getByLabel('Artist name')).toHaveValue('Wanjiru Kamau');
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations.map((violation) => violation.id)).toEqual([]);
  await dialog.getByLabel('Price (KES)').fill('1,000');
  await dialog.getByRole('button', { name: 'Upload Track' }).click();
  await expect(toast(page, 'Upload successful').filter({ hasText: 'Usiku Mwema' })).toBeVisible({ timeout: 30_000 });

  // The second song: the form afresh, named after its file (a WAV without tags), for the artist to check.
  await expect(dialog.getByTestId('upload-batch')).toHaveText('Song 2 of 2');
  await expect(dialog.getByLabel('Track name')).toHaveValue('tone-8s');
  await expect(dialog.getByLabel('Artist name')).toHaveValue(account.displayName);
  await expect(dialog.getByLabel('Price (KES)')).toHaveValue('');
  await dialog.getByLabel('Track name').fill('Jioni');
  await dialog.getByRole('button', { name: 'Upload Track' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  await expect(songRow(page, 'Usiku Mwema').getByTestId('track-price')).toHaveText('KES 1,000.00');
  await expect(songRow(page, 'Jioni').getByTestId('track-price')).toHaveText('Free');
  await expect(page.getByTestId('songs-count')).toHaveText('2');
});
