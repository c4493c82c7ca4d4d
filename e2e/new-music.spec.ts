import { randomUUID } from 'node:crypto';
import { expect, test } from './support/test';
import { verifiedAccount } from './support/accounts';
import { uploadTrackByApi } from './support/catalog';
import { fanPage } from './support/checkout';
import { testMedia } from './support/media';
import { screenshot } from './support/screenshot';

/**
 * Issue 17, item 3, on a phone (390 x 844): a song uploaded a moment ago is on the landing page's
 * New Releases with no play at all, and once fans play it, it is in Currently Trending without
 * waiting for any job.
 */

const PHONE = { width: 390, height: 844 };

test('a song just uploaded is in New Releases, and once played, in Currently Trending at once', async ({ page, browser }) => {
  const media = await testMedia();
  const artist = await verifiedAccount(page, 'fresh');
  const name = `Fresh ${randomUUID().slice(0, 6)}`;
  const track = await uploadTrackByApi(page, media.mp3, { trackName: name, artistName: artist.displayName });

  const fan = await fanPage(browser, '/', { viewport: PHONE });
  const region = (title: string) => fan.getByRole('region', { name: title });
  const card = region('New Releases').getByRole('link', { name: new RegExp(name) });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('href', `/track/${track.id}`);

  // Fans' counted plays (what the player posts at 5 s): on the list at once, no ranking job. The
  // run's earlier tests leave more than the list's 12 songs with a download (weight 3) or a few
  // plays, so the new song needs more than one fan to outrank them: 25 fans, each its own address.
  for (let n = 1; n <= 25; n++) {
    const played = await fan.request.post(`/api/tracks/${track.id}/stream`, {
      data: { duration: 5.2, completedPercentage: 17, streamType: 'play' },
      headers: { 'X-Forwarded-For': `10.117.0.${n}` },
    });
    expect(await played.json()).toMatchObject({ counted: true });
  }
  // The landing lists may be answered from a process's memory for up to 10 s (decision 028).
  await expect
    .poll(
      async () => {
        await fan.reload();
        return region('Currently Trending Songs').getByRole('link', { name: new RegExp(name) }).count();
      },
      { timeout: 20_000, intervals: [1_000, 2_000, 3_000] },
    )
    .toBe(1);
  await region('New Releases').scrollIntoViewIfNeeded();
  await screenshot(fan, 'sauti-landing-new-music-390x844', { fullPage: true });
  await fan.close();
});
