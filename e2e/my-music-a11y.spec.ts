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
