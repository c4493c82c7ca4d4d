import { expect, test } from './support/test';
import { verifiedAccount } from './support/accounts';

/**
 * Issue 33, item 5. The fixture (support/test.ts) fails any test whose pages log an error; these
 * walks are the pages that did: every public page asked GET /api/user for a visitor who never
 * signed in (a failed request, 401), and React recovered from an error (#520) on /verify-email and
 * on the dashboard's sections.
 */
test('a visitor without a session cookie makes no failing request on the public pages', async ({ page }) => {
  const userChecks: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user') userChecks.push(request.url());
  });
  for (const path of ['/', '/for-artists', '/library', '/redeem', '/auth', '/search?q=a']) {
    await page.goto(path);
    await expect(page.locator('main').first()).toBeVisible();
  }
  expect(userChecks).toEqual([]);
});

test('verifying an e-mail and opening the dashboard sections log no React error', async ({ page }) => {
  // verifiedAccount opens /verify-email?token=… and waits for "Email verified".
  await verifiedAccount(page, 'console');
  for (const path of ['/dashboard', '/dashboard?section=payments', '/dashboard?section=profile']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  // The signed-in artist's pages do ask who is signed in, and are answered.
  const user = await page.request.get('/api/user');
  expect(user.status()).toBe(200);
});
