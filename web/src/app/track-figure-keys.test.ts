import { describe, expect, it } from 'vitest';
import { albumDetailQueryKey } from '@/features/album/api/album-detail';
import { tracksQuery } from '@/features/my-music/api/catalog-api';
import { profileQueryKey } from '@/features/profile/api/profile';
import { trackDetailQueryKey } from '@/features/track/api/track-detail';
import { trackKeys } from '@/lib/catalog-queries';

// A counted play reaches a feature's cache only when its key starts with a shared prefix
// (lib/catalog-queries): a feature that built its own key would silently miss the patch.
describe("the features' track queries sit under the shared prefixes", () => {
  it.each([
    ['profile', profileQueryKey('amani'), trackKeys.profile],
    ['track page', trackDetailQueryKey('t1'), trackKeys.trackDetail],
    ['album page', albumDetailQueryKey('a1'), trackKeys.albumDetail],
    ["the artist's songs", tracksQuery.queryKey, trackKeys.tracks],
  ])('%s', (_name, key, prefix) => {
    expect(key.slice(0, prefix.length)).toEqual([...prefix]);
  });
});
