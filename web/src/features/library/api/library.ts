import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Library } from '#common/schemas/library';
import { hasSessionHint, LIBRARY_HINT_COOKIE } from '#common/session-hint';
import type { MessageResponse } from '#common/schemas/auth';
import { hasErrorCode, apiJson, apiRequest } from '@/lib/api';

/** GET /api/library (issue 17). The answer is the fan's own: never retried (a 401 means signed out), never kept once left. */
export const LIBRARY_QUERY_KEY = ['/api/library'] as const;

/** The signed-in library, or null when this browser is not signed in to one. */
export function useLibrary(enabled: boolean) {
  return useQuery({
    queryKey: LIBRARY_QUERY_KEY,
    enabled,
    gcTime: 0,
    retry: false,
    queryFn: async ({ signal }) => {
      // No library session in this browser (decision 089): signed out, without a failing request.
      if (typeof document !== 'undefined' && !hasSessionHint(document.cookie, LIBRARY_HINT_COOKIE)) return null;
      try {
        return await apiJson<Library>('GET', '/api/library', undefined, { signal });
      } catch (error) {
        if (hasErrorCode(error, 'library.signed-out')) return null;
        throw error;
      }
    },
  });
}

/** POST /api/library/link: the same answer whatever the address. */
export const useLibraryLink = () => useMutation({ mutationFn: (input: { email: string }) => apiJson<MessageResponse>('POST', '/api/library/link', input) });

/** POST /api/library/session: the mailed link's token becomes this browser's library cookie. */
export function useLibrarySession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiJson<Library>('POST', '/api/library/session', { token }),
    onSuccess: (library) => client.setQueryData(LIBRARY_QUERY_KEY, library),
  });
}

export function useLibrarySignOut() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/library/sign-out'),
    onSuccess: () => client.setQueryData(LIBRARY_QUERY_KEY, null),
  });
}
