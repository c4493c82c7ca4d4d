import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from './support/test';
import { PAYMENT_MESSAGES } from '../common/src/schemas/payments';
import { verifiedAccount } from './support/accounts';
import { albumRow, openMyMusic, songRow, toast, uploadTrackByApi } from './support/catalog';
import { tabTo } from './support/keyboard';
import { dataDir } from './support/mail';
import { testMedia } from './support/media';

/**
 * An artist with a keyboard only (issue 20, item 4: "every flow works by keyboard alone: upload,
 * crop by keys, album, purchase, payout method"; the fan's purchase is `keyboard.spec.ts`).
 * Every step is Tab, Enter, Space, arrows or typing; the only thing not pressed is the operating
 * system's file chooser, which the browser opens from a key press and Playwright answers.
 */

/** Where the photo sits in the crop area (its CSS top and left, in percent). */
async function photoPlace(area: Locator): Promise<string> {
  return area.locator('img').evaluate((image) => {
    const style = (image as unknown as { style: { top: string; left: string } }).style;
    return `${style.top} ${style.left}`;
  });
}

/** Presses Enter on the focused button and answers the file chooser it opens with `file`. */
async function chooseByEnter(page: Page, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
}

test('an artist uploads a song with a cover cropped by keys, makes an album and adds an M-Pesa number, with the keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  const media = await testMedia();
  // A landscape phone photo, larger than a cover: the cropper opens by itself.
  const photo = path.join(dataDir(), 'e2e-media', 'keys-landscape.jpg');
  await sharp({ create: { width: 3600, height: 3200, channels: 3, background: '#bc4b51' } })
    .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="3600" height="3200"><circle cx="1800" cy="1600" r="900" fill="#f7e9b5"/></svg>') }])
    .jpeg({ quality: 85 })
    .toFile(photo);
  const artist = await verifiedAccount(page, 'keys-artist');
  await uploadTrackByApi(page, media.wav, { trackName: 'Earlier Song', artistName: artist.displayName });
  await openMyMusic(page);

  // Upload: the dialog, the audio file by its button, the fields typed, the genre by letters.
  const uploadButton = page.getByRole('button', { name: 'Upload Tracks' });
  await tabTo(page, uploadButton);
  await page.keyboard.press('Enter');
  const upload = page.getByRole('dialog', { name: 'Upload New Track' });
  await expect(upload).toBeVisible();
  await tabTo(page, upload.getByRole('button', { name: 'Choose files' }));
  await chooseByEnter(page, media.mp3);
  await expect(upload.getByText(path.basename(media.mp3))).toBeVisible();
  await tabTo(page, upload.getByLabel('Track name'));
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Funguo');
  await tabTo(page, upload.getByLabel('Price (KES)'));
  await page.keyboard.type('120');
  const genre = upload.getByLabel('Genre');
  await tabTo(page, genre);
  await page.keyboard.type('Gospel');
  await expect(genre).toHaveValue('gospel');

  // The cover: its button opens the chooser, the photo opens the cropper with the focus in it.
  await tabTo(page, upload.getByRole('button', { name: 'Choose cover photo' }));
  await chooseByEnter(page, photo);
  const crop = page.getByRole('dialog', { name: 'Crop cover photo' });
  const area = crop.getByRole('group', { name: 'Photo to crop' });
  await expect(area.locator('img')).toBeVisible();
  await expect(area).toBeFocused();
  const zoom = crop.getByRole('slider', { name: 'Zoom' });
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect.poll(async () => Number(await zoom.inputValue())).toBeGreaterThan(1);
  const before = await photoPlace(area);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => photoPlace(area)).not.toBe(before);
  await tabTo(page, crop.getByRole('button', { name: 'Use as cover' }));
  await page.keyboard.press('Enter');
  await expect(crop).toBeHidden();
  await expect(upload.getByText(/cover\.jpg ·/)).toBeVisible();
  // Back in the upload dialog, the focus is too (not lost on the page behind it).
  expect(await upload.evaluate((element) => element.contains(element.ownerDocument.activeElement))).toBe(true);

  await tabTo(page, upload.getByRole('button', { name: 'Upload Track' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Upload successful')).toBeVisible({ timeout: 60_000 });
  await expect(upload).toBeHidden();
  const row = songRow(page, 'Funguo');
  await expect(row).toContainText('KES 120.00');
  await expect(row.locator('img')).toHaveAttribute('src', /\/api\/tracks\/[^/]+\/cover\?size=96&v=/);

  // An album: the Albums tab by the arrows, the dialog, a name, two songs ticked by Space.
  const songsTab = page.getByRole('tab', { name: /Songs/ });
  await tabTo(page, songsTab, { back: true });
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /Albums/ })).toHaveAttribute('aria-selected', 'true');
  await tabTo(page, page.getByRole('button', { name: 'Add Album' }));
  await page.keyboard.press('Enter');
  const albumDialog = page.getByRole('dialog', { name: 'Create Album' });
  await expect(albumDialog).toBeVisible();
  await tabTo(page, albumDialog.getByLabel('Album name'));
  await page.keyboard.type('Funguo Zote');
  for (const song of ['Funguo', 'Earlier Song']) {
    const box = albumDialog.getByRole('checkbox', { name: new RegExp(song) });
    await tabTo(page, box);
    await page.keyboard.press('Space');
    await expect(box).toBeChecked();
  }
  await expect(albumDialog.getByTestId('songs-selected')).toHaveText('2 songs selected');
  await tabTo(page, albumDialog.getByRole('button', { name: 'Create Album' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Album created')).toBeVisible({ timeout: 30_000 });
  await expect(albumDialog).toBeHidden();
  await expect(albumRow(page, 'Funguo Zote').getByTestId('album-song-count')).toContainText('2 songs');

  // A payout method: the Payments section from the dashboard's menu, the M-Pesa number typed.
  await tabTo(page, page.getByRole('navigation').getByRole('button', { name: 'Payments' }), { back: true, max: 80 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  const addMpesa = page.getByRole('button', { name: 'Add M-Pesa Number' });
  await tabTo(page, addMpesa);
  await page.keyboard.press('Enter');
  const mpesa = page.getByRole('dialog', { name: 'Add M-Pesa Number' });
  await expect(mpesa.getByLabel('M-Pesa mobile number')).toBeFocused();
  await page.keyboard.type('0712 345 678');
  await tabTo(page, mpesa.getByRole('button', { name: 'Add M-Pesa Number' }));
  await page.keyboard.press('Enter');
  await expect(toast(page, PAYMENT_MESSAGES.mpesaAdded)).toBeVisible();
  await expect(mpesa).toBeHidden();
  await expect(page.getByRole('listitem', { name: 'M-Pesa number +254712345678' })).toBeVisible();
  // The dialog gave the focus back to the page, not to nowhere.
  expect(await page.evaluate('document.activeElement !== document.body')).toBe(true);
});
