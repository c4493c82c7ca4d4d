import { CircleCheckIcon, ReceiptTextIcon, TriangleAlertIcon } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { formatDuration, formatFileSize } from '#common/format';
import type { ReceiptDownload, ReceiptResponse } from '#common/schemas/payments';
import { StatusCard } from '@/components/status-card';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { hasErrorCode, messageOf } from '@/lib/api';
import { DownloadLink } from '@/lib/catalog-ui';
import { cn } from '@/lib/utils';
import { useReceipt } from '../api/receipt';

const NOT_VALID_TITLE = 'Purchase link not valid';
const NOT_VALID_TEXT = 'This purchase link is not valid. Open the newest receipt e-mail, or ask for a new link on the track or album page.';

/** The original's kind, as a fan knows it from the file name. */
const ORIGINAL_KINDS: [RegExp, string][] = [
  [/wav|wave/, 'WAV'],
  [/flac/, 'FLAC'],
  [/mpeg|mp3/, 'MP3'],
  [/mp4|m4a|aac/, 'M4A'],
  [/ogg|opus/, 'OGG'],
];

function formatLabel(format: ReceiptDownload['format'], mimeType: string | null): string {
  if (format === 'mp3') return 'MP3';
  if (format === 'flac') return 'FLAC (lossless)';
  const kind = mimeType ? ORIGINAL_KINDS.find(([pattern]) => pattern.test(mimeType))?.[1] : undefined;
  return kind ? `Original (${kind})` : 'Original';
}

/** "9.40 MB", "about 9.40 MB" for an estimate, nothing when the size is not known. */
function sizeText(download: ReceiptDownload): string | null {
  if (download.bytes === null) return null;
  return `${download.approximate ? 'about ' : ''}${formatFileSize(download.bytes)}`;
}

