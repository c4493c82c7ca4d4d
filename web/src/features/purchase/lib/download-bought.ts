import { toast } from '@/components/ui/use-toast';
import { messageOf } from '@/lib/api';
import { downloadRefusal, startDownload } from '@/lib/download';

/** Only an address on this site is downloaded (the server answers a path such as /api/tracks/{id}/download). */
const isSitePath = (url: string) => url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');

/**
 * The automatic download after a verified purchase. The buying browser's cookie authorises it,
 * and the browser saves the file itself (<a download>, streamed to disk: an album ZIP is never
 * held in a phone's memory). A browser download cannot tell the page that it failed, so HEAD asks
 * first (no bytes, not counted); on a refusal a GET reads the server's message. Spec section 8:
 * on the profile page a failure is an alert with that message or 'Download failed'; on the track
 * and album pages it is only logged.
 */
/** `failedTitle`: the alert's title in the page's language (decision 049). */
export async function downloadBought(url: string, failure: 'alert' | 'log', failedTitle = 'Download failed'): Promise<boolean> {
  const report = (error: unknown) => {
    console.error('Download failed', error);
    if (failure === 'alert') toast({ variant: 'destructive', title: failedTitle, description: messageOf(error, '') || undefined });
    return false;
  };
  if (!isSitePath(url)) return report(new Error(`Not a download address of this site: ${url}`));
  const refusal = await downloadRefusal(url);
  if (refusal !== undefined) return report(refusal);
  startDownload(url);
  return true;
}
