import { checkedDownload, reportDownloadFailure } from '@/lib/checked-download';

/** Only an address on this site is downloaded (the server answers a path such as /api/tracks/{id}/download). */
const isSitePath = (url: string) => url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');

/**
 * The automatic download after a verified purchase, which the buying browser's cookie authorises
 * (lib/checked-download: the server is asked first). Spec section 8: on the profile page a failure
 * is an alert with the server's message or 'Download failed'; on the track and album pages it is
 * only logged. `failedTitle`: the alert's title in the page's language (decision 049).
 */
export async function downloadBought(url: string, failure: 'alert' | 'log', failedTitle = 'Download failed'): Promise<boolean> {
  if (!isSitePath(url)) return reportDownloadFailure(new Error(`Not a download address of this site: ${url}`), { failure, failedTitle });
  return checkedDownload(url, { failure, failedTitle });
}
