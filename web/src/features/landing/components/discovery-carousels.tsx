import type { UseQueryResult } from '@tanstack/react-query';
import {
  useEditorsPicks,
  useFeaturedArtists,
  useFeaturedTracks,
  useNewReleases,
  type FeaturedArtist,
  type FeaturedTrackEntry,
  type NewRelease,
} from '../api/featured';
import { ArtistCard, ArtistCardPlaceholder } from './artist-card';
import { Carousel, type CarouselState } from './carousel';
import { AlbumCard, TrackCard, TrackCardPlaceholder } from './track-card';

/** Spec section 2's empty and error texts, chosen per carousel and state. */
export const CAROUSEL_TEXTS = {
  tracksEmpty: 'No featured tracks available at the moment.',
  artistsEmpty: 'No featured artists available.',
  picksEmpty: "No editor's picks available at the moment.",
  picksError: "Failed to load editor's picks.",
  // Ours (issue 17): not in the spec.
  newEmpty: 'No new releases yet.',
  newError: 'New releases could not be loaded.',
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

/** Issue 17: the newest albums and tracks, so a store with uploads and no plays yet shows music. */
export function NewReleasesCarousel() {
  const query = useNewReleases();
  return (
    <Carousel
      title="New Releases"
      description="The newest songs and albums on Sauti."
      state={carouselState(query, { empty: CAROUSEL_TEXTS.newEmpty, error: CAROUSEL_TEXTS.newError })}
      getKey={(release: NewRelease) => (release.type === 'track' ? release.track.id : release.album.id)}
      renderItem={(release) => (release.type === 'track' ? <TrackCard track={release.track} /> : <AlbumCard album={release.album} />)}
      renderPlaceholder={() => <TrackCardPlaceholder />}
    />
  );
}
