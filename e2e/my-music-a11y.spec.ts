import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test';
import { verifiedAccount } from './support/accounts';
import { openMyMusic, uploadTrackByApi } from './support/catalog';
import { testMedia } from './support/media';

async function violations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('My Music, its dialogs and the player have no accessibility violations', async ({ page }) => {
  const media = await testMedia();
  await verifiedAccount(page, 'a11y');
  await uploadTrackByApi(page, media.wav, { trackName: 'Checked Tone', price: '20', allowFullPlayback: false });
  await openMyMusic(page);
  await page.getByRole('button', { name: 'Play Checked Tone' }).click();
  await expect(page.getByRole('region', { name: 'Audio player' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Upload Tracks' }).click();
  await expect(page.getByRole('dialog', { name: 'Upload New Track' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Edit Checked Tone' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Track' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: /Albums/ }).click();
  await page.getByRole('button', { name: 'Add Album' }).click();
  const album = page.getByRole('dialog', { name: 'Create Album' });
  await album.getByRole('button', { name: 'Upload Tracks' }).click();
  await expect(page.getByRole('dialog', { name: 'Add Track to Album' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a price typed the Kenyan way is read, and a free song in a priced album is said before it is added', async ({ page }) => {
    const media = await testMedia();
    await verifiedAccount(page, 'kenyan-price');
    await openMyMusic(page);

    await page.getByRole('button', { name: 'Upload Tracks' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload New Track' });
    await upload.getByLabel('Audio file', { exact: true }).setInputFiles(media.mp3);
    await upload.getByLabel('Track name').fill('Bei Ya Soko');
    // Ambiguous: cents or a typo? Said, not guessed.
    await upload.getByLabel('Price (KES)').fill('12,50');
    await upload.getByRole('button', { name: 'Upload Track' }).click();
    await expect(upload.getByText('Use a point for cents (12.50); a comma only separates thousands (1,500)')).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await upload.getByLabel('Price (KES)').fill('KSh 1,500/-');
    await upload.getByRole('button', { name: 'Upload Track' }).click();
    await expect(upload).toBeHidden({ timeout: 30_000 });
    await expect(page.getByRole('listitem', { name: 'Bei Ya Soko' }).getByTestId('track-price')).toHaveText('KES 1,500.00');

    await page.getByRole('tab', { name: /Albums/ }).click();
    await page.getByRole('button', { name: 'Add Album' }).click();
    const album = page.getByRole('dialog', { name: 'Create Album' });
    await album.getByLabel('Price (KES)').fill('KES 500');
    await album.getByRole('button', { name: 'Upload Tracks' }).click();
    const add = page.getByRole('dialog', { name: 'Add Track to Album' });
    await add.getByLabel('Audio file', { exact: true }).setInputFiles(media.mp3);
    await expect(add.getByRole('status')).toContainText('Left empty, this song is free: fans can download it without buying the album (KES 500.00).');
    expect(await violations(page)).toEqual([]);
  });
});
