import { useSearchParams } from 'wouter';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useI18n } from '@/lib/i18n';
import { SEARCH_MIN_CHARACTERS, SEARCH_PAGE_LIMIT, useSearchResults } from '../api/search';
import { GenreLinks } from '@/components/genre-links';
import { AlbumResultLink, ArtistResultLink, TrackResultRow } from './result-rows';

/**
 * /search?q= (issue 17): artists, songs and albums matching the query; rendered on the server too.
 * The query is typed in the header's box (a form to this page that works without scripts).
 */
export function SearchPage() {
  const [searchParams] = useSearchParams();
  const { t } = useI18n();
  const q = searchParams.get('q') ?? '';
  const { data, isError, isFetching } = useSearchResults(q, SEARCH_PAGE_LIMIT);
  useDocumentTitle(q ? t('search.titleFor', { q }) : t('search.title'));
  const asked = q.trim().length >= SEARCH_MIN_CHARACTERS;
  const empty = data && data.tracks.length + data.albums.length + data.artists.length === 0;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-6 pb-12 sm:px-6 sm:pt-10">
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{asked ? t('search.resultsFor', { q }) : t('search.title')}</h1>
      {!asked && <p className="mt-6 text-muted-foreground">{t('search.typeMore')}</p>}
      {isError && (
        <p role="alert" className="mt-6 text-destructive">
          {t('search.failed')}
        </p>
      )}
      {asked && empty && !isFetching && <p className="mt-6 text-muted-foreground">{t('search.nothingFound', { q })}</p>}
      {asked && data && (
        <div className="mt-6 grid gap-8">
          {data.artists.length > 0 && (
            <Section title={t('search.artists')}>
              {data.artists.map((artist) => (
                <ArtistResultLink key={artist.id} artist={artist} />
              ))}
            </Section>
          )}
          {data.tracks.length > 0 && (
            <Section title={t('search.songs')}>
              {data.tracks.map((track) => (
                <TrackResultRow key={track.id} track={track} />
              ))}
            </Section>
          )}
          {data.albums.length > 0 && (
            <Section title={t('search.albums')}>
              {data.albums.map((album) => (
                <AlbumResultLink key={album.id} album={album} />
              ))}
            </Section>
          )}
        </div>
      )}
      <h2 className="mt-10 mb-3 text-lg font-semibold">{t('search.browseGenre')}</h2>
      <GenreLinks />
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title}>
      <h2 className="mb-3 text-lg font-semibold">{title}</h2>
      <ul className="grid gap-2">{children}</ul>
    </section>
  );
}
