import fs from 'node:fs';
import { expect, expectFailedRequest, test } from './support/test';
import { verifiedAccount } from './support/accounts';
import { uploadTrackByApi } from './support/catalog';
import { testMedia } from './support/media';
import { grantOperator, appCode } from './support/operators';

/**
 * Issue 21, items 3 and 4, on a phone (390x844, touch): an account the command line made an
 * operator opens /admin, sets up an authenticator app from the key shown once (the test computes
 * the codes an app would, RFC 6238), keeps its recovery codes, and manages the editor's picks; the
 * audit log names each change; the landing page shows the pick. Another device of the same
 * operator has to confirm a code of its own, and a code already used is refused.
 */

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const SHOTS = '/tmp/shots-admin';

test('an operator granted by the command line enrols a second factor and manages the editor’s picks from a phone', async ({ page, browser }) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const media = await testMedia();
  const artistPage = await browser.newPage();
  const artist = await verifiedAccount(artistPage, 'picked');
  const tag = artist.displayName.split(' ').at(-1)!;
  const first = await uploadTrackByApi(artistPage, media.wav, { trackName: `Nyota ${tag}`, artistName: artist.displayName });
  await uploadTrackByApi(artistPage, media.wav, { trackName: `Kesho ${tag}`, artistName: artist.displayName });

  // Refusals this test provokes: the console asked by a non-operator (403), a wrong code at enrolment (400).
  expectFailedRequest(page, '/api/admin/me', 403);
  expectFailedRequest(page, '/api/admin/enrolment/confirm', 400);
  // Not an operator yet: the page and the API say no, with no data.
  const operator = await verifiedAccount(page, 'operator');
  await page.goto('/admin');
  await expect(page.getByText('This is for Sauti’s operators only.')).toBeVisible();
  const refused = await page.request.get('/api/admin/picks');
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toEqual({ code: 'admin.forbidden', message: 'This is for Sauti’s operators only.' });

  expect(await grantOperator(operator.email)).toContain('is an operator');

  // Enrolment: the QR code and the key, once; a code from the key; ten recovery codes, once.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible();
  await page.getByRole('button', { name: 'Set up' }).click();
  await expect(page.getByRole('img', { name: 'QR code of your authenticator secret' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.screenshot({ path: `${SHOTS}/enrol-390.png`, fullPage: true });
  await page.getByLabel('Code from the app').fill('000000' === appCode(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not right.');
  const enrolCode = appCode(secret);
  await page.getByLabel('Code from the app').fill(enrolCode);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.screenshot({ path: `${SHOTS}/recovery-codes-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'I have saved them' }).click();

  // The console: find songs, add two, move the second up, remove the first.
  await expect(page.getByRole('heading', { name: 'Console' })).toBeVisible();
  await expect(page.getByText('No editor’s picks yet')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search songs by name or artist' }).or(page.getByLabel('Search songs by name or artist')).fill(tag);
  await page.getByRole('button', { name: 'Search' }).click();
  const found = page.getByRole('list', { name: 'Songs found' });
  await expect(found.getByRole('listitem')).toHaveCount(2);
  await page.getByLabel('Reason (kept in the audit log)').fill('Launch week');
  await found.getByRole('button', { name: `Add Nyota ${tag}` }).click();
  const picks = page.getByRole('list', { name: 'Editor’s picks' });
  await expect(picks.getByRole('listitem')).toHaveCount(1);
  await expect(found.getByRole('listitem').filter({ hasText: `Nyota ${tag}` })).toContainText('A pick');
  await found.getByRole('button', { name: `Add Kesho ${tag}` }).click();
  await expect(picks.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: `Move Kesho ${tag} up` }).click();
  await expect(picks.getByRole('listitem').first()).toContainText(`Kesho ${tag}`);
  await page.screenshot({ path: `${SHOTS}/picks-390.png`, fullPage: true });
  await page.getByLabel('Reason (kept in the audit log)').fill('Reported');
  await page.getByRole('button', { name: `Remove Nyota ${tag}` }).click();
  await expect(picks.getByRole('listitem')).toHaveCount(1);
  await expect(picks).toContainText(`Kesho ${tag}`);

  // The audit log, newest first: each change with who, what and why.
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const log = page.getByRole('list', { name: 'Audit log' }).getByRole('listitem');
  await expect(log.nth(0)).toContainText('Removed an editor’s pick');
  await expect(log.nth(0)).toContainText('Reason: Reported');
  await expect(log.nth(0)).toContainText(first.id);
  await expect(log.nth(0)).toContainText(operator.email);
  await expect(log.nth(1)).toContainText('Moved an editor’s pick');
  await expect(log.nth(2)).toContainText('Added an editor’s pick');
  await expect(log.nth(2)).toContainText('Reason: Launch week');
  // Other tests of the suite make operators too: this one's grant names its e-mail.
  await expect(log.filter({ hasText: 'Made an operator' }).filter({ hasText: operator.email })).toContainText('command line');
  await page.screenshot({ path: `${SHOTS}/audit-390.png`, fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('tab', { name: 'Editor’s picks' }).click();
  await page.screenshot({ path: `${SHOTS}/picks-1280.png`, fullPage: true });

  // The landing page's Editor's Pick shows it (its list is kept up to 10 s).
  await expect(async () => {
    await artistPage.goto('/');
    await expect(artistPage.getByText(`Kesho ${tag}`).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });

  // Another device of the operator: signed in, it must confirm a code of its own; the code
  // already used is refused, the next one is taken.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const other = await phone.newPage();
  // The enrolment's used code is refused at the second-factor check (400).
  expectFailedRequest(other, '/api/admin/verify', 400);
  expect((await other.request.post('/api/login', { data: { email: operator.email, password: operator.password } })).status()).toBe(200);
  await other.goto('/admin');
  await expect(other.getByRole('heading', { name: 'Confirm it is you' })).toBeVisible();
  expect((await other.request.get('/api/admin/audit')).status()).toBe(403);
  await other.getByLabel('Code from the app').fill(enrolCode);
  await other.getByRole('button', { name: 'Confirm' }).click();
  await expect(other.getByRole('alert')).toContainText('That code is not right.');
  await other.screenshot({ path: `${SHOTS}/verify-390.png`, fullPage: true });
  await other.getByLabel('Code from the app').fill(appCode(secret, Date.now() + 30_000));
  await other.getByRole('button', { name: 'Confirm' }).click();
  await expect(other.getByRole('heading', { name: 'Console' })).toBeVisible();
  await expect(other.getByRole('list', { name: 'Editor’s picks' })).toContainText(`Kesho ${tag}`);
  await phone.close();
});
