import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Takedown, TakedownCandidate, TakedownItemType } from '#common/schemas/takedowns';
import { apiJson, apiRequest } from '@/lib/api';

/** Takedowns in the console (decision 058). */
const TAKEDOWNS_KEY = ['/api/admin/takedowns'] as const;
const FIND_KEY = '/api/admin/takedowns/find';
const AUDIT_KEY = ['/api/admin/audit'] as const;

export function useTakedowns() {
  return useQuery({ queryKey: TAKEDOWNS_KEY, gcTime: 0, queryFn: ({ signal }) => apiJson<{ takedowns: Takedown[] }>('GET', '/api/admin/takedowns', undefined, { signal }) });
}

/** A search by name, or a pasted address or id; nothing asked for an empty query. */
export function useTakedownFind(q: string) {
  return useQuery({
    queryKey: [FIND_KEY, q],
    gcTime: 0,
    enabled: q.length > 0,
    queryFn: ({ signal }) => apiJson<{ items: TakedownCandidate[] }>('GET', `${FIND_KEY}?q=${encodeURIComponent(q)}`, undefined, { signal }),
  });
}

type TakedownChange =
  | { kind: 'take-down'; itemType: TakedownItemType; itemId: string; reason: string }
  | { kind: 'restore'; itemType: TakedownItemType; itemId: string; reason?: string };

export function useChangeTakedown() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: TakedownChange) => {
      if (change.kind === 'take-down') {
        await apiJson<Takedown>('POST', '/api/admin/takedowns', { itemType: change.itemType, itemId: change.itemId, reason: change.reason });
        return;
      }
      const reason = change.reason?.trim();
      await apiRequest('DELETE', `/api/admin/takedowns/${change.itemType}/${change.itemId}${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: TAKEDOWNS_KEY });
      void client.invalidateQueries({ queryKey: [FIND_KEY] });
      void client.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}
