import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { makeAlbum, makeTrack } from '@/test/catalog-fixtures';
import { showTrackFigures, trackKeys, withTrackFigures } from './catalog-queries';

// The shapes the public reads answer, cut to what the patch walks through.
const song = makeTrack({ trackName: 'Song A', streamCount: 4 });
const other = makeTrack({ trackName: 'Song B', streamCount: 9 });
const album = { ...makeAlbum(), tracks: [song, other] };
const artist = { id: 'u1', displayName: 'Amani' };

function cachedEverywhere() {
  const queryClient = new QueryClient();
  const keys = {
    profile: [...trackKeys.profile, 'amani'],
    trackPage: [...trackKeys.trackDetail, song.id],
    otherTrackPage: [...trackKeys.trackDetail, other.id],
    albumPage: [...trackKeys.albumDetail, album.id],
    mySongs: trackKeys.tracks,
    unrelated: ['/api/codes'],
  };
  queryClient.setQueryData(keys.profile, { user: artist, tracks: [song, other], albums: [album] });
  queryClient.setQueryData(keys.trackPage, { track: song, user: artist });
  queryClient.setQueryData(keys.otherTrackPage, { track: other, user: artist });
  queryClient.setQueryData(keys.albumPage, { album: { id: album.id, albumName: album.albumName }, tracks: [song, other], user: artist });
  queryClient.setQueryData(keys.mySongs, [song, other]);
  queryClient.setQueryData(keys.unrelated, { batches: [{ id: song.id, count: 3 }] });
  return { queryClient, keys };
}

const countOf = (data: unknown, id: string): number | undefined => {
  const found = JSON.stringify(data).match(new RegExp(`"id":"${id}"[^}]*?"streamCount":(\\d+)`));
  return found ? Number(found[1]) : undefined;
};

describe('a counted play patches every cache by query-key prefix', () => {
  it('shows the new count on the profile (and its albums), the track page, the album page and My Music', () => {
    const { queryClient, keys } = cachedEverywhere();
    showTrackFigures(queryClient, song.id, { streamCount: 5 });

    const profile = queryClient.getQueryData<{ tracks: { id: string; streamCount: number }[]; albums: { tracks: { streamCount: number }[] }[] }>(keys.profile)!;
    expect(profile.tracks.map((track) => track.streamCount)).toEqual([5, 9]);
    expect(profile.albums[0]!.tracks.map((track) => track.streamCount)).toEqual([5, 9]);
    expect(queryClient.getQueryData<{ track: { streamCount: number } }>(keys.trackPage)!.track.streamCount).toBe(5);
    expect(countOf(queryClient.getQueryData(keys.albumPage), song.id)).toBe(5);
    expect(queryClient.getQueryData<{ streamCount: number }[]>(keys.mySongs)!.map((track) => track.streamCount)).toEqual([5, 9]);
  });

  it('leaves alone what does not show the track, and caches outside the prefixes', () => {
    const { queryClient, keys } = cachedEverywhere();
    const before = { otherTrackPage: queryClient.getQueryData(keys.otherTrackPage), unrelated: queryClient.getQueryData(keys.unrelated) };
    showTrackFigures(queryClient, song.id, { streamCount: 5 });

    // The same objects: nothing that lists only other tracks re-renders.
    expect(queryClient.getQueryData(keys.otherTrackPage)).toBe(before.otherTrackPage);
    expect(queryClient.getQueryData(keys.unrelated)).toBe(before.unrelated);
  });

  it('keeps the identity of every part the track is not in', () => {
    const page = { user: artist, tracks: [song, other], albums: [{ ...album, tracks: [other] }] };
    const patched = withTrackFigures(page, song.id, { streamCount: 7 });
    expect(patched).not.toBe(page);
    expect(patched.tracks[0]).toEqual({ ...song, streamCount: 7 });
    expect(patched.tracks[1]).toBe(other);
    expect(patched.albums).toBe(page.albums);
    expect(patched.user).toBe(artist);
    expect(song.streamCount).toBe(4);
  });
});
