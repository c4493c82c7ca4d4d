import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPick, AdminStatus, AdminTrackHit, AuditPage, EnrolmentDone, EnrolmentStart } from '#common/schemas/admin';
import { apiJson, hasErrorCode } from '@/lib/api';

/** The operator console's calls (issue 21, decision 051). Nothing here is kept once the page is left. */
export const ADMIN_STATUS_KEY = ['/api/admin/me'] as const;
const PICKS_KEY = ['/api/admin/picks'] as const;
const AUDIT_KEY = ['/api/admin/audit'] as const;

export type ConsoleAccess = { kind: 'forbidden' } | ({ kind: 'operator' } & AdminStatus);

/** GET /api/admin/me: an operator's status, or 'forbidden' for anyone else. */
export function useAdminStatus() {
  return useQuery({
    queryKey: ADMIN_STATUS_KEY,
    gcTime: 0,
    retry: false,
    queryFn: async ({ signal }): Promise<ConsoleAccess> => {
      try {
        return { kind: 'operator', ...(await apiJson<AdminStatus>('GET', '/api/admin/me', undefined, { signal })) };
      } catch (error) {
        if (hasErrorCode(error, 'admin.forbidden')) return { kind: 'forbidden' };
        throw error;
      }
    },
  });
}

export const useStartEnrolment = () => useMutation({ mutationFn: () => apiJson<EnrolmentStart>('POST', '/api/admin/enrolment') });

export function useConfirmEnrolment() {
  return useMutation({ mutationFn: (code: string) => apiJson<EnrolmentDone>('POST', '/api/admin/enrolment/confirm', { code }) });
}

export function useVerify() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { code: string } | { recoveryCode: string }) => apiJson<{ verifiedUntil: string }>('POST', '/api/admin/verify', input),
    onSuccess: () => client.invalidateQueries({ queryKey: ADMIN_STATUS_KEY }),
  });
}

export function usePicks() {
  return useQuery({ queryKey: PICKS_KEY, gcTime: 0, queryFn: ({ signal }) => apiJson<{ picks: AdminPick[] }>('GET', '/api/admin/picks', undefined, { signal }) });
}

export function useTrackSearch(q: string) {
  return useQuery({
    queryKey: ['/api/admin/tracks', q],
    gcTime: 0,
    queryFn: ({ signal }) => apiJson<{ tracks: AdminTrackHit[] }>('GET', `/api/admin/tracks?q=${encodeURIComponent(q)}`, undefined, { signal }),
  });
}

type PickChange = { kind: 'add'; trackId: string; reason?: string } | { kind: 'move'; trackId: string; position: number; reason?: string } | { kind: 'remove'; trackId: string; reason?: string };

/** Every change answers the picks after it; the audit log and the search's "already a pick" follow. */
export function useChangePicks() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: PickChange) => {
      const reason = change.reason?.trim() || undefined;
      if (change.kind === 'add') return apiJson<{ picks: AdminPick[] }>('POST', '/api/admin/picks', { trackId: change.trackId, reason });
      if (change.kind === 'move') return apiJson<{ picks: AdminPick[] }>('PUT', `/api/admin/picks/${change.trackId}`, { position: change.position, reason });
      return apiJson<{ picks: AdminPick[] }>('DELETE', `/api/admin/picks/${change.trackId}${reason ? `?reason=${encodeURIComponent(reason)}` : ''}`);
    },
    onSuccess: (data) => {
      client.setQueryData(PICKS_KEY, data);
      void client.invalidateQueries({ queryKey: ['/api/admin/tracks'] });
      void client.invalidateQueries({ queryKey: AUDIT_KEY });
    },
  });
}

export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: AUDIT_KEY,
    gcTime: 0,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => apiJson<AuditPage>('GET', `/api/admin/audit?limit=30${pageParam ? `&before=${pageParam}` : ''}`, undefined, { signal }),
    getNextPageParam: (last) => last.nextBefore,
  });
}
