import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { PurchaseItem } from '#common/schemas/catalog/responses';
import type { OwnedItems } from '#common/schemas/payments';
import { apiJson } from '@/lib/api';
import { useIsClient } from '@/lib/is-client';

// Shared by the purchase feature (the Buy button's 'Purchased') and the public pages (a bought
// preview-only song is no longer a preview). Apart from purchase-api.ts, whose mutation hooks
// would come along into the pages' first scripts (120 KB budget).

/**
 * GET /api/purchases/owned (issue 16): what this browser bought (its buyer cookie), tracks owned
 * through an album included. Asked once per page load, and again after a purchase.
 */
export const ownedItemsQueryKey = ['/api/purchases/owned'] as const;

export const ownedItemsQuery = queryOptions({
  queryKey: ownedItemsQueryKey,
  queryFn: ({ signal }) => apiJson<OwnedItems>('GET', '/api/purchases/owned', undefined, { signal }),
});

const NOTHING_OWNED = { has: () => false };

/**
 * Whether this browser owns an item. Only in the browser, after hydration: the server renders Buy
 * for everyone (its HTML is the same for every visitor, and hydration matches it), then the page
 * switches to 'Purchased' once the list arrives. A failed lookup owns nothing (Buy stays, and the
 * dialog's "Already bought this?" still works). One request for every button on the page.
 */
export function useOwnedItems(): { has: (item: Pick<PurchaseItem, 'type' | 'id'>) => boolean } {
  const isClient = useIsClient();
  const { data } = useQuery({ ...ownedItemsQuery, enabled: isClient });
  if (!isClient || !data) return NOTHING_OWNED;
  return { has: (item) => (item.type === 'album' ? data.albumIds : data.trackIds).includes(item.id) };
}

/** A purchase went through: read what this browser owns again, so the page shows 'Purchased' at once. */
export function refreshOwnedItems(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ownedItemsQueryKey });
}
