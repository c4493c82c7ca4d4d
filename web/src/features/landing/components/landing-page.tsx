import { GenreLinks } from '@/components/genre-links';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { EditorsPickCarousel, PopularArtistsCarousel, TrendingSongsCarousel } from './discovery-carousels';
import { Hero } from './hero';
import { JoinArtistCta } from './join-artist-cta';

/** Spec section 2: the landing page (the site header and footer come from the public layout). */
export function LandingPage() {
  useDocumentTitle();
  return (
    <>
      <Hero />
      <div id="discover" className="mx-auto max-w-6xl scroll-mt-20 space-y-12 px-4 py-12 sm:px-6">
        <TrendingSongsCarousel />
        <PopularArtistsCarousel />
        <EditorsPickCarousel />
        <section aria-labelledby="browse-genres">
          <h2 id="browse-genres" className="mb-4 text-xl font-bold tracking-tight sm:text-2xl">
            Browse by genre
          </h2>
          <GenreLinks />
        </section>
      </div>
      <div className="pb-16">
        <JoinArtistCta />
      </div>
    </>
  );
}