/** MP3 first in the page (what a phone wants, and what a screen reader on a phone meets first). */
const DOM_ORDER: Record<ReceiptDownload['format'], number> = { mp3: 0, original: 1, flac: 2 };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** The same text on the server and in the browser (no locale or time zone): "26 Nov 2026". */
function paidOn(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * /purchase/{reference}?token=... (issue 16): the receipt e-mail's page. It names what was bought
 * and offers a download button per format with its size. Phones (a coarse pointer, the rule of
 * lib/download.ts, asked in CSS so the server-rendered page already shows it) see MP3 first and
 * highlighted; other screens the original. Each button asks the server before the browser saves
 * anything, so an error answer is shown, never saved as a file.
 */
export function ReceiptPage({ reference }: { reference: string }) {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  if (!token) return <ReceiptNotValid />;
  return <Receipt reference={reference} token={token} />;
}

function ReceiptNotValid({ message = NOT_VALID_TEXT }: { message?: string }) {
  useDocumentTitle(NOT_VALID_TITLE);
  return <StatusCard icon={<ReceiptTextIcon />} title={NOT_VALID_TITLE} description={message} />;
}

function Receipt({ reference, token }: { reference: string; token: string }) {
  const { data, error, isPending } = useReceipt(reference, token);
  useDocumentTitle(data ? `Your purchase: ${data.item.name}` : error ? 'Purchase' : undefined);
  if (isPending) return <ReceiptSkeleton />;
  if (hasErrorCode(error, 'receipt.not-found', 'not-found')) return <ReceiptNotValid message={messageOf(error, NOT_VALID_TEXT)} />;
  if (error || !data) {
    return (
      <StatusCard
        icon={<TriangleAlertIcon />}
        title="Purchase could not be loaded"
        description={messageOf(error, 'Your purchase could not be loaded. Please try again.', 'Your purchase could not be loaded. Please check your connection and try again.')}
        action={null}
      />
    );
  }
  return <ReceiptDetails receipt={data} />;
}

function ReceiptDetails({ receipt }: { receipt: ReceiptResponse }) {
  const { item, songs } = receipt;
  const paid = paidOn(receipt.paidAt);
  return (
    <div className="mx-auto w-full max-w-lg px-4 pt-6 pb-12 sm:pt-10">
      <p className="flex items-center gap-1.5 text-sm font-medium text-primary">
        <CircleCheckIcon className="size-4" aria-hidden="true" />
        {receipt.status === 'refunded' ? 'Refunded purchase' : 'Your purchase'}
      </p>
      <h1 className="mt-2 text-2xl font-bold break-words sm:text-3xl">{item.name}</h1>
      <p className="mt-1 text-muted-foreground">
        {item.type === 'album' ? 'Album' : 'Track'} by {item.artist}
      </p>

      {receipt.status === 'refunded' ? (
        <Alert className="mt-6" role="status">
          <AlertDescription>{receipt.message}</AlertDescription>
        </Alert>
      ) : (
        <section aria-labelledby="receipt-downloads" className="mt-6">
          <h2 id="receipt-downloads" className="text-lg font-semibold">
            Download
          </h2>
          <ul className="mt-3 flex flex-col gap-3" data-testid="receipt-downloads">
            {[...receipt.downloads].sort((a, b) => DOM_ORDER[a.format] - DOM_ORDER[b.format]).map((download) => (
              <DownloadChoice key={download.format} download={download} receipt={receipt} />
            ))}
          </ul>
          <p className="mt-3 text-sm text-muted-foreground">
            MP3 is 320 kb/s with the title, artist and cover art: smaller, and it plays on any phone. The original is the file exactly as the artist
            uploaded it.
          </p>
        </section>
      )}

      {songs.length > 0 && (
        <section aria-labelledby="receipt-songs" className="mt-8">
          <h2 id="receipt-songs" className="text-lg font-semibold">
            {songs.length === 1 ? '1 song' : `${songs.length} songs`}
          </h2>
          <ol className="mt-2 divide-y rounded-md border">
            {songs.map((song, index) => (
              <li key={song.id} className="flex items-center gap-3 px-3 py-2.5 text-sm">
                <span className="w-5 text-right text-muted-foreground tabular-nums">{index + 1}</span>
                <span className="min-w-0 flex-1 truncate">{song.name}</span>
                <span className="text-muted-foreground tabular-nums">{formatDuration(song.duration)}</span>
              </li>
            ))}
          </ol>
        </section>
      )}

      <p className="mt-8 text-xs break-all text-muted-foreground">
        Reference {receipt.reference}
        {paid ? ` · Paid ${paid}` : ''}
      </p>
      <p className="mt-2 text-xs text-muted-foreground">Keep this page's link to yourself: anyone with it can download your purchase.</p>
      <p className="mt-6 text-sm">
        <Link href="/library" className="underline underline-offset-4">
          Your library
        </Link>
        <span className="text-muted-foreground">: everything you bought with your e-mail address, on any device.</span>
      </p>
    </div>
  );
}

/**
 * One format's button. The list is MP3 first (what a phone wants); on a screen with a fine pointer
 * the original moves first (CSS `order`) and is the highlighted one instead.
 */
function DownloadChoice({ download, receipt }: { download: ReceiptDownload; receipt: ReceiptResponse }) {
  const label = formatLabel(download.format, receipt.item.mimeType);
  const size = sizeText(download);
  const text = size ? `${label} · ${size}` : label;
  const preferred =
    download.format === 'mp3'
      ? 'pointer-coarse:border-transparent pointer-coarse:bg-primary pointer-coarse:text-primary-foreground pointer-coarse:hover:bg-primary/90'
      : download.format === 'original'
        ? 'pointer-fine:border-transparent pointer-fine:bg-primary pointer-fine:text-primary-foreground pointer-fine:hover:bg-primary/90'
        : '';
  return (
    <li className={cn('flex flex-col', download.format === 'mp3' ? 'order-1' : download.format === 'original' ? 'order-2 pointer-fine:order-first' : 'order-3')}>
      <DownloadLink
        href={download.url}
        label={
          <span className="flex w-full items-center justify-between gap-3">
            <span>{text}</span>
            {download.format === 'mp3' && <span className="hidden text-xs font-normal pointer-coarse:inline">Best for phones</span>}
          </span>
        }
        accessibleName={`Download ${receipt.item.name}: ${text}`}
        variant="outline"
        failureFallback="This download could not be started. Please try again."
        className={cn('h-12 w-full justify-start text-base', preferred)}
      />
    </li>
  );
}

function ReceiptSkeleton() {
  return (
    <div className="mx-auto w-full max-w-lg px-4 pt-6 pb-12 sm:pt-10" aria-busy="true">
      <span className="sr-only" role="status">
        Loading your purchase…
      </span>
      <Skeleton className="h-5 w-32" />
      <Skeleton className="mt-3 h-8 w-64" />
      <Skeleton className="mt-2 h-5 w-40" />
      <Skeleton className="mt-8 h-12 w-full" />
      <Skeleton className="mt-3 h-12 w-full" />
    </div>
  );
}
