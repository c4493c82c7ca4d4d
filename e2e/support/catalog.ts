import fs from 'node:fs';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';

export interface UploadedTrack {
  id: string;
  trackName: string;
  duration: number;
}

const MIME: Record<string, string> = { '.mp3': 'audio/mpeg', '.wav': 'audio/wav', '.m4a': 'audio/mp4' };

/** Uploads a track through the API as the artist signed in in `page` (for tests about something else). */
export async function uploadTrackByApi(
  page: Page,
  file: string,
  fields: { trackName: string; artistName?: string; price?: string; allowFullPlayback?: boolean; cover?: string; genre?: string; tags?: string; payMore?: boolean; suggestedPrice?: string },
): Promise<UploadedTrack> {
  const response = await page.request.post('/api/tracks', {
    multipart: {
      trackName: fields.trackName,
      artistName: fields.artistName ?? 'E2E Artist',
      price: fields.price ?? '',
      allowFullPlayback: String(fields.allowFullPlayback ?? true),
      ...(fields.genre ? { genre: fields.genre } : {}),
      ...(fields.tags ? { tags: fields.tags } : {}),
      ...(fields.payMore ? { payMore: 'true', suggestedPrice: fields.suggestedPrice ?? '' } : {}),
      audio: { name: path.basename(file), mimeType: MIME[path.extname(file)] ?? 'application/octet-stream', buffer: fs.readFileSync(file) },
      ...(fields.cover ? { coverPhoto: imagePart(fields.cover) } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as UploadedTrack;
}

function imagePart(file: string) {
  return { name: path.basename(file), mimeType: /\.png$/i.test(file) ? 'image/png' : 'image/jpeg', buffer: fs.readFileSync(file) };
}

export interface CreatedAlbum {
  id: string;
  albumName: string;
}

/** Creates an album of existing tracks through the API as the artist signed in in `page`. */
export async function createAlbumByApi(
  page: Page,
  fields: { albumName: string; trackIds: string[]; price?: string; cover?: string },
): Promise<CreatedAlbum> {
  const response = await page.request.post('/api/albums', {
    multipart: {
      albumName: fields.albumName,
      price: fields.price ?? '',
      selectedSongs: JSON.stringify(fields.trackIds),
      albumTracks: '[]',
      ...(fields.cover ? { coverPhoto: imagePart(fields.cover) } : {}),
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedAlbum;
}

/** The Songs list row of a track. */
export function songRow(page: Page, trackName: string): Locator {
  return page.getByRole('list', { name: 'Songs' }).getByRole('listitem', { name: trackName, exact: true });
}

export function albumRow(page: Page, albumName: string): Locator {
  return page.getByRole('list', { name: 'Albums' }).getByRole('listitem', { name: albumName, exact: true });
}

/**
 * The toast titled `title` (Radix renders toasts as list items of the notifications region). While
 * a modal dialog is open the rest of the page is aria-hidden, hence includeHidden.
 */
export function toast(page: Page, title: string): Locator {
  return page
    // The toasts' region, named in the page's language (English: 'Notifications (F8)', Kiswahili: 'Arifa (F8)').
    .getByRole('region', { name: /^(Notifications|Arifa) /, includeHidden: true })
    .getByRole('listitem', { includeHidden: true })
    .filter({ hasText: title });
}

/** Opens My Music for the signed-in artist and waits for the songs to load. */
export async function openMyMusic(page: Page) {
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'My Music' })).toBeVisible();
  await expect(page.getByTestId('songs-count')).toHaveText(/^\d+$/);
}

/** Slows uploads down (Chromium's network emulation) so a progress bar can be watched. */
export async function throttleUploads(page: Page, bytesPerSecond: number | null) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond ?? -1,
  });
  return cdp;
}
