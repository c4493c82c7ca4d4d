import { expect, test, type Locator, type Page } from './support/test';
import { verifiedAccount } from './support/accounts';
import { albumRow, createAlbumByApi, openMyMusic, songRow, toast, uploadTrackByApi } from './support/catalog';
import { fanEmail, fanPage, payWithTestCard, sellingArtist, startPurchase } from './support/checkout';
import { testMedia } from './support/media';
import { screenshot } from './support/screenshot';

async function addNewTrack(page: Page, albumDialog: Locator, file: string, trackName: string, { genre, shot }: { genre?: string; shot?: string } = {}) {
  await albumDialog.getByRole('button', { name: 'Upload Tracks' }).click();
  const add = page.getByRole('dialog', { name: 'Add Track to Album' });
  await add.getByLabel('Audio file', { exact: true }).setInputFiles(file);
  await add.getByLabel('Track name').fill(trackName);
  if (genre) await add.getByLabel('Genre').selectOption({ label: genre });
  if (shot) await screenshot(page, shot);
  await add.getByRole('button', { name: 'Add Track' }).click();
  await expect(add).toBeHidden();
  const item = albumDialog.getByRole('list', { name: 'New tracks' }).getByRole('listitem').filter({ hasText: trackName });
  await expect(item).toContainText('New track');
  if (genre) await expect(item).toContainText(genre);
}

async function albumSongs(page: Page, albumName: string): Promise<string[]> {
  const row = albumRow(page, albumName);
  const toggle = row.getByRole('button', { name: new RegExp(albumName) }).first();
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  const list = row.getByRole('list', { name: `Songs of ${albumName}` });
  await expect(list).toBeVisible();
  return list.getByRole('listitem').locator('span.block.truncate.text-sm').allTextContents();
}

