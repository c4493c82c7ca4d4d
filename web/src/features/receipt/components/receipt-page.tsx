import { CircleCheckIcon, ReceiptTextIcon, TriangleAlertIcon } from 'lucide-react';
import { Link, useSearchParams } from 'wouter';
import { formatDuration, formatFileSize } from '#common/format';
import type { ReceiptDownload, ReceiptResponse } from '#common/schemas/payments';
import { StatusCard } from '@/components/status-card';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { hasErrorCode, messageOf } from '@/lib/api';
import { DownloadLink } from '@/components/public-pieces';
import { cn } from '@/lib/utils';
import { useI18n, type Translator } from '@/lib/i18n';
import { shortDate } from '#common/i18n/dates';
import { useReceipt } from '../api/receipt';
import { PageSkeleton } from '@/components/page-skeleton';


/** The original's kind, as a fan knows it from the file name. */
const ORIGINAL_KINDS: [RegExp, string][] = [
  [/wav|wave/, 'WAV'],
  [/flac/, 'FLAC'],
  [/mpeg|mp3/, 'MP3'],
  [/mp4|m4a|aac/, 'M4A'],
  [/ogg|opus/, 'OGG'],
];

function formatLabel(format: ReceiptDownload['format'], mimeType: string | null, t: Translator['t']): string {
  if (format === 'mp3') return 'MP3';
  if (format === 'flac') return t('receipt.flac');
  const kind = mimeType ? ORIGINAL_KINDS.find(([pattern]) => pattern.test(mimeType))?.[1] : undefined;
  return kind ? t('receipt.originalKind', { kind }) : t('receipt.original');
}

/** "9.40 MB", "about 9.40 MB" for an estimate, nothing when the size is not known. */
function sizeText(download: ReceiptDownload, { t, language }: Translator): string | null {
  if (download.bytes === null) return null;
  const size = formatFileSize(download.bytes, language);
  return download.approximate ? t('receipt.about', { size }) : size;
}

/** MP3 first in the page (what a phone wants, and what a screen reader on a phone meets first). */
const DOM_ORDER: Record<ReceiptDownload['format'], number> = { mp3: 0, original: 1, flac: 2 };


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

function ReceiptNotValid({ message }: { message?: string }) {
  const { t } = useI18n();
  useDocumentTitle(t('receipt.notValidTitle'));
  return <StatusCard icon={<ReceiptTextIcon />} title={t('receipt.notValidTitle')} description={message ?? t('receipt.notValid')} />;
}

function Receipt({ reference, token }: { reference: string; token: string }) {
  const { t } = useI18n();
  const { data, error, isPending } = useReceipt(reference, token);
  useDocumentTitle(data ? t('receipt.documentTitle', { name: data.item.name }) : error ? t('receipt.purchase') : undefined);
  if (isPending) return <ReceiptSkeleton />;
  if (hasErrorCode(error, 'receipt.not-found', 'not-found')) return <ReceiptNotValid message={messageOf(error, t('receipt.notValid'))} />;
  if (error || !data) {
    return (
      <StatusCard
        icon={<TriangleAlertIcon />}
        title={t('receipt.loadFailedTitle')}
        description={messageOf(error, t('receipt.loadFailed'), t('receipt.loadFailedNetwork'))}
        action={null}
      />
    );
  }
  return <ReceiptDetails receipt={data} />;
}

function ReceiptDetails({ receipt }: { receipt: ReceiptResponse }) {
  const { t, language } = useI18n();
  const { item, songs } = receipt;
  const paid = receipt.paidAt ? shortDate(language, receipt.paidAt) : '';
  return (
    <div className="mx-auto w-full max-w-lg px-4 pt-6 pb-12 sm:pt-10">
      <p className="flex items-center gap-1.5 text-sm font-medium text-primary">
        <CircleCheckIcon className="size-4" aria-hidden="true" />
        {t(receipt.status === 'refunded' ? 'receipt.refunded' : 'receipt.yours')}
      </p>
      <h1 className="mt-2 text-2xl font-bold break-words sm:text-3xl">{item.name}</h1>
      <p className="mt-1 text-muted-foreground">
        {t('receipt.by', { type: item.type, artist: item.artist })}
      </p>

      {receipt.status === 'refunded' ? (
        <Alert className="mt-6" role="status">
          <AlertDescription>{receipt.message}</AlertDescription>
        </Alert>
      ) : (
        <section aria-labelledby="receipt-downloads" className="mt-6">
          <h2 id="receipt-downloads" className="text-lg font-semibold">
            {t('item.download')}
          </h2>
          <ul className="mt-3 flex flex-col gap-3" data-testid="receipt-downloads">
            {[...receipt.downloads].sort((a, b) => DOM_ORDER[a.format] - DOM_ORDER[b.format]).map((download) => (
              <DownloadChoice key={download.format} download={download} receipt={receipt} />
            ))}
          </ul>
          {/* An MP3 original's MP3 is that same file re-tagged (no second encoding): not "320 kb/s and smaller". */}
          <p className="mt-3 text-sm text-muted-foreground">{t(receipt.item.mimeType === 'audio/mpeg' ? 'receipt.formatsMp3Original' : 'receipt.formats')}</p>
        </section>
      )}

      {songs.length > 0 && (
        <section aria-labelledby="receipt-songs" className="mt-8">
          <h2 id="receipt-songs" className="text-lg font-semibold">
            {/* A heading's own key: count.songs is for running text, lowercase in Kiswahili ("nyimbo 4"). */}
            {t('receipt.songsHeading', { count: songs.length })}
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
        {t('receipt.reference', { reference: receipt.reference })}
        {paid ? t('receipt.paid', { date: paid }) : ''}
      </p>
      {/* A refunded purchase's link downloads nothing: no warning about who may download with it. */}
      {receipt.status !== 'refunded' && <p className="mt-2 text-xs text-muted-foreground">{t('receipt.keepPrivate')}</p>}
      <p className="mt-6 text-sm">
        <Link href="/library" className="underline underline-offset-4">
          {t('library.title')}
        </Link>
        <span className="text-muted-foreground">{t('receipt.libraryText')}</span>
      </p>
    </div>
  );
}

/**
 * One format's button. The list is MP3 first (what a phone wants); on a screen with a fine pointer
 * the original moves first (CSS `order`) and is the highlighted one instead.
 */
function DownloadChoice({ download, receipt }: { download: ReceiptDownload; receipt: ReceiptResponse }) {
  const translator = useI18n();
  const { t } = translator;
  const label = formatLabel(download.format, receipt.item.mimeType, t);
  const size = sizeText(download, translator);
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
            {download.format === 'mp3' && <span className="hidden text-xs font-normal pointer-coarse:inline">{t('receipt.bestForPhones')}</span>}
          </span>
        }
        accessibleName={t('receipt.downloadAs', { name: receipt.item.name, format: text })}
        variant="outline"
        failureFallback={t('receipt.downloadFailed')}
        className={cn('h-12 w-full justify-start text-base', preferred)}
      />
    </li>
  );
}

function ReceiptSkeleton() {
  const { t } = useI18n();
  return (
    <PageSkeleton
      label={t('receipt.loading')}
      className="mx-auto w-full max-w-lg px-4 pt-6 pb-12 sm:pt-10"
      bars={['h-5 w-32', 'mt-3 h-8 w-64', 'mt-2 h-5 w-40', 'mt-8 h-12 w-full', 'mt-3 h-12 w-full']}
    />
  );
}
