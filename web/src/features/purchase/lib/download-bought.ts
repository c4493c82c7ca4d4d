import { toast } from '@/components/ui/use-toast';
import { apiRequest, messageOf } from '@/lib/api';
import { startDownload } from '@/lib/download';

/** Only an address on this site is downloaded (the server answers a path such as /api/tracks/{id}/download). */
const isSitePath = (url: string) => url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');

async function headOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', credentials: 'include' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The automatic download after a verified purchase. The buying browser's cookie authorises it,
 * and the browser saves the file itself (<a download>, streamed to disk: an album ZIP is never
 * held in a phone's memory). A browser download cannot tell the page that it failed, so HEAD asks
 * first (no bytes, not counted); on a refusal a GET reads the server's message. Spec section 8:
 * on the profile page a failure is an alert with that message or 'Download failed'; on the track
 * and album pages it is only logged.
 */
export async function downloadBought(url: string, failure: 'alert' | 'log'): Promise<boolean> {
  const report = (error: unknown) => {
    console.error('Download failed', error);
    if (failure === 'alert') toast({ variant: 'destructive', title: 'Download failed', description: messageOf(error, '') || undefined });
    return false;
  };
  if (!isSitePath(url)) return report(new Error(`Not a download address of this site: ${url}`));
  if (!(await headOk(url))) {
    try {
      const response = await apiRequest('GET', url);
      // It works after all (a passing failure): let the browser download it.
      void response.body?.cancel().catch(() => undefined);
    } catch (error) {
      return report(error);
    }
  }
  startDownload(url);
  return true;
}
