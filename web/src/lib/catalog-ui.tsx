import { useEffect, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { ArrowLeftIcon, CheckIcon, CopyIcon, DiscAlbumIcon, DownloadIcon, MusicIcon, PauseIcon, PlayIcon, TriangleAlertIcon } from 'lucide-react';
import { embedIframe, type EmbedKind } from '#common/embed';
import { relativeDate } from '#common/i18n/dates';
import { formatPrice } from '#common/money';
import { coverUrl, PREVIEW_SECONDS, profilePhotoUrl } from '#common/playback';
import type { PublicTrack } from '#common/schemas/public';
import { Link } from 'wouter';
import { StatusCard } from '@/components/status-card';
// In the public lists' shared chunk rather than one of its own: the fan pages' script budget.
export { ReportLink } from '@/components/report-link';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { hasErrorCode, messageOf } from './api';
import { downloadRefusal, startDownload } from './download';
import { useI18n } from './i18n';
import { useIsClient } from './is-client';
import { useOwnedItems } from './owned-items';
import { usePlayback, type PlayableTrack } from './playback';
import { cn, initialsOf } from './utils';

/**
 * Pieces the public profile, track and album pages share (features do not import each other).
 * Everything here renders the same markup on the server and in the browser: window, document and
 * navigator are touched only in effects and handlers.
 */

// Its own module so owned-items.ts can use it while this file reads owned-items (no import cycle).
export { useIsClient } from './is-client';

/** The locale the server renders dates in (Kenya writes day/month/year); the browser then uses its own. */
const SERVER_LOCALE = 'en-GB';

/**
 * Spec section 9's relative date ("3 days ago", else the locale date). The server and the
 * hydrating browser render it with one fixed locale; the browser then re-renders in the reader's
 * own. A page rendered across midnight may differ by a day: that text alone may differ.
 */
export function RelativeDate({ value, className }: { value: string; className?: string }) {
  const isClient = useIsClient();
  const { language } = useI18n();
  return (
    <time dateTime={value} className={className} suppressHydrationWarning>
      {relativeDate(language, value, new Date(), isClient ? undefined : SERVER_LOCALE)}
    </time>
  );
}


/**
 * A cover thumbnail at `size` CSS pixels (never the 3000 px original), or a placeholder icon. Fixed
 * width and height, so nothing moves when it arrives; lazy unless `eager` (the page's main image).
 */
export function CoverImage({
  kind,
  id,
  coverPhotoFilename,
  size,
  eager = false,
  sizes,
  className,
}: {
  kind: 'track' | 'album';
  id: string;
  coverPhotoFilename: string | null;
  /** Intrinsic size in CSS pixels (the box is sized by className). */
  size: number;
  eager?: boolean;
  /** For large covers: the sizes attribute that picks from the 300 and 640 px thumbnails. */
  sizes?: string;
  className?: string;
}) {
  const Icon = kind === 'album' ? DiscAlbumIcon : MusicIcon;
  const small = coverUrl(kind, id, coverPhotoFilename, size <= 48 ? 96 : 300);
  const large = size > 150 ? coverUrl(kind, id, coverPhotoFilename, 640) : null;
  return (
    <div
      className={cn(
        'relative flex shrink-0 items-center justify-center overflow-hidden rounded-md bg-gradient-to-br from-primary/25 via-accent to-secondary text-primary/70',
        className,
      )}
    >
      {small ? (
        <img
          src={small}
          srcSet={large ? `${small} 300w, ${large} 640w` : undefined}
          sizes={large ? sizes : undefined}
          alt=""
          width={size}
          height={size}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <Icon className={size > 100 ? 'size-1/3' : 'size-5'} aria-hidden="true" />
      )}
    </div>
  );
}

/** Spec section 9's price label: 'KES 50.00' or 'Free'. */
export function PriceBadge({ price, payMore, className }: { price: number | null | undefined; payMore?: boolean; className?: string }) {
  const priced = !!price && price > 0;
  const { t } = useI18n();
  return (
    <Badge variant={priced ? 'default' : 'secondary'} className={className} data-testid="price">
      {/* Issue 21: a free item fans may pay for. */}
      {!priced && payMore ? t('price.nameYourPrice') : priced ? formatPrice(price) : t('price.free')}
    </Badge>
  );
}

/** Play/pause for one track in the global player: the current track toggles, another starts (spec section 4). */
export function PlayPauseButton({ track, className, large = false }: { track: PlayableTrack; className?: string; large?: boolean }) {
  const playback = usePlayback();
  const playing = playback.currentTrackId === track.id && playback.isPlaying;
  const { t } = useI18n();
  return (
    <Button
      variant={playing || large ? 'default' : 'secondary'}
      size="icon"
      className={cn('rounded-full', large && 'size-12', className)}
      aria-label={t(playing ? 'item.pause' : 'item.play', { name: track.trackName })}
      onClick={() => playback.select(track)}
    >
      {playing ? (
        <PauseIcon className={cn('fill-current', large && 'size-5')} aria-hidden="true" />
      ) : (
        <PlayIcon className={cn('fill-current', large && 'size-5')} aria-hidden="true" />
      )}
    </Button>
  );
}

/** An artist's photo, or their initials until there is one. */
export function ArtistAvatar({
  user,
  size,
  className,
}: {
  user: { id: string; displayName: string; hasProfilePhoto: boolean; profilePhotoFilename: string | null };
  size: number;
  className?: string;
}) {
  const photo = user.hasProfilePhoto ? profilePhotoUrl(user.id, user.profilePhotoFilename, size <= 96 ? 96 : 300) : null;
  return (
    <Avatar className={className} style={{ width: size, height: size }}>
      {photo && <AvatarImage src={photo} alt="" width={size} height={size} />}
      <AvatarFallback className="bg-gradient-to-br from-primary/25 to-accent text-foreground/80" style={{ fontSize: Math.round(size / 2.8) }}>
        {initialsOf(user.displayName)}
      </AvatarFallback>
    </Avatar>
  );
}

/** The artist's own page: the server's profile URL when it is a path on this site, else by id. */
export function profileHref(user: { id: string; profileUrl: string }): string {
  const url = user.profileUrl;
  return url.startsWith('/') && !url.startsWith('//') ? url : `/profile/${encodeURIComponent(user.id)}`;
}

/** Spec section 9: the copy confirmation shows for 2 s. */
export const COPIED_CONFIRMATION_MS = 2000;

/**
 * Copy Track Link / Copy Album Link (spec section 2): copies the page's absolute address, says
 * 'Copied!' for 2 seconds and toasts 'Link copied!'; a refused clipboard toasts the spec's failure.
 * With `text` it copies that instead (the Embed code), toasting 'Code copied!'.
 */
export function CopyLinkButton({ path, text, label, className }: { path?: string; text?: string; label: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const { t } = useI18n();

  const copy = async () => {
    const link = text ?? `${window.location.origin}${path ?? ''}`;
    try {
      if (!navigator.clipboard) throw new Error('No clipboard');
      await navigator.clipboard.writeText(link);
    } catch {
      toast({ variant: 'destructive', title: t('copy.failed') });
      return;
    }
    // The link shown whole: a long address wraps anywhere in a monospace box, never past a phone's screen.
    const shown = <span className="mt-1 block rounded bg-muted px-1.5 py-0.5 font-mono text-xs break-all">{link}</span>;
    toast({ title: t(text === undefined ? 'copy.linkCopied' : 'copy.codeCopied'), description: shown });
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
  };

  return (
    <Button type="button" variant="outline" className={className} onClick={copy}>
      {copied ? <CheckIcon aria-hidden="true" /> : <CopyIcon aria-hidden="true" />}
      <span aria-live="polite">{copied ? t('copy.copied') : label}</span>
    </Button>
  );
}

/**
 * "Embed" on track and album pages (issue 17): the iframe code of the item's player, to paste into
 * a blog. Closed by default and server-rendered; the code names this page's own origin, so it is
 * complete once the page has hydrated (the server does not know the address it was reached at).
 */
export function EmbedCode({ kind, id, title }: { kind: EmbedKind; id: string; title: string }) {
  const origin = useIsClient() ? window.location.origin : '';
  const code = embedIframe({ origin, kind, id, title });
  const { t } = useI18n();
  return (
    <details className="mt-8 rounded-lg border bg-card px-4 py-3 text-sm">
      <summary className="cursor-pointer font-medium">{t('embed.summary')}</summary>
      <p className="mt-2 text-muted-foreground">{t('embed.help')}</p>
      <textarea
        readOnly
        value={code}
        rows={4}
        aria-label={t('embed.codeFor', { title })}
        className="mt-2 w-full resize-none rounded-md border bg-background p-2 font-mono text-xs break-all"
        onFocus={(event) => event.currentTarget.select()}
      />
      <CopyLinkButton text={code} label={t('embed.copy')} className="mt-2" />
    </details>
  );
}

/**
 * The click of a download button once the page's script runs: the server is asked first
 * (downloadRefusal), so a refusal shows its message in an alert ('Download failed', or the
 * `failureTitle` given) instead of being saved as a file; else the browser downloads the file
 * itself (streamed to disk) and 'Download started' is said.
 */
export async function checkedDownload(
  href: string,
  failureTitle = 'Download failed',
  fallback = '',
  startedTitle = 'Download started',
): Promise<boolean> {
  const refusal = await downloadRefusal(href);
  if (refusal !== undefined) {
    console.error('Download failed', refusal);
    toast({ variant: 'destructive', title: failureTitle, description: messageOf(refusal, fallback) || undefined });
    return false;
  }
  startDownload(href);
  toast({ title: startedTitle });
  return true;
}

/**
 * A download button: a plain link the browser downloads by itself before the page's script runs
 * (streamed to disk); once it runs, the click asks the server first (checkedDownload), so an error
 * answer is never saved as a file. `onClick` may take over.
 */
export function DownloadLink({
  href,
  label,
  accessibleName,
  iconOnly = false,
  variant = 'outline',
  size,
  failureTitle,
  failureFallback,
  onClick,
  className,
}: {
  href: string;
  label: ReactNode;
  /** The link's name when the visible label is not enough ("Download Song A"). */
  accessibleName?: string;
  iconOnly?: boolean;
  variant?: 'outline' | 'default' | 'ghost' | 'secondary';
  size?: 'default' | 'sm';
  /** The alert's title when the server refuses ('Download failed' unless said). */
  failureTitle?: string;
  /** The alert's text when the server's answer has no message. */
  failureFallback?: string;
  onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  className?: string;
}) {
  const { t } = useI18n();
  return (
    <Button asChild variant={variant} size={iconOnly ? 'icon' : (size ?? 'default')} className={className}>
      <a
        href={href}
        download
        rel="nofollow"
        aria-label={accessibleName}
        title={iconOnly ? accessibleName : undefined}
        onClick={(event) => {
          if (onClick) {
            onClick(event);
            return;
          }
          event.preventDefault();
          void checkedDownload(href, failureTitle ?? t('download.failed'), failureFallback, t('download.started'));
        }}
      >
        <DownloadIcon aria-hidden="true" />
        {iconOnly ? null : label}
      </a>
    </Button>
  );
}

/** The track and album pages' way back to the artist (spec section 2). */
export function BackToArtistLink({ user }: { user: { id: string; profileUrl: string; displayName: string } }) {
  const { t } = useI18n();
  return (
    <Link
      href={profileHref(user)}
      className="inline-flex min-h-10 items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <ArrowLeftIcon className="size-4" aria-hidden="true" />
      {t('item.backTo', { artist: user.displayName })}
    </Link>
  );
}

/** The track and album pages' large cover beside what it is, its name and its artist. */
export function ItemHero({
  as: Element,
  kind,
  id,
  coverPhotoFilename,
  name,
  artistName,
  children,
}: {
  as: 'article' | 'header';
  kind: 'track' | 'album';
  id: string;
  coverPhotoFilename: string | null;
  name: string;
  artistName: string;
  /** The facts and actions under the name. */
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Element className="mt-3 grid gap-6 sm:mt-5 sm:grid-cols-[18rem_minmax(0,1fr)] sm:items-end sm:gap-8">
      <CoverImage
        kind={kind}
        id={id}
        coverPhotoFilename={coverPhotoFilename}
        size={288}
        sizes="(min-width: 640px) 288px, 240px"
        eager
        className="mx-auto aspect-square w-60 rounded-xl shadow-md sm:mx-0 sm:w-72"
      />
      <div className="min-w-0 space-y-4 text-center sm:text-left">
        <div className="space-y-1">
          <p className="text-xs font-semibold tracking-wider text-muted-foreground uppercase">{t(kind === 'track' ? 'item.track' : 'item.album')}</p>
          <h1 className="text-2xl font-bold tracking-tight break-words sm:text-4xl">{name}</h1>
          <p className="text-lg text-muted-foreground">{artistName}</p>
        </div>
        {children}
      </div>
    </Element>
  );
}

/**
 * The track or album page's states (spec section 8): its skeleton while loading, 'Track Error' /
 * 'Album Error' when it could not be loaded, 'Track Not Found' / 'Album Not Found' for a 404 or an
 * empty answer, else the page itself; the document title follows.
 */
export function CatalogItemPage<D, I>({
  kind,
  query: { data, error, isPending },
  itemOf,
  titleOf,
  skeleton,
  children,
}: {
  kind: 'Track' | 'Album';
  query: { data: D | undefined; error: unknown; isPending: boolean };
  itemOf: (data: D) => I | null | undefined;
  titleOf: (item: I) => string;
  skeleton: ReactNode;
  children: (data: D) => ReactNode;
}) {
  const item = data ? itemOf(data) : undefined;
  const notFound = hasErrorCode(error, 'track.not-found', 'album.not-found', 'not-found') || (!isPending && !error && !item);
  const { t } = useI18n();
  const texts =
    kind === 'Track'
      ? { notFound: t('item.trackNotFound'), notFoundText: t('item.trackNotFoundDescription'), error: t('item.trackError'), errorText: t('item.trackErrorDescription') }
      : { notFound: t('item.albumNotFound'), notFoundText: t('item.albumNotFoundDescription'), error: t('item.albumError'), errorText: t('item.albumErrorDescription') };
  useDocumentTitle(item ? titleOf(item) : notFound ? texts.notFound : error ? texts.error : undefined);

  if (isPending) return skeleton;
  if (error && !notFound) {
    return <StatusCard icon={<TriangleAlertIcon />} title={texts.error} description={texts.errorText} />;
  }
  if (notFound || !data || !item) {
    const icon = kind === 'Track' ? <MusicIcon /> : <DiscAlbumIcon />;
    return <StatusCard icon={icon} title={texts.notFound} description={texts.notFoundText} />;
  }
  return children(data);
}

/**
 * '25-second preview' for a song its artist plays as a preview only (spec section 4), on its page
 * and in every list (issue 17). A buyer hears the whole song (issue 16): for them it is no preview.
 */
export function PreviewBadge({ track, className }: { track: Pick<PublicTrack, 'id' | 'allowFullPlayback'>; className?: string }) {
  // Only a preview asks what this browser owns: a list of full songs makes no request.
  return track.allowFullPlayback ? null : <PreviewOnlyBadge trackId={track.id} className={className} />;
}

function PreviewOnlyBadge({ trackId, className }: { trackId: string; className?: string }) {
  const owned = useOwnedItems().has({ type: 'track', id: trackId });
  const { t } = useI18n();
  return owned ? null : (
    <Badge variant="outline" className={className}>
      {t('preview.badge', { seconds: PREVIEW_SECONDS })}
    </Badge>
  );
}

/**
 * A song in a public list (a profile's Music Collection, search results, a genre): play/pause,
 * cover, a link to its page, artist, then its price, the preview badge and the list's own facts
 * (`children`), and the list's action at the end (Buy or Download) if it has one.
 */
export function TrackListRow({ track, children, action, testId }: { track: PublicTrack; children?: ReactNode; action?: ReactNode; testId?: string }) {
  return (
    <li
      className={cn(
        'grid min-w-0 items-center gap-x-3 rounded-lg border bg-card p-2.5 sm:p-3',
        action ? 'grid-cols-[auto_minmax(0,1fr)_auto]' : 'grid-cols-[auto_minmax(0,1fr)]',
      )}
      aria-label={track.trackName}
      data-testid={testId}
    >
      <div className="flex items-center gap-2.5 sm:gap-3">
        <PlayPauseButton track={track} />
        <CoverImage kind="track" id={track.id} coverPhotoFilename={track.coverPhotoFilename} size={48} className="size-10 sm:size-12" />
      </div>
      <div className="min-w-0">
        <Link
          href={`/track/${encodeURIComponent(track.id)}`}
          className="block truncate font-medium underline-offset-4 outline-none hover:underline focus-visible:underline"
        >
          {track.trackName}
        </Link>
        <p className="truncate text-sm text-muted-foreground">{track.artistName}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-2.5 gap-y-1 text-xs text-muted-foreground">
          <PriceBadge price={track.price} />
          <PreviewBadge track={track} />
          {children}
        </p>
      </div>
      {action}
    </li>
  );
}
