import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { CurrentUser } from '#common/schemas/auth';
import { hasSessionHint } from '#common/session-hint';
import { apiRequest, getQueryFn } from './api';

/**
 * The signed-in artist, shared by the router (protected routes), the auth screens and the
 * dashboard. Spec section 4: loaded, null (signed out: a 401 on GET /api/user) or loading.
 */
export const currentUserQueryKey = ['/api/user'] as const;

const fetchCurrentUser = getQueryFn<CurrentUser>({ on401: 'returnNull' });

export const currentUserQuery = queryOptions({
  queryKey: currentUserQueryKey,
  // Without the session hint cookie the browser holds no session (common/src/session-hint.ts): the
  // answer is "signed out" without asking, so a visitor's page makes no failing request.
  queryFn: async (context): Promise<CurrentUser | null> =>
    typeof document === 'undefined' || hasSessionHint(document.cookie) ? fetchCurrentUser(context) : null,
});

export interface CurrentUserState {
  user: CurrentUser | null;
  /** True until we know: also while a refetch runs on top of a "signed out" answer. */
  isLoading: boolean;
  error: Error | null;
  refetch: () => void;
}

export function useCurrentUser(): CurrentUserState {
  const query = useQuery(currentUserQuery);
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isPending || (query.isFetching && user === null),
    error: query.error,
    refetch: () => void query.refetch(),
  };
}

/** How long the browser waits after a successful logout before going to /auth (spec section 9). */
export const LOGOUT_NAVIGATION_DELAY_MS = 100;

function clearStorage(storage: () => Storage) {
  try {
    storage().clear();
  } catch {
    // Storage can be unavailable (privacy modes); there is then nothing to clear.
  }
}

/**
 * POST /api/logout. On success (spec section 4): all cached data is cleared, the user set to
 * null, local and session storage cleared, and 100 ms later the browser goes to /auth. Failure
 * handling (the 'Logout failed' toast) is the caller's.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  return useMutation({
    mutationFn: async () => {
      await apiRequest('POST', '/api/logout');
    },
    onSuccess: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserQueryKey, null);
      clearStorage(() => window.localStorage);
      clearStorage(() => window.sessionStorage);
      window.setTimeout(() => navigate('/auth'), LOGOUT_NAVIGATION_DELAY_MS);
    },
  });
}
