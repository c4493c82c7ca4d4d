import { queryOptions } from '@tanstack/react-query';
import type { MyTakedown } from '#common/schemas/takedowns';
import { apiJson } from '@/lib/api';

/** What an operator took down of the artist's, and why (issue 21, decision 058). */
export const myTakedownsQuery = queryOptions({
  queryKey: ['/api/takedowns/mine'] as const,
  queryFn: async ({ signal }) => (await apiJson<{ takedowns: MyTakedown[] }>('GET', '/api/takedowns/mine', undefined, { signal })).takedowns,
});

/** The takedown that hides this song or album: its own, else its album's, else the artist's. */
export function takedownOf(takedowns: readonly MyTakedown[] | undefined, item: { kind: 'track' | 'album'; id: string; albumId?: string | null }): MyTakedown | undefined {
  if (!takedowns || takedowns.length === 0) return undefined;
  const find = (type: MyTakedown['itemType'], id: string | null | undefined) => (id ? takedowns.find((row) => row.itemType === type && row.itemId === id) : undefined);
  return find(item.kind, item.id) ?? (item.kind === 'track' ? find('album', item.albumId) : undefined) ?? takedowns.find((row) => row.itemType === 'artist');
}
