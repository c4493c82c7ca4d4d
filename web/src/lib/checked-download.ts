import { toast } from '@/components/ui/use-toast';
import { messageOf } from './api';
import { downloadRefusal, startDownload } from './download';

export interface CheckedDownloadOptions {
  /** 'alert' (the default): a refusal shows in an alert; 'log': it is only logged. */
  failure?: 'alert' | 'log';
  /** The alert's title in the page's language ('Download failed' unless said). */
  failedTitle?: string;
  /** The alert's text when the server's answer has no message. */
  fallback?: string;
  /** Said once the browser has the download (nothing unless given). */
  startedTitle?: string;
}

/** A download that did not start: logged, and in an alert unless `failure` is 'log'. */
export function reportDownloadFailure(error: unknown, { failure = 'alert', failedTitle = 'Download failed', fallback = '' }: CheckedDownloadOptions = {}): false {
  console.error('Download failed', error);
  if (failure === 'alert') toast({ variant: 'destructive', title: failedTitle, description: messageOf(error, fallback) || undefined });
  return false;
}

/**
 * A download the page starts itself. A browser download cannot tell the page that it failed, so
 * the server is asked first (downloadRefusal: HEAD, no bytes, not counted; a GET reads a
 * refusal's message), and an error answer is never saved as a file; else the browser downloads
 * the file itself (<a download>, streamed to disk: an album ZIP is never held in a phone's memory).
 */
export async function checkedDownload(href: string, options: CheckedDownloadOptions = {}): Promise<boolean> {
  const refusal = await downloadRefusal(href);
  if (refusal !== undefined) return reportDownloadFailure(refusal, options);
  startDownload(href);
  if (options.startedTitle) toast({ title: options.startedTitle });
  return true;
}
