import type {
  ChangePasswordBody,
  CurrentUser,
  ForgotPasswordBody,
  ResetPasswordBody,
  SignInBody,
  SignInLinkBody,
  SignUpBody,
  UpdateSettingsBody,
} from '@portal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { configQuery } from '../../lib/config.ts';

/** Session changes reload the config (user + CSRF token) before anything else renders. */
function useRefreshSession() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.resetQueries();
    await queryClient.fetchQuery(configQuery);
  };
}

/** A POST of `Body` to an auth endpoint; `refresh` when it changes the session. */
function usePost<Body>(path: string, options: { refresh?: boolean } = {}) {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (body: Body) => api(path, { method: 'POST', body }),
    onSuccess: options.refresh ? refresh : undefined,
  });
}

export const useSignIn = () => usePost<SignInBody>('/auth/sign_in', { refresh: true });

/** Asks for a one-time sign-in link by e-mail (offered when sign-in is refused for too many attempts). */
export const useRequestSignInLink = () => usePost<SignInLinkBody>('/auth/sign_in_link');

export const useSignInWithLink = () =>
  usePost<{ token: string }>('/auth/sign_in_with_link', { refresh: true });

export const useSignUp = () => usePost<SignUpBody>('/auth/sign_up');

export const useConfirmEmail = () => usePost<{ token: string }>('/auth/confirm', { refresh: true });

export const useForgotPassword = () => usePost<ForgotPasswordBody>('/auth/forgot_password');

export const useResetPassword = () => usePost<ResetPasswordBody>('/auth/reset_password');

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => api<CurrentUser>('/me', { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configQuery.queryKey }),
  });
}

export const useChangePassword = () => usePost<ChangePasswordBody>('/me/password');
