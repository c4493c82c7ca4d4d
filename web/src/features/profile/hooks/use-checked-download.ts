import { useCallback, type MouseEvent } from 'react';
import { toast } from '@/components/ui/use-toast';
import { apiRequest, messageOf } from '@/lib/api';
import { albumDownloadUrl, startDownload, trackDownloadUrl } from '@/lib/download';

export type DownloadItem = { kind: 'track'; id: string } | { kind: 'album'; id: string };

async function headOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', credentials: 'include' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * The profile's downloads (spec section 8: a failure shows an alert with the server's message or
 * 'Download failed'). A browser download (<a download>) cannot tell the page that it failed, and
 * fetching the file would hold a 100 MB ZIP in a phone's memory. So the click first asks the
 * download address with HEAD (no bytes of audio, not counted as a download): if it is fine the
 * browser downloads the file itself, streamed to disk. If not, a GET of the same address reads
 * the server's message (a refused download answers JSON, and is not counted either).
 */
export function useCheckedDownload() {
  return useCallback(async (event: MouseEvent<HTMLAnchorElement>, item: DownloadItem) => {
    event.preventDefault();
    const url = item.kind === 'track' ? trackDownloadUrl(item.id) : albumDownloadUrl(item.id);
    if (!(await headOk(url))) {
      try {
        const response = await apiRequest('GET', url);
        // It works after all (a passing failure): let the browser download it.
        void response.body?.cancel().catch(() => undefined);
      } catch (error) {
        console.error('Download failed', error);
        toast({ variant: 'destructive', title: 'Download failed', description: messageOf(error, '') || undefined });
        return;
      }
    }
    startDownload(url);
    toast({ title: 'Download started' });
  }, []);
}
