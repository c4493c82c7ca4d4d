import { useSearchParams } from 'wouter';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { SEARCH_MIN_CHARACTERS, SEARCH_PAGE_LIMIT, useSearchResults } from '../api/search';
import { GenreLinks } from '@/components/genre-links';
import { AlbumResultLink, ArtistResultLink, TrackResultRow } from './result-rows';

/**
 * /search?q= (issue 17): artists, songs and albums matching the query; rendered on the server too.
 * The query is typed in the header's box (a form to this page that works without scripts).
 */
export function SearchPage() {
  const [searchParams] = useSearchParams();
  const q = searchParams.get('q') ?? '';
  const { data, isError, isFetching } = useSearchResults(q, SEARCH_PAGE_LIMIT);
  useDocumentTitle(q ? `Search: ${q}` : 'Search');
  const asked = q.trim().length >= SEARCH_MIN_CHARACTERS;
  const empty = data && data.tracks.length + data.albums.length + data.artists.length === 0;

  return (
    <div className="mx-auto w-full max-w-4xl px-4 pt-6 pb-12 sm:px-6 sm:pt-10">
      <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{asked ? `Results for “${q}”` : 'Search'}</h1>
      {!asked && <p className="mt-6 text-muted-foreground">Type at least two letters, or browse a genre.</p>}
      {isError && (
        <p role="alert" className="mt-6 text-destructive">
          Search failed. Please check your connection and try again.
        </p>
      )}
      {asked && empty && !isFetching && <p className="mt-6 text-muted-foreground">Nothing found for “{q}”. Check the spelling, or browse a genre.</p>}
      {asked && data && (
        <div className="mt-6 grid gap-8">
          {data.artists.length > 0 && (
            <Section title="Artists">
              {data.artists.map((artist) => (
                <ArtistResultLink key={artist.id} artist={artist} />
              ))}
            </Section>
          )}
          {data.tracks.length > 0 && (
            <Section title="Songs">
              {data.tracks.map((track) => (
                <TrackResultRow key={track.id} track={track} />
              ))}
            </Section>
          )}
          {data.albums.length > 0 && (
            <Section title="Albums">
              {data.albums.map((album) => (
                <AlbumResultLink key={album.id} album={album} />
              ))}
            </Section>
          )}
        </div>
      )}
      <h2 className="mt-10 mb-3 text-lg font-semibold">Browse by genre</h2>
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
