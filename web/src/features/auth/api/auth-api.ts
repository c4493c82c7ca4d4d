import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CurrentUser,
  MessageResponse,
  RegisterResponse,
  VerifyEmailResponse,
} from '#common/schemas/auth';
import { apiJson } from '@/lib/api';
import { currentUserQuery, currentUserQueryKey } from '@/lib/auth';

/** What the login form sends (the parsed output of loginSchema). */
export interface LoginRequest {
  email: string;
  password: string;
}

export interface RegisterRequest {
  email: string;
  password: string;
  displayName: string;
}

/** Spec section 4: registration either asks for e-mail verification or returns the user. */
export type RegisterResult = RegisterResponse | CurrentUser;

export function needsEmailVerification(result: RegisterResult): result is RegisterResponse {
  return 'requiresEmailVerification' in result && result.requiresEmailVerification === true;
}

/** POST /api/login; success makes the returned user the current user. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: LoginRequest) => apiJson<CurrentUser>('POST', '/api/login', credentials),
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}

/** POST /api/register; a returned user (no verification required) becomes the current user. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegisterRequest) => apiJson<RegisterResult>('POST', '/api/register', input),
    onSuccess: (result) => {
      if (!needsEmailVerification(result)) queryClient.setQueryData(currentUserQueryKey, result);
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (input: { email: string }) => apiJson<MessageResponse>('POST', '/api/forgot-password', input),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: (input: { email: string }) => apiJson<MessageResponse>('POST', '/api/resend-verification', input),
  });
}

/**
 * POST /api/verify-email. The answer signs the browser in (a cookie), so the current user is
 * fetched before the screen says "verified": the dashboard must not see a stale "signed out".
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => apiJson<VerifyEmailResponse>('POST', '/api/verify-email', { token }),
    onSuccess: async () => {
      try {
        await queryClient.fetchQuery({ ...currentUserQuery, staleTime: 0 });
      } catch {
        // The verification itself succeeded; the protected route will ask again.
        await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      }
    },
  });
}

/** POST /api/reset-password. A reset signs the account out everywhere, so forget who we thought was signed in. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { token: string; newPassword: string }) =>
      apiJson<MessageResponse>('POST', '/api/reset-password', input),
    onSuccess: () => queryClient.resetQueries({ queryKey: currentUserQueryKey }),
  });
}
