import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CodeBatch, CodeBatchesResponse, CreateCodesInput, RedeemCodeInput, RedeemCodeResponse } from '#common/schemas/codes';
import { apiJson } from '@/lib/api';

/** The calls of codes (issue 21, docs/decisions/050). */

export const codesQuery = queryOptions({
  queryKey: ['/api/codes'] as const,
  queryFn: ({ signal }) => apiJson<CodeBatchesResponse>('GET', '/api/codes', undefined, { signal }),
});

export function useCreateCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCodesInput) => apiJson<CodeBatch>('POST', '/api/codes', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: codesQuery.queryKey }),
  });
}

export const useRedeemCode = () => useMutation({ mutationFn: (input: RedeemCodeInput) => apiJson<RedeemCodeResponse>('POST', '/api/codes/redeem', input) });
