import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from './support/test';
import { createAlbumByApi, uploadTrackByApi, type CreatedAlbum, type UploadedTrack } from './support/catalog';
import { sellingArtist } from './support/checkout';
import { seed } from './support/seed';

/**
 * Embeds (issue 17, item 7, decision 042), on a phone: a blog on another site frames a song's
 * player, and a reader presses play in it.
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

let track: UploadedTrack;
let album: CreatedAlbum;

/**
 * Another site: a server of the test's own on another port (another origin). Not a made-up public
 * host: Chromium's local network access checks stop a public page framing localhost at all.
 */
let blog: http.Server;
let blogOrigin: string;
let blogPage = '';
test.beforeAll(async () => {
  blog = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(blogPage));
  await new Promise<void>((resolve) => blog.listen(0, '127.0.0.1', resolve));
  blogOrigin = `http://127.0.0.1:${(blog.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((resolve) => blog.close(() => resolve())));

test.beforeAll(({ browser }) =>
  seed(browser, async (page, media) => {
    await sellingArtist(page, 'embeds');
    track = await uploadTrackByApi(page, media.mp3, {
      trackName: 'Mvua ya Jioni',
      artistName: 'Achieng Otieno',
      price: '50',
      allowFullPlayback: false,
      cover: media.cover,
    });
    const second = await uploadTrackByApi(page, media.mp3, { trackName: 'Asubuhi', artistName: 'Achieng Otieno' });
    album = await createAlbumByApi(page, { albumName: 'Siku Moja', trackIds: [track.id, second.id], price: '200' });
  }),
);

/** Serves `html` as the blog's page and opens it. */
async function openBlog(page: Page, html: string) {
  blogPage = html;
  await page.goto(`${blogOrigin}/post`);
}

test('a blog on another site frames the player; a reader plays the preview and finds Buy', async ({ page, baseURL }, testInfo) => {
  // The code a blogger copies, as oEmbed gives it to WordPress.
  const oembed = await page.request.get(`/api/oembed?url=${encodeURIComponent(`${baseURL}/track/${track.id}`)}&format=json`);
  expect(oembed.status()).toBe(200);
  const { html } = (await oembed.json()) as { html: string };
  await openBlog(page, `<!doctype html><meta name="viewport" content="width=device-width"><h1>New music this week</h1><p>Listen:</p>${html}<p>Lovely.</p>`);

  const frame = page.frameLocator('iframe');
  await expect(frame.getByText('Mvua ya Jioni')).toBeVisible();
  await expect(frame.getByText('Achieng Otieno')).toBeVisible();
  await expect(frame.getByText('25-second preview')).toBeVisible();
  const buy = frame.getByRole('link', { name: 'Buy KES 50.00: Mvua ya Jioni on Sauti' });
  await expect(buy).toHaveAttribute('href', `${baseURL}/track/${track.id}`);
  await expect(buy).toHaveAttribute('target', '_blank');
  // The player fits the phone's column.
  const box = (await page.locator('iframe').boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(390);

  // Press play: the audio element reports that it plays, from the stream route.
  const audio = frame.locator('audio');
  const playing = audio.evaluate(
    (element) => new Promise<string>((resolve) => element.addEventListener('playing', () => resolve((element as unknown as { currentSrc: string }).currentSrc), { once: true })),
  );
  await frame.getByRole('button', { name: 'Play' }).tap();
  expect(await playing).toBe(`${baseURL}/api/tracks/${track.id}/stream`);
  await expect(frame.getByRole('button', { name: 'Pause' })).toBeVisible();
  // The preview is all the stream sends a stranger: never longer than 25 seconds.
  const duration = await audio.evaluate((element) => (element as unknown as { duration: number }).duration);
  expect(duration).toBeLessThanOrEqual(25.1);
  await page.screenshot({ path: testInfo.outputPath('embed-in-blog-390.png') });
  // To its end (the playhead moved there, not waited for): the player says the preview ended, beside Buy.
  const ended = audio.evaluate((element) => new Promise<void>((resolve) => element.addEventListener('ended', () => resolve(), { once: true })));
  await audio.evaluate((element) => {
    const media = element as unknown as { currentTime: number; duration: number };
    media.currentTime = media.duration - 0.5;
  });
  await ended;
  await expect(frame.getByText('Preview ended: Buy to hear it all')).toBeVisible();
  await expect(frame.getByRole('button', { name: 'Play' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('embed-preview-ended-390.png') });

  // Buy opens the song's page on Sauti in a new tab.
  const [opened] = await Promise.all([page.context().waitForEvent('page'), buy.tap()]);
  await opened.waitForLoadState();
  expect(opened.url()).toBe(`${baseURL}/track/${track.id}`);
  await expect(opened.getByRole('heading', { level: 1, name: 'Mvua ya Jioni' })).toBeVisible();
});

test("an album's player lists its songs and plays the one tapped", async ({ page, baseURL }, testInfo) => {
  await openBlog(page, `<!doctype html><meta name="viewport" content="width=device-width"><iframe src="${baseURL}/embed/album/${album.id}" width="480" height="352" style="width:100%;max-width:480px;border:0"></iframe>`);
  const frame = page.frameLocator('iframe');
  const songs = frame.getByRole('list', { name: 'Songs' }).getByRole('button');
  await expect(songs).toHaveText([/1\. Mvua ya Jioni/, /2\. Asubuhi/]);
  const playing = frame.locator('audio').evaluate(
    (element) => new Promise<string>((resolve) => element.addEventListener('playing', () => resolve((element as unknown as { currentSrc: string }).currentSrc), { once: true })),
  );
  await songs.nth(1).tap();
  expect(await playing).toBe(`${baseURL}/api/tracks/${(await songs.nth(1).getAttribute('data-i'))!}/stream`);
  await expect(songs.nth(1)).toHaveAttribute('aria-current', 'true');
  await page.screenshot({ path: testInfo.outputPath('album-embed-in-blog-390.png') });
});

test('the track page links its oEmbed answer and offers Embed with the code to copy', async ({ page, baseURL }, testInfo) => {
  await page.goto(`/track/${track.id}`);
  const link = page.locator('link[rel="alternate"][type="application/json+oembed"]');
  await expect(link).toHaveAttribute('href', `${baseURL}/api/oembed?url=${encodeURIComponent(`${baseURL}/track/${track.id}`)}&format=json`);
  expect((await page.request.get((await link.getAttribute('href'))!)).status()).toBe(200);

  await page.getByText('Embed', { exact: true }).tap();
  const code = page.getByRole('textbox', { name: 'Embed code for Mvua ya Jioni by Achieng Otieno on Sauti' });
  await expect(code).toBeVisible();
  await expect(code).toHaveValue(new RegExp(`^<iframe src="${baseURL}/embed/track/${track.id}" width="480" height="120"`));
  await expect(page.getByRole('button', { name: 'Copy Embed Code' })).toBeVisible();
  // Nothing of it runs wider than the phone.
  expect(await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth')).toBe(0);
  await code.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('track-page-embed-390.png') });

  await page.goto(`/album/${album.id}`);
  await expect(page.locator('link[rel="alternate"][type="application/json+oembed"]')).toHaveAttribute('href', new RegExp(`url=${encodeURIComponent(`${baseURL}/album/${album.id}`)}`));
});
