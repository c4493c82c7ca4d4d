import { expect, expectFailedRequest, test, type Page } from './support/test';
import { RESERVED_ROUTE_WORDS } from '../common/src/slug';
import { verifiedAccount } from './support/accounts';

const notFound = (page: Page) =>
  expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();

test('a signed-out visitor of /dashboard is sent to /auth', async ({ page }) => {
  await page.goto('/dashboard');
  await page.waitForURL('**/auth');
  await expect(page.getByRole('tab', { name: 'Sign In', selected: true })).toBeVisible();
});

test('a signed-in visitor of /auth is sent to /dashboard', async ({ page }) => {
  await verifiedAccount(page, 'guard');
  await page.goto('/auth');
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
});

test('unknown addresses answer 404 with the 404 page, painted by the server (issue 17)', async ({ page }) => {
  for (const path of ['/no/such/page', '/a/b/c', '/track', '/auth/extra', '/dashboard/x', '/dashboard/settings', '/search/x', '/track/1/extra']) {
    // Answered with status 404 on purpose, which the browser logs.
    expectFailedRequest(page, path, 404);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    expect(await response?.text()).toContain('404 Page Not Found');
    await notFound(page);
  }
  for (const path of ['/', '/auth', '/search?q=nyo', '/library', '/for-artists']) {
    expect((await page.request.get(path)).status(), path).toBe(200);
  }
  expect((await page.request.get('/api/no-such-endpoint')).status()).toBe(404);
});

test('reserved words are never profiles: /{word} is its own page or the 404 page', async ({ page }) => {
  const ownPages: Record<string, RegExp> = {
    auth: /\/auth$/,
    dashboard: /\/auth$/,
    'verify-email': /\/verify-email$/,
    'reset-password': /\/reset-password$/,
    'terms-and-conditions': /\/terms-and-conditions$/,
    'for-artists': /\/for-artists$/,
    // Issue 17: a fan's pages.
    search: /\/search$/,
    library: /\/library$/,
    // Issue 21: a fan redeems a code; the console asks a signed-out visitor to sign in first.
    redeem: /\/redeem$/,
    admin: /\/auth$/,
  };
  for (const word of RESERVED_ROUTE_WORDS) {
    // A word that is no page of its own is the 404 page, answered with status 404 (logged by the browser).
    if (!ownPages[word]) expectFailedRequest(page, `/${word}`, 404);
    await page.goto(`/${word}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Profile Not Found')).toHaveCount(0);
    if (ownPages[word]) await expect(page).toHaveURL(ownPages[word]);
    else await notFound(page);
  }
  for (const path of ['/PROFILE', '/Track', '/album/']) {
    expectFailedRequest(page, path.replace(/(.)\/$/, '$1'), 404);
    await page.goto(path);
    await notFound(page);
  }
});

test('profile, track and album addresses that name nothing show their not-found cards', async ({ page }) => {
  // Names and slugs of no one; ids malformed and ids well formed that name nothing.
  const cards: [path: string, heading: string][] = [
    ['/some-artist', 'Profile Not Found'],
    ['/Nobody%20By%20This%20Name%20E2E', 'Profile Not Found'],
    ['/profile/some-artist', 'Profile Not Found'],
    ['/profile/nobody-by-this-name-e2e', 'Profile Not Found'],
    ['/track/123', 'Track Not Found'],
    ['/track/00000000-0000-4000-8000-000000000000', 'Track Not Found'],
    ['/album/123', 'Album Not Found'],
    ['/album/00000000-0000-4000-8000-000000000000', 'Album Not Found'],
  ];
  // Each answers 404, and so does the page's own read of what it names.
  expectFailedRequest(page, /^\/api\/(profile|track-detail|album-detail)\/[^/]+$/, 404);
  for (const [path, heading] of cards) {
    expectFailedRequest(page, path, 404);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
  }
});

test('the 404 page leads home', async ({ page }) => {
  expectFailedRequest(page, '/nowhere/at/all', 404);
  await page.goto('/nowhere/at/all');
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Currently Trending Songs' })).toBeVisible();
});