test('create an album from an existing song and a new one, edit it, and delete it', async ({ page }) => {
  const media = await testMedia();
  await verifiedAccount(page, 'albums');
  await uploadTrackByApi(page, media.wav, { trackName: 'Old Favourite' });
  await uploadTrackByApi(page, media.wav, { trackName: 'Bonus Cut' });
  await openMyMusic(page);
  await page.getByRole('tab', { name: /Albums/ }).click();
  await expect(page.getByText('No albums created yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add Album' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Album' });
  const create = dialog.getByRole('button', { name: 'Create Album' });
  await expect(create).toBeDisabled();
  await expect(dialog.getByTestId('songs-selected')).toHaveText('0 songs selected');
  await dialog.getByLabel('Album name').fill('Coast Sessions');
  await dialog.getByLabel('Price (KES)').fill('499.99');
  await dialog.getByRole('checkbox', { name: /Old Favourite/ }).check();
  await expect(create).toBeEnabled();
  // Album tracks accept more formats than single tracks: an .m4a goes in, with a genre of its own (issue 33).
  await addNewTrack(page, dialog, media.m4a, 'Sea Breeze', { genre: 'Taarab' });
  await expect(dialog.getByTestId('songs-selected')).toHaveText('2 songs selected');
  await create.click();
  await expect(toast(page, 'Album created')).toBeVisible({ timeout: 30_000 });
  await expect(dialog).toBeHidden();

  const row = albumRow(page, 'Coast Sessions');
  await expect(row.getByTestId('album-song-count')).toContainText('2 songs');
  await expect(row).toContainText('KES 499.99');
  expect(await albumSongs(page, 'Coast Sessions')).toEqual(['Old Favourite', 'Sea Breeze']);
  await expect(page.getByTestId('albums-count')).toHaveText('1');
  await expect(page.getByTestId('songs-count')).toHaveText('3');

  // Edit: drop the old song, add an existing one and a new WAV.
  await row.getByRole('button', { name: 'Edit Coast Sessions' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Album' });
  await expect(edit.getByRole('checkbox', { name: /Old Favourite/ })).toBeChecked();
  await expect(edit.getByRole('checkbox', { name: /Sea Breeze/ })).toBeChecked();
  await edit.getByRole('checkbox', { name: /Old Favourite/ }).uncheck();
  await edit.getByRole('checkbox', { name: /Bonus Cut/ }).check();
  await addNewTrack(page, edit, media.wav, 'Low Tide');
  await expect(edit.getByTestId('songs-selected')).toHaveText('3 songs selected');
  await edit.getByLabel('Album name').fill('Coast Sessions Deluxe');
  await edit.getByRole('button', { name: 'Update Album' }).click();
  await expect(toast(page, 'Album updated')).toBeVisible({ timeout: 30_000 });
  await page.reload();
  await page.getByRole('tab', { name: /Albums/ }).click();
  expect(new Set(await albumSongs(page, 'Coast Sessions Deluxe'))).toEqual(new Set(['Sea Breeze', 'Bonus Cut', 'Low Tide']));

  // Delete: the album goes, its songs stay as singles.
  await albumRow(page, 'Coast Sessions Deluxe').getByRole('button', { name: 'Delete Coast Sessions Deluxe' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete album?' });
  await expect(confirm).toContainText('3 songs stay in your Songs list as singles');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Album deleted')).toBeVisible();
  await expect(page.getByText('No albums created yet')).toBeVisible();
  await page.getByRole('tab', { name: /Songs/ }).click();
  for (const name of ['Old Favourite', 'Bonus Cut', 'Sea Breeze', 'Low Tide']) await expect(songRow(page, name)).toBeVisible();
  await songRow(page, 'Sea Breeze').getByRole('button', { name: 'Edit Sea Breeze' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Track' }).getByLabel('Genre')).toHaveValue('taarab');
});

test("the Add Track to Album dialog fits a phone with the song's genre, tags and cover, and the cover goes up with the album (issue 33)", async ({ page }) => {
  const media = await testMedia();
  await verifiedAccount(page, 'album-song-phone');
  await page.setViewportSize({ width: 390, height: 844 });
  await openMyMusic(page);
  await page.getByRole('tab', { name: /Albums/ }).click();
  await page.getByRole('button', { name: 'Add Album' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Album' });
  await dialog.getByRole('button', { name: 'Upload Tracks' }).click();
  const add = page.getByRole('dialog', { name: 'Add Track to Album' });
  await add.getByLabel('Audio file', { exact: true }).setInputFiles(media.mp3);
  await add.getByLabel('Genre').selectOption({ label: 'Benga' });
  await add.getByLabel('Tags').fill('pwani, usiku');
  await add.getByLabel('Cover photo').setInputFiles(media.cover);
  await expect(add.getByRole('img', { name: 'Cover preview' })).toBeVisible();
  // Nothing wider than the phone; the dialog scrolls to its last field and its buttons.
  const overflow = await add.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await add.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await add.getByRole('button', { name: 'Add Track' }).scrollIntoViewIfNeeded();
  await expect(add.getByRole('button', { name: 'Add Track' })).toBeInViewport();
  await screenshot(page, 'album-add-song-390');
  await add.getByRole('button', { name: 'Add Track' }).click();
  await expect(add).toBeHidden();
  const item = dialog.getByRole('list', { name: 'New tracks' }).getByRole('listitem');
  await expect(item).toContainText('Benga');
  await expect(item.getByTestId('new-track-cover')).toBeVisible();
  await screenshot(page, 'album-new-song-list-390');
  // The song's cover goes up with the album.
  await dialog.getByLabel('Album name').fill('Pwani Nights');
  await dialog.getByRole('button', { name: 'Create Album' }).click();
  await expect(toast(page, 'Album created')).toBeVisible({ timeout: 30_000 });
});

test("a sold album's Delete gives the reason at once, with no 'Delete album?' first (issue 33)", async ({ page, browser }) => {
  const media = await testMedia();
  await sellingArtist(page, 'sold-album');
  const song = await uploadTrackByApi(page, media.mp3, { trackName: 'Kesho Tena' });
  const album = await createAlbumByApi(page, { albumName: 'Sold Out', trackIds: [song.id], price: '300' });

  // A fan buys the album.
  const fan = await fanPage(browser, `/album/${album.id}`);
  await startPurchase(fan, fan.getByRole('main'), 'Sold Out', 30_000, fanEmail());
  await payWithTestCard(fan);
  await expect(fan.getByTestId('purchased')).toBeVisible();
  await fan.close();

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 });
    await openMyMusic(page);
    await page.getByRole('tab', { name: /Albums/ }).click();
    await albumRow(page, 'Sold Out').getByRole('button', { name: 'Delete Sold Out' }).click();
    const refusal = toast(page, 'Cannot delete album');
    await expect(refusal).toContainText('This album has been sold and cannot be deleted to preserve purchase records.');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await screenshot(page, `sold-album-delete-${width}`);
    await expect(albumRow(page, 'Sold Out')).toBeVisible();
  }
});
