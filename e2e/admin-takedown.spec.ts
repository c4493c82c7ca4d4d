import fs from 'node:fs';
import { expect, expectFailedRequest, test } from './support/test';
import { verifiedAccount } from './support/accounts';
import { uploadTrackByApi } from './support/catalog';
import { testMedia } from './support/media';
import { enrolledOperator } from './support/operators';

/**
 * Issue 21 item 4, takedowns (decision 058), on a phone (390x844, touch): an operator with a
 * second factor finds a song by pasting its address, takes it down with a reason, a fan then finds
 * the track page gone, the artist sees the reason in My Music, and the operator restores it.
 * (The enrolment itself is walked in admin.spec.ts; here it goes through the API.)
 */

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };
test.use(PHONE);

const SHOTS = '/tmp/shots-takedown';

test('an operator takes a song down from a phone, the fan finds it gone, the artist sees why, and the operator restores it', async ({ page, browser }) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  const media = await testMedia();
  // First, while no other page is open: with the embedded database the grant restarts the server.
  const operator = await enrolledOperator(page);
  const artistContext = await browser.newContext(PHONE);
  const artistPage = await artistContext.newPage();
  const artist = await verifiedAccount(artistPage, 'reported');
  const tag = artist.displayName.split(' ').at(-1)!;
  const name = `Mvua ${tag}`;
  const track = await uploadTrackByApi(artistPage, media.wav, { trackName: name, artistName: artist.displayName });

  const fan = await browser.newContext(PHONE);
  const fanPage = await fan.newPage();
  // Taken down, the song's page and its read answer 404 to the fan.
  expectFailedRequest(fanPage, /^\/(api\/track-detail|track)\/[0-9a-f-]{36}$/, 404);
  await fanPage.goto(`/track/${track.id}`);
  await expect(fanPage.getByRole('heading', { name })).toBeVisible();

  // The console: paste the song's address, take it down; a reason is required.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Console' })).toBeVisible();
  await page.getByRole('tab', { name: 'Takedowns' }).click();
  await expect(page.getByText('Nothing is taken down.')).toBeVisible();
  await page.getByLabel('Find a song, album or artist, or paste its address').fill(new URL(`/track/${track.id}`, fanPage.url()).href);
  await page.getByRole('button', { name: 'Find' }).click();
  const found = page.getByRole('list', { name: 'Found' });
  await expect(found.getByRole('listitem')).toHaveCount(1);
  await found.getByRole('button', { name: `Take down ${name}` }).click();
  await page.getByRole('button', { name: 'Take down song' }).click();
  await expect(page.getByText('Say why: the artist sees the reason.')).toBeVisible();
  await page.getByLabel('Reason (the artist sees it)').fill('Reported by the rights holder: not your recording');
  // Nothing wider than the phone, even with a long address and reason.
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
  await page.screenshot({ path: `${SHOTS}/reason-390.png`, fullPage: true });
  await page.getByRole('button', { name: 'Take down song' }).click();
  const down = page.getByRole('list', { name: 'Taken down' });
  await expect(down.getByRole('listitem')).toHaveCount(1);
  await expect(down).toContainText(name);
  await expect(down).toContainText('“Reported by the rights holder: not your recording”');
  await expect(down).toContainText(operator.email);
  await expect(found.getByRole('listitem')).toContainText('Taken down');
  await page.screenshot({ path: `${SHOTS}/taken-down-390.png`, fullPage: true });

  // A fan: the track page is not found, at once.
  await fanPage.goto(`/track/${track.id}`);
  await expect(fanPage.getByRole('heading', { name: 'Track Not Found' })).toBeVisible();
  await fanPage.screenshot({ path: `${SHOTS}/fan-not-found-390.png`, fullPage: true });

  // The artist: the notice and the song's mark, with the reason; nothing to switch it back on.
  await artistPage.goto('/dashboard');
  const notice = artistPage.getByTestId('takedown-notice');
  await expect(notice).toContainText('Sauti took down some of your music');
  await expect(notice).toContainText(`“${name}”: Reported by the rights holder: not your recording`);
  const row = artistPage.getByRole('listitem', { name });
  await expect(row.getByText('Taken down', { exact: true })).toBeVisible();
  await expect(row.getByTestId('takedown-note')).toHaveText('Taken down by Sauti: Reported by the rights holder: not your recording');
  await artistPage.screenshot({ path: `${SHOTS}/artist-dashboard-390.png`, fullPage: true });

  // Restore: the list empties, the audit log has both, and the fan finds the song again.
  await page.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByText('Nothing is taken down.')).toBeVisible();
  await page.getByRole('tab', { name: 'Audit log' }).click();
  const log = page.getByRole('list', { name: 'Audit log' }).getByRole('listitem');
  await expect(log.nth(0)).toContainText('Restored');
  await expect(log.nth(1)).toContainText('Took down');
  await expect(log.nth(1)).toContainText('Reason: Reported by the rights holder: not your recording');
  await page.screenshot({ path: `${SHOTS}/audit-390.png`, fullPage: true });
  await fanPage.goto(`/track/${track.id}`);
  await expect(fanPage.getByRole('heading', { name })).toBeVisible();
  await artistPage.goto('/dashboard');
  await expect(artistPage.getByRole('listitem', { name })).toBeVisible();
  await expect(artistPage.getByTestId('takedown-notice')).toHaveCount(0);

  await fan.close();
  await artistContext.close();
});
