import { apiRequest } from './api';

/**
 * Downloads of tracks and albums (spec section 7). The browser fetches the file itself (an
 * <a href download>), so a 100 MB album ZIP streams to disk instead of being held in memory.
 */

export const trackDownloadUrl = (trackId: string) => `/api/tracks/${encodeURIComponent(trackId)}/download`;
export const albumDownloadUrl = (albumId: string) => `/api/albums/${encodeURIComponent(albumId)}/download`;

/** Starts a browser download of `url` from code (after an await, when the click's default is gone). */
export function startDownload(url: string) {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  anchor.rel = 'nofollow';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}

async function headOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', credentials: 'include' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Asks whether `url` would download, before the browser is told to save it: a browser download
 * (<a download>) cannot tell the page that it failed, and saves whatever comes, so a refusal (402
 * with a JSON body) would land on the phone as `download.json`. Fetching the file instead would
 * hold a 100 MB ZIP in a phone's memory. So HEAD asks first (no audio bytes, not counted as a
 * download); if it is refused, a GET of the same address reads the server's message (a refused
 * download answers JSON and is not counted either).
 *
 * Resolves to undefined when the download may start, else to the error (an ApiError with the
 * server's message, or a NetworkError).
 */
export async function downloadRefusal(url: string): Promise<unknown> {
  if (await headOk(url)) return undefined;
  try {
    const response = await apiRequest('GET', url);
    // It works after all (a passing failure): let the browser download it.
    void response.body?.cancel().catch(() => undefined);
    return undefined;
  } catch (error) {
    return error;
  }
}

/**
 * Phones get MP3 (issue 16): fans pay for data by the megabyte, and a 40 MB WAV is a day's bundle.
 * A phone is told by its primary pointer being coarse (a finger), not by a narrow window: a
 * laptop's narrow window is on Wi-Fi and wants the original; a phone turned sideways is still a
 * phone. Tablets count as phones here: they are on the same data plans. CSS asks the same
 * question (Tailwind's `pointer-coarse:`), so a page rendered on the server already shows it.
 */
export const PHONE_POINTER_QUERY = '(pointer: coarse)';

export function isPhonePointer(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE_POINTER_QUERY).matches;
}

/** A track's or album's download address in the phone-friendly format: `format=mp3` on phones, as is elsewhere (the original). */
export function phoneFriendlyDownloadUrl(url: string, phone: boolean = isPhonePointer()): string {
  if (!phone || /[?&]format=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}format=mp3`;
}
