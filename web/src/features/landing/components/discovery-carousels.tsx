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
import { useI18n } from '@/lib/i18n';
import { ArtistCard, ArtistCardPlaceholder } from './artist-card';
import { Carousel, type CarouselState } from './carousel';
import { AlbumCard, TrackCard, TrackCardPlaceholder } from './track-card';

function carouselState<T>(query: UseQueryResult<T[]>, texts: { empty: string; error: string }): CarouselState<T> {
  if (query.isPending) return { status: 'pending' };
  if (query.isError) return { status: 'error', message: texts.error };
  return { status: 'success', items: query.data, emptyMessage: texts.empty };
}

const trackKey = (entry: FeaturedTrackEntry) => entry.track.id;

export function TrendingSongsCarousel() {
  const query = useFeaturedTracks();
  const { t } = useI18n();
  return (
    <Carousel
      title={t('landing.trending')}
      description={t('landing.trendingText')}
      // The spec gives trending songs one text for "nothing to show", whatever the reason.
      state={carouselState(query, { empty: t('landing.tracksEmpty'), error: t('landing.tracksEmpty') })}
      getKey={trackKey}
      renderItem={(entry) => <TrackCard track={entry.track} />}
      renderPlaceholder={() => <TrackCardPlaceholder />}
    />
  );
}

export function PopularArtistsCarousel() {
  const query = useFeaturedArtists();
  const { t } = useI18n();
  return (
    <Carousel
      title={t('landing.popularArtists')}
      description={t('landing.popularArtistsText')}
      state={carouselState(query, { empty: t('landing.artistsEmpty'), error: t('landing.artistsEmpty') })}
      getKey={(artist: FeaturedArtist) => artist.id}
      renderItem={(artist) => <ArtistCard artist={artist} />}
      renderPlaceholder={() => <ArtistCardPlaceholder />}
    />
  );
}

export function EditorsPickCarousel() {
  const query = useEditorsPicks();
  const { t } = useI18n();
  return (
    <Carousel
      title={t('landing.editorsPick')}
      description={t('landing.editorsPickText')}
      state={carouselState(query, { empty: t('landing.picksEmpty'), error: t('landing.picksError') })}
      getKey={trackKey}
      renderItem={(entry) => <TrackCard track={entry.track} />}
      renderPlaceholder={() => <TrackCardPlaceholder />}
    />
  );
}

/** Issue 17: the newest albums and tracks, so a store with uploads and no plays yet shows music. */
export function NewReleasesCarousel() {
  const query = useNewReleases();
  const { t } = useI18n();
  return (
    <Carousel
      title={t('landing.newReleases')}
      description={t('landing.newReleasesText')}
      state={carouselState(query, { empty: t('landing.newEmpty'), error: t('landing.newError') })}
      getKey={(release: NewRelease) => (release.type === 'track' ? release.track.id : release.album.id)}
      renderItem={(release) => (release.type === 'track' ? <TrackCard track={release.track} /> : <AlbumCard album={release.album} />)}
      renderPlaceholder={() => <TrackCardPlaceholder />}
    />
  );
}
