import { useState } from 'react';
import { TriangleAlertIcon } from 'lucide-react';
import { genreDisplayName } from '@/lib/genre-name';
import type { PublicTrack } from '#common/schemas/public';
import { StatusCard } from '@/components/status-card';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { hasErrorCode } from '@/lib/api';
import { useI18n } from '@/lib/i18n';
import { moreGenreTracks, useGenreTracks } from '../api/search';
import { GenreLinks } from '@/components/genre-links';
import { TrackResultRow } from './result-rows';

/** /genre/{slug} (issue 17): the genre's songs, newest first, a page at a time, playing in the site's player. */
export function GenrePage({ slug }: { slug: string }) {
  const { data, error, isPending } = useGenreTracks(slug);
  const { t } = useI18n();
  const notFound = hasErrorCode(error, 'genre.not-found', 'not-found');
  const name = genreDisplayName(slug, t);
  useDocumentTitle(name ?? (notFound ? t('genre.notFound') : undefined));

  if (isPending) return <GenreSkeleton />;
  if (!data) {
    return notFound ? (
      <StatusCard title={t('genre.notFound')} description={t('genre.notFoundDescription')} />
    ) : (
      <StatusCard icon={<TriangleAlertIcon />} title={t('genre.error')} description={t('genre.errorDescription')} />
    );
  }
  return <GenreTracks key={slug} slug={slug} name={genreDisplayName(slug, t) ?? data.genre.name} first={data.tracks} firstCursor={data.nextCursor} />;
}

function GenreTracks({ slug, name, first, firstCursor }: { slug: string; name: string; first: PublicTrack[]; firstCursor: string | null }) {
  const { t } = useI18n();
  const [more, setMore] = useState<PublicTrack[]>([]);
  const [cursor, setCursor] = useState(firstCursor);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const tracks = [...first, ...more];

  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await moreGenreTracks(slug, cursor);
      setMore((shown) => [...shown, ...page.tracks]);
      setCursor(page.nextCursor);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-6 pb-12 sm:px-6 sm:pt-10">
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{name}</h1>
      <p className="mt-1 text-muted-foreground">{t('genre.newestFirst')}</p>
      <GenreLinks current={slug} className="mt-4" />
      {tracks.length === 0 ? (
        <p className="mt-8 text-muted-foreground">{t('genre.noSongs', { name })}</p>
      ) : (
        <ul className="mt-6 grid gap-2" aria-label={t('genre.songs', { name })}>
          {tracks.map((track) => (
            <TrackResultRow key={track.id} track={track} />
          ))}
        </ul>
      )}
      {cursor && (
        <div className="mt-6 flex flex-col items-center gap-2">
          <Button variant="outline" onClick={() => void loadMore()} disabled={loading}>
            {loading ? t('genre.loading') : t('genre.more')}
          </Button>
          {failed && (
            <p role="alert" className="text-sm text-destructive">
              {t('genre.moreFailed')}
            </p>
          )}
        </div>
      )}
    </div>
  );
}

function GenreSkeleton() {
  return (
    <div className="mx-auto w-full max-w-4xl space-y-3 px-4 pt-6 sm:px-6 sm:pt-10" aria-busy="true">
      <Skeleton className="h-9 w-48" />
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} className="h-16 w-full" />
      ))}
    </div>
  );
}
