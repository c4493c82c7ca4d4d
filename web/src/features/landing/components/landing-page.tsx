import { Link } from 'wouter';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { EditorsPickCarousel, NewReleasesCarousel, PopularArtistsCarousel, TrendingSongsCarousel } from './discovery-carousels';
import { Hero } from './hero';
import { JoinArtistCta } from './join-artist-cta';
import { useI18n } from '@/lib/i18n';

/** Spec section 2: the landing page (the site header and footer come from the public layout). */
export function LandingPage() {
  useDocumentTitle();
  const { t } = useI18n();
  return (
    <>
      <Hero />
      <div id="discover" className="mx-auto max-w-6xl scroll-mt-20 space-y-12 px-4 py-12 sm:px-6">
        <TrendingSongsCarousel />
        <PopularArtistsCarousel />
        <EditorsPickCarousel />
        <NewReleasesCarousel />
        {/* The genres themselves are on the search page: their list would weigh on every public page's script. */}
        <p>
          <Link href="/search" className="font-medium text-primary underline underline-offset-4">
            {t('landing.browse')}
          </Link>
        </p>
      </div>
      <div className="pb-16">
        <JoinArtistCta />
      </div>
    </>
  );
}
