import type { AcceptInvitationResult, Collaborator, Invitation, InvitationPreview } from '@portal/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';
import { appsKeys } from '../../lib/query-keys.ts';

export const collaboratorsKeys = {
  all: ['collaborators'] as const,
  app: (appId: string) => [...collaboratorsKeys.all, appId] as const,
  members: (appId: string) => [...collaboratorsKeys.app(appId), 'members'] as const,
  invitations: (appId: string) => [...collaboratorsKeys.app(appId), 'invitations'] as const,
  preview: (token: string) => ['invitation', token] as const,
};

const q = (appId: string) => `developer_app_id=${encodeURIComponent(appId)}`;

export const collaboratorsQuery = (appId: string) =>
  queryOptions({
    queryKey: collaboratorsKeys.members(appId),
    queryFn: () => api<Collaborator[]>(`/collaborators?${q(appId)}`),
  });

export const invitationsQuery = (appId: string) =>
  queryOptions({
    queryKey: collaboratorsKeys.invitations(appId),
    queryFn: () => api<Invitation[]>(`/invitations?${q(appId)}`),
  });

export const invitationPreviewQuery = (token: string) =>
  queryOptions({
    queryKey: collaboratorsKeys.preview(token),
    queryFn: () => api<InvitationPreview>(`/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });

/** Every change refreshes the lists and the app (roles drive the app's flags). */
function useCollaboratorsMutation<V, R>(appId: string, request: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: collaboratorsKeys.app(appId) });
      void client.invalidateQueries({ queryKey: appsKeys.all });
    },
  });
}

export const useInvite = (appId: string) =>
  useCollaboratorsMutation(appId, (body: { email: string; role: 'admin' | 'developer' }) =>
    api<Invitation>('/invitations', { method: 'POST', body: { developer_app_id: appId, ...body } }),
  );

export const useCancelInvitation = (appId: string) =>
  useCollaboratorsMutation(appId, (invitationId: string) =>
    api<Invitation>(`/invitations/${invitationId}`, {
      method: 'PATCH',
      body: { developer_app_id: appId, invitation: { status: 'canceled' } },
    }),
  );

export const useChangeRole = (appId: string) =>
  useCollaboratorsMutation(appId, (change: { id: string; role: 'admin' | 'developer' }) =>
    api<Collaborator[]>('/collaborators', {
      method: 'PATCH',
      body: { developer_app_id: appId, collaborators: [change] },
    }),
  );

export const useRemoveCollaborator = (appId: string) =>
  useCollaboratorsMutation(appId, (collaboratorId: string) =>
    api<void>(`/collaborators/${collaboratorId}?${q(appId)}`, { method: 'DELETE' }),
  );

export const useTransferOwnership = (appId: string) =>
  useCollaboratorsMutation(appId, (collaboratorId: string) =>
    api<Collaborator[]>(`/collaborators/${collaboratorId}/transfer_ownership?${q(appId)}`, {
      method: 'POST',
    }),
  );

export function useAcceptInvitation(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<AcceptInvitationResult>(`/invitations/${encodeURIComponent(token)}/accept`, { method: 'POST' }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: appsKeys.all });
      void client.invalidateQueries({ queryKey: collaboratorsKeys.preview(token) });
    },
  });
}
