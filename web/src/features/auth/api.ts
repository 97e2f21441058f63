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

export function useSignIn() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (body: SignInBody) => api('/auth/sign_in', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** Asks for a one-time sign-in link by e-mail (offered when sign-in is refused for too many attempts). */
export function useRequestSignInLink() {
  return useMutation({
    mutationFn: (body: SignInLinkBody) => api('/auth/sign_in_link', { method: 'POST', body }),
  });
}

export function useSignInWithLink() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (token: string) => api('/auth/sign_in_with_link', { method: 'POST', body: { token } }),
    onSuccess: refresh,
  });
}

export function useSignUp() {
  return useMutation({ mutationFn: (body: SignUpBody) => api('/auth/sign_up', { method: 'POST', body }) });
}

export function useConfirmEmail() {
  const refresh = useRefreshSession();
  return useMutation({
    mutationFn: (token: string) => api('/auth/confirm', { method: 'POST', body: { token } }),
    onSuccess: refresh,
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => api('/auth/forgot_password', { method: 'POST', body }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api('/auth/reset_password', { method: 'POST', body }),
  });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingsBody) => api<CurrentUser>('/me', { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configQuery.queryKey }),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api('/me/password', { method: 'POST', body }),
  });
}
