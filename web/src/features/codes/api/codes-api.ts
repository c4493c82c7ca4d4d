import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodeBatch, CodeBatchesResponse, CreateCodesInput, RedeemCodeInput, RedeemCodeResponse } from '#common/schemas/codes';
import type { Album, Track } from '#common/schemas/catalog/responses';
import { apiJson } from '@/lib/api';

/** The calls of codes (issue 21, docs/decisions/050). */

export const codesQuery = queryOptions({
  queryKey: ['/api/codes'] as const,
  queryFn: ({ signal }) => apiJson<CodeBatchesResponse>('GET', '/api/codes', undefined, { signal }),
});

/** The artist's tracks and albums, to choose what a batch is for (the same calls My Music makes). */
export const myTracksQuery = queryOptions({
  queryKey: ['/api/tracks'] as const,
  queryFn: ({ signal }) => apiJson<Track[]>('GET', '/api/tracks', undefined, { signal }),
});
export const myAlbumsQuery = queryOptions({
  queryKey: ['/api/albums'] as const,
  queryFn: ({ signal }) => apiJson<Album[]>('GET', '/api/albums', undefined, { signal }),
});

export function useCreateCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCodesInput) => apiJson<CodeBatch>('POST', '/api/codes', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codesQuery.queryKey }),
  });
}

export const useRedeemCode = () => useMutation({ mutationFn: (input: RedeemCodeInput) => apiJson<RedeemCodeResponse>('POST', '/api/codes/redeem', input) });
