import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, expectFailedRequest, test } from './support/test';
import { verifiedAccount } from './support/accounts';
import { songRow, toast } from './support/catalog';
import { startCuttableProxy } from './support/cuttable-proxy';
import { dataDir } from './support/mail';
import { E2E_PORT } from './support/server-state';
import { screenshot } from './support/screenshot';

/** The largest upload an artist may make: a 295 s stereo WAV, 52 MB (just under the 50 MiB limit). */
function fiftyMegabyteWav(): string {
  const file = path.join(dataDir(), 'e2e-media', 'usiku-295s.wav');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    execFileSync(process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg', [
      '-loglevel', 'error', '-y',
      '-f', 'lavfi', '-i', 'sine=frequency=220:duration=295:sample_rate=44100',
      '-f', 'lavfi', '-i', 'anoisesrc=color=pink:amplitude=0.05:duration=295:sample_rate=44100',
      '-filter_complex', 'amix=inputs=2,aformat=channel_layouts=stereo', '-c:a', 'pcm_s16le', file,
    ]);
  }
  return file;
}


// An artist on a phone.
test.use({ viewport: { width: 390, height: 844 } });

/** The artist's uplink: 2 MB/s, so a 50 MB upload takes long enough to be cut twice. */
const UPLINK = 2 * 1024 * 1024;

test('a 50 MB WAV survives two dropped connections and is not sent again from the start', async ({ page }) => {
  test.setTimeout(240_000);
  const wav = fiftyMegabyteWav();
  const size = fs.statSync(wav).size;
  await verifiedAccount(page, 'resumable');
  // The browser reaches the app through a slow link the test can cut (cookies do not mind the port).
  const link = await startCuttableProxy(E2E_PORT, UPLINK);
  try {
    await page.goto(`${link.url}/dashboard`);
    await expect(page.getByRole('heading', { name: 'My Music', level: 1 })).toBeVisible();
    // After a cut, a PATCH from an offset the server never received is refused (409) and the
    // client asks where to resume (tus): that refusal is part of resuming.
    expectFailedRequest(page, /^\/api\/uploads\/[0-9a-f-]+$/, 409);
    // The cut itself: Chromium may log the PATCH under way as reset (seen on a loaded CI machine).
    expectFailedRequest(page, /^\/api\/uploads\/[0-9a-f-]+$/, 'network');

    // Every PATCH says where it starts (Upload-Offset): the server's count of what it has.
    const patches: number[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().includes('/api/uploads/')) patches.push(Number(request.headers()['upload-offset']));
    });

    await page.getByRole('button', { name: 'Upload Tracks' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload New Track' });
    await dialog.getByLabel('Audio file', { exact: true }).setInputFiles(wav);
    await dialog.getByLabel('Track name').fill('Usiku Mwema');
    const sentBefore = link.bytesUp;
    await dialog.getByRole('button', { name: 'Upload Track' }).click();

    // Twice, the connection drops mid-upload; the upload carries on by itself.
    const bar = dialog.getByRole('progressbar', { name: 'Upload progress' });
    const progress = async () => Number(await bar.getAttribute('aria-valuenow'));
    await expect.poll(progress, { timeout: 90_000 }).toBeGreaterThanOrEqual(25);
    link.cut();
    // Then the phone goes offline (issue 20): the dialog says so for as long as it lasts, instead
    // of a passing toast and a reset form, and goes on by itself when the network is back.
    await expect.poll(progress, { timeout: 90_000 }).toBeGreaterThanOrEqual(60);
    await page.context().setOffline(true);
    const lost = dialog.getByText('Connection lost. Retrying by itself when it is back…');
    await expect(lost).toBeVisible();
    await screenshot(page, 'upload-connection-lost-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(lost).toBeVisible();
    await screenshot(page, 'upload-connection-lost-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(toast(page, 'Upload failed')).toHaveCount(0);
    await page.context().setOffline(false);
    await expect(lost).toBeHidden({ timeout: 60_000 });

    await expect(toast(page, 'Upload successful')).toBeVisible({ timeout: 120_000 });
    await expect(dialog).toBeHidden();
    await expect(songRow(page, 'Usiku Mwema')).toBeVisible();

    // Three requests at least: the first from 0, then each resumption from what the server had,
    // further along each time; the last one started past half the file.
    expect(patches.length).toBeGreaterThanOrEqual(3);
    expect(patches[0]).toBe(0);
    for (let i = 1; i < patches.length; i++) expect(patches[i]!).toBeGreaterThan(patches[i - 1]!);
    expect(patches.at(-1)!).toBeGreaterThan(size / 2);
    // Everything that went up the link for this upload (the file, headers, the form): not the file twice.
    const sent = link.bytesUp - sentBefore;
    console.log(`PATCH offsets ${patches.join(', ')}; ${sent} bytes up the link for a ${size}-byte file (${((sent / size - 1) * 100).toFixed(2)}% more)`);
    expect(sent).toBeLessThan(1.2 * size);

    const response = await page.request.get('/api/tracks');
    const [track] = (await response.json()) as { trackName: string; fileSize: number; mimeType: string }[];
    expect(track).toMatchObject({ trackName: 'Usiku Mwema', fileSize: size, mimeType: 'audio/wav' });
  } finally {
    await link.close();
  }
});
