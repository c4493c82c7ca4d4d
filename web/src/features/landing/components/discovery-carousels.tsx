import type { UseQueryResult } from '@tanstack/react-query';
import {
  useEditorsPicks,
  useFeaturedArtists,
  useFeaturedTracks,
  type FeaturedArtist,
  type FeaturedTrackEntry,
} from '../api/featured';
import { ArtistCard, ArtistCardPlaceholder } from './artist-card';
import { Carousel, type CarouselState } from './carousel';
import { TrackCard, TrackCardPlaceholder } from './track-card';

/** Spec section 2's empty and error texts, chosen per carousel and state. */
export const CAROUSEL_TEXTS = {
  tracksEmpty: 'No featured tracks available at the moment.',
  artistsEmpty: 'No featured artists available.',
  picksEmpty: "No editor's picks available at the moment.",
  picksError: "Failed to load editor's picks.",
} as const;

function carouselState<T>(query: UseQueryResult<T[]>, texts: { empty: string; error: string }): CarouselState<T> {
  if (query.isPending) return { status: 'pending' };
  if (query.isError) return { status: 'error', message: texts.error };
  return { status: 'success', items: query.data, emptyMessage: texts.empty };
}

const trackKey = (entry: FeaturedTrackEntry) => entry.track.id;

export function TrendingSongsCarousel() {
  const query = useFeaturedTracks();
  return (
    <Carousel
      title="Currently Trending Songs"
      description="What listeners are playing and buying right now."
      // The spec gives trending songs one text for "nothing to show", whatever the reason.
      state={carouselState(query, { empty: CAROUSEL_TEXTS.tracksEmpty, error: CAROUSEL_TEXTS.tracksEmpty })}
      getKey={trackKey}
      renderItem={(entry) => <TrackCard track={entry.track} />}
      renderPlaceholder={() => <TrackCardPlaceholder />}
    />
  );
}

export function PopularArtistsCarousel() {
  const query = useFeaturedArtists();
  return (
    <Carousel
      title="Popular Artists"
      description="The artists fans are listening to this month."
      state={carouselState(query, { empty: CAROUSEL_TEXTS.artistsEmpty, error: CAROUSEL_TEXTS.artistsEmpty })}
      getKey={(artist: FeaturedArtist) => artist.id}
      renderItem={(artist) => <ArtistCard artist={artist} />}
      renderPlaceholder={() => <ArtistCardPlaceholder />}
    />
  );
}

export function EditorsPickCarousel() {
  const query = useEditorsPicks();
  return (
    <Carousel
      title="Editor's Pick"
      description="Hand-picked by the Sauti team."
      state={carouselState(query, { empty: CAROUSEL_TEXTS.picksEmpty, error: CAROUSEL_TEXTS.picksError })}
      getKey={trackKey}
      renderItem={(entry) => <TrackCard track={entry.track} />}
      renderPlaceholder={() => <TrackCardPlaceholder />}
    />
  );
}
