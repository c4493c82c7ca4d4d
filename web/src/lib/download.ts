/**
 * Downloads of free tracks and albums (spec section 7). The browser fetches the file itself (an
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
