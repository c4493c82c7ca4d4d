import fs from 'node:fs';
import { expect, test } from './support/test';
import { newAccount, registerByApi } from './support/accounts';

/**
 * The artist side in everyday Kiswahili (issue 20, decision 055): an artist whose language is
 * Kiswahili signs in and works in Kiswahili; one tap on 'English' in the dashboard brings English
 * back, and the choice stays. Screenshots of the dashboard and the upload dialog at 390 and 1280 px
 * go to /tmp/shots-kiswahili-artist for a person to look at.
 */
const SHOTS = '/tmp/shots-kiswahili-artist';

test('an artist signs in and works in Kiswahili, then switches the dashboard to English with one tap, for good', async ({ page, browser, baseURL }) => {
  fs.mkdirSync(SHOTS, { recursive: true });
  const account = newAccount('sw-artist');
  const link = await registerByApi(page.request, account);
  // Verified in another browser: this one still has to sign in.
  const verifier = await browser.newPage();
  await verifier.goto(link);
  await expect(verifier.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await verifier.close();

  await page.context().addCookies([{ name: 'lang', value: 'sw', url: baseURL! }]);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/auth');
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('heading', { name: 'Karibu tena' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Ingia' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Nenosiri', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Ingia' }).click();

  await expect(page).toHaveURL(/\/dashboard/);
  await expect(page.getByRole('heading', { level: 1, name: 'Muziki wangu' })).toBeVisible();
  await expect(page.getByText('Maliza hatua hizi 3 uanze kuuza kikamilifu')).toBeVisible();
  await expect(page.getByText('Hujapakia wimbo wowote bado')).toBeVisible();
  await expect(page).toHaveTitle(/Muziki wangu · Dashibodi/);
  await page.screenshot({ path: `${SHOTS}/dashboard-390.png`, fullPage: true });

  await page.getByRole('button', { name: 'Pakia nyimbo' }).click();
  const upload = page.getByRole('dialog', { name: 'Pakia wimbo mpya' });
  await expect(upload.getByText('Faili ya sauti', { exact: true })).toBeVisible();
  await expect(upload.getByRole('button', { name: 'Chagua faili' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/upload-390.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/upload-1280.png` });
  await upload.getByRole('button', { name: 'Ghairi' }).click();
  await expect(upload).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/dashboard-1280.png`, fullPage: true });

  // The other sections speak Kiswahili too.
  await page.getByRole('navigation', { name: 'Dashibodi' }).getByRole('button', { name: 'Malipo' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Njia ya malipo' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/payments-1280.png`, fullPage: true });

  // One tap, in the dashboard's own header, and the choice stays.
  await page.getByRole('link', { name: 'English', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kiswahili', exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('button', { name: 'My Music' }).click();
  await expect(page.getByText('Complete these 3 steps to go fully live')).toBeVisible();
});
