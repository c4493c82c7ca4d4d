import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '#common/schemas/auth';
import type { FollowConfirmed } from '#common/schemas/follows';
import { apiJson } from '@/lib/api';

/** POST /api/follows (issue 17): the same answer whatever the address. */
export const useFollow = () =>
  useMutation({ mutationFn: (input: { artistId: string; email: string }) => apiJson<MessageResponse>('POST', '/api/follows', input) });

/** POST /api/follows/confirm */
export const useConfirmFollow = () => useMutation({ mutationFn: (token: string) => apiJson<FollowConfirmed>('POST', '/api/follows/confirm', { token }) });

/** POST /api/follows/unsubscribe */
export const useUnsubscribe = () => useMutation({ mutationFn: (token: string) => apiJson<MessageResponse>('POST', '/api/follows/unsubscribe', { token }) });
