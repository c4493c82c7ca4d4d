import { expect, expectFailedRequest, test, type Page } from './support/test';
import { CODE_MESSAGES } from '../common/src/codes';
import { formatPrice } from '../common/src/money';
import { finalAmount } from '../common/src/payments';
import type { TestAccount } from './support/accounts';
import fs from 'node:fs';
import { createAlbumByApi, uploadTrackByApi, type UploadedTrack } from './support/catalog';
import { fanEmail, fanPage, purchaseDialog, sellingArtist } from './support/checkout';
import { waitForMail } from './support/mail';
import { screenshot } from './support/screenshot';
import { seed } from './support/seed';

/**
 * Codes (issue 21, decision 050): an artist makes download codes in the dashboard (1280 px); a fan
 * redeems one on /redeem on a phone (390 px) and downloads; a discount code opens the purchase
 * dialog at the discounted price.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

let artist: TestAccount;
let track: UploadedTrack;

test.beforeAll(({ browser }) =>
  seed(browser, async (page, media) => {
    artist = await sellingArtist(page, 'codes');
    track = await uploadTrackByApi(page, media.mp3, { trackName: 'Launch Night', artistName: artist.displayName, price: '200' });
    const albumSong = await uploadTrackByApi(page, media.mp3, { trackName: 'Café Song', artistName: artist.displayName, price: '' });
    await createAlbumByApi(page, { albumName: 'Café Nights', trackIds: [albumSong.id], price: '1500' });
  }),
);

async function fitsThePage(page: Page) {
  const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect(overflow).toBeLessThanOrEqual(0);
}

test('an artist makes download codes, and a fan redeems one on a phone and downloads', async ({ page, browser }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  const signIn = await page.request.post('/api/login', { data: { email: artist.email, password: artist.password } });
  expect(signIn.status(), await signIn.text()).toBe(200);
  await page.goto('/dashboard?section=codes');
  await expect(page.getByRole('heading', { level: 1, name: 'Codes' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Make codes' });
  // The item list says which entry is the album (issue 33), with its price grouped.
  await form.getByLabel('For').selectOption({ label: 'Album: Café Nights (KES 1,500.00)' });
  await screenshot(page, 'codes-form-album-1280');
  await page.setViewportSize(PHONE);
  await screenshot(page, 'codes-form-album-390', { fullPage: true });
  await page.setViewportSize(DESKTOP);
  await form.getByLabel('For').selectOption({ label: `Launch Night (${formatPrice(20_000)})` });
  await form.getByLabel('Kind').selectOption('download');
  await form.getByLabel('How many').fill('5');
  await form.getByRole('button', { name: 'Make codes' }).click();
  const batch = page.getByTestId('code-batch').filter({ hasText: 'Launch Night' });
  await expect(batch.getByTestId('code-batch-counts')).toHaveText('0 used · 5 unused');
  await batch.getByRole('button', { name: 'Show 5 codes' }).click();
  await expect(batch.getByTestId('code-row')).toHaveCount(5);
  const code = (await batch.getByTestId('code-row').first().locator('code').textContent())!;
  expect(code).toMatch(/^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
  const csv = page.waitForEvent('download');
  await batch.getByRole('button', { name: 'Export CSV' }).click();
  expect((await csv).suggestedFilename()).toMatch(/^sauti-codes-launch-night-\d{4}-\d{2}-\d{2}\.csv$/);
  // UTF-8 with its byte order mark, so Excel reads it as such (issue 33); then the headings.
  const bytes = fs.readFileSync((await (await csv).path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(new TextDecoder().decode(bytes).split('\r\n')[0]).toBe('Code,Item,Kind,Percent off,Expires (UTC),Used (UTC),Used by');
  await fitsThePage(page);
  await page.screenshot({ path: testInfo.outputPath('codes-dashboard-1280.png'), fullPage: true });

  // The fan, on a phone: the code typed in lower case with spaces.
  const email = fanEmail();
  const fan = await browser.newContext({ viewport: PHONE });
  try {
    const phone = await fanPage(fan, '/redeem');
    await expect(phone.getByRole('heading', { level: 1, name: 'Redeem a code' })).toBeVisible();
    await phone.getByLabel('Code', { exact: true }).fill(code.toLowerCase().replace(/-/g, ' '));
    await phone.getByLabel('Email').fill(email);
    await fitsThePage(phone);
    await phone.screenshot({ path: testInfo.outputPath('redeem-form-390.png') });
    await phone.getByRole('button', { name: 'Redeem' }).click();
    const granted = phone.getByTestId('redeem-granted');
    await expect(granted).toContainText('Launch Night is yours.');
    await fitsThePage(phone);
    await phone.screenshot({ path: testInfo.outputPath('redeem-granted-390.png') });
    const download = phone.waitForEvent('download');
    await granted.getByRole('link', { name: 'Download Launch Night' }).click();
    expect((await download).suggestedFilename()).toMatch(/Launch Night/);
    await waitForMail(email, /Your Sauti purchase/);

    // The same code again: used (the server refuses it, 409).
    expectFailedRequest(phone, '/api/codes/redeem', 409);
    await granted.getByRole('button', { name: 'Redeem another code' }).click();
    await phone.getByLabel('Code', { exact: true }).fill(code);
    await phone.getByLabel('Email').fill(fanEmail());
    await phone.getByRole('button', { name: 'Redeem' }).click();
    await expect(phone.getByRole('alert')).toHaveText(CODE_MESSAGES.used);
  } finally {
    await fan.close();
  }

  // The artist sees it used.
  await page.reload();
  await expect(page.getByTestId('code-batch').filter({ hasText: 'Launch Night' }).getByTestId('code-batch-counts')).toHaveText('1 used · 4 unused');
});

test('a discount code opens the purchase dialog at the discounted price', async ({ page, browser }, testInfo) => {
  const signIn = await page.request.post('/api/login', { data: { email: artist.email, password: artist.password } });
  expect(signIn.status()).toBe(200);
  const made = await page.request.post('/api/codes', { data: { itemType: 'track', itemId: track.id, kind: 'discount', percentOff: 25, count: 1 } });
  expect(made.status(), await made.text()).toBe(201);
  const code = ((await made.json()) as { codes: { code: string }[] }).codes[0]!.code;
  const fan = await browser.newContext({ viewport: PHONE });
  try {
    const phone = await fanPage(fan, '/redeem');
    await phone.getByLabel('Code', { exact: true }).fill(code);
    await phone.getByLabel('Email').fill(fanEmail());
    await phone.getByRole('button', { name: 'Redeem' }).click();
    const dialog = purchaseDialog(phone, 'Launch Night');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('purchase-discount')).toHaveText(`Code ${code}: 25% off ${formatPrice(20_000)}`);
    await expect(dialog.getByTestId('purchase-price')).toHaveText(formatPrice(15_000));
    await expect(dialog.getByTestId('purchase-total')).toHaveText(formatPrice(finalAmount(15_000)));
    await expect(dialog.getByRole('button', { name: `Pay ${formatPrice(finalAmount(15_000))}` })).toBeVisible();
    await phone.screenshot({ path: testInfo.outputPath('redeem-discount-390.png') });
  } finally {
    await fan.close();
  }
});
