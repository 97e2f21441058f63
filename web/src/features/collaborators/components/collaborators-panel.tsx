import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { Collaborator, Invitation } from '@portal/contracts';
import { type AppRole, roleAllows } from '@portal/contracts/app-roles';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../components/dialog-actions.tsx';
import { TableSkeleton } from '../../../components/skeletons.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { useCurrentUser } from '../../../lib/config.ts';
import {
  collaboratorsQuery,
  invitationsQuery,
  useCancelInvitation,
  useChangeRole,
  useRemoveCollaborator,
  useTransferOwnership,
} from '../api.ts';
import { AddCollaboratorModal } from './add-collaborator-modal.tsx';
import { CollaboratorMenu, type MenuAction } from './collaborator-menu.tsx';
import { PermissionDetailsButton } from './permission-details.tsx';
import { RoleCheckboxes } from './role-checkboxes.tsx';

type Props = {
  appId: string;
  /** The signed-in user's role on the app. */
  role: AppRole;
};

type Row =
  | { kind: 'member'; id: string; collaborator: Collaborator }
  | { kind: 'invitation'; id: string; invitation: Invitation };

type Pending = { action: MenuAction; row: Row; who: string } | null;

/** The Collaborators tab: people on the app, pending invitations, and what each role may do. */
export function CollaboratorsPanel({ appId, role }: Props) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const members = useQuery(collaboratorsQuery(appId));
  const invitations = useQuery(invitationsQuery(appId));
  const changeRole = useChangeRole(appId);
  const cancel = useCancelInvitation(appId);
  const remove = useRemoveCollaborator(appId);
  const transfer = useTransferOwnership(appId);
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Pending>(null);
  const canManage = roleAllows(role, 'updateCollaborators');
  const isOwner = role === 'owner';
  const notAvailable = t('collaborators.table.notAvailable');

  const rows: Row[] = [
    ...(members.data ?? []).map((c): Row => ({ kind: 'member', id: c.id, collaborator: c })),
    ...(invitations.data ?? []).map((i): Row => ({ kind: 'invitation', id: i.id, invitation: i })),
  ];

  const fail = (failure: unknown) => setError(errorsJoined(failure, t('collaborators.errors.generic')));
  const actionsFor = (row: Row): MenuAction[] => {
    if (row.kind === 'invitation') return canManage ? ['cancel'] : [];
    const { collaborator } = row;
    const self = collaborator.user_id === me?.id;
    const actions: MenuAction[] = [];
    if (canManage && !self && collaborator.role !== 'owner') actions.push('remove');
    if (isOwner && !self) actions.push('transfer');
    return actions;
  };

  const handleConfirm = () => {
    if (!confirm) return;
    const { action, row, who } = confirm;
    const done = (message: string) => () => {
      setConfirm(null);
      setNotice(message);
    };
    const options = {
      onError: (failure: unknown) => {
        setConfirm(null);
        fail(failure);
      },
    };
    setError(null);
    if (action === 'cancel')
      cancel.mutate(row.id, { ...options, onSuccess: done(t('collaborators.cancel.done', { who })) });
    if (action === 'remove')
      remove.mutate(row.id, { ...options, onSuccess: done(t('collaborators.remove.done', { who })) });
    if (action === 'transfer')
      transfer.mutate(row.id, { ...options, onSuccess: done(t('collaborators.transfer.done', { who })) });
  };

  const handleRoleChange = (collaborator: Collaborator, next: 'admin' | 'developer') => {
    setError(null);
    setNotice(null);
    changeRole.mutate({ id: collaborator.id, role: next }, { onError: fail });
  };

  const loadFailed = members.isError || invitations.isError;

  return (
    <Paper withBorder p="lg" component="section" aria-labelledby="collaborators-heading">
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h3" id="collaborators-heading">
            {t('collaborators.title')}
          </Title>
          <Group gap="xs">
            <PermissionDetailsButton />
            {canManage && <Button onClick={() => setAdding(true)}>{t('collaborators.add.open')}</Button>}
          </Group>
        </Group>
        {error && (
          <Alert
            color="red"
            role="alert"
            title={t('collaborators.errors.title')}
            withCloseButton
            onClose={() => setError(null)}
          >
            {error}
          </Alert>
        )}
        {notice && (
          <Alert color="green" role="status" withCloseButton onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        )}
        {loadFailed && (
          <Alert color="red" role="alert" title={t('collaborators.errors.title')}>
            {t('collaborators.errors.loading')}
          </Alert>
        )}
        {members.isPending ? (
          <TableSkeleton rows={2} />
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-labelledby="collaborators-heading">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('collaborators.table.name')}</Table.Th>
                  <Table.Th scope="col">{t('collaborators.table.email')}</Table.Th>
                  <Table.Th scope="col">{t('collaborators.table.role')}</Table.Th>
                  <Table.Th scope="col">
                    <Text span size="sm" fw={700}>
                      {t('collaborators.table.actions')}
                    </Text>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => {
                  // A pending invitee has no name yet: the e-mail the invitation went to names them.
                  const email = row.kind === 'member' ? row.collaborator.email : row.invitation.email;
                  const name = row.kind === 'member' ? row.collaborator.name : email;
                  const who = name ?? email ?? notAvailable;
                  return (
                    <Table.Tr key={`${row.kind}-${row.id}`}>
                      <Table.Td>{name ?? notAvailable}</Table.Td>
                      <Table.Td>{email ?? notAvailable}</Table.Td>
                      <Table.Td>
                        {row.kind === 'member' ? (
                          <RoleCheckboxes
                            role={row.collaborator.role}
                            who={who}
                            editable={
                              canManage &&
                              row.collaborator.role !== 'owner' &&
                              row.collaborator.user_id !== me?.id
                            }
                            busy={changeRole.isPending}
                            onChange={(next) => handleRoleChange(row.collaborator, next)}
                          />
                        ) : (
                          <Group gap="sm" wrap="nowrap">
                            <RoleCheckboxes
                              role={row.invitation.role}
                              who={who}
                              editable={false}
                              onChange={() => {}}
                            />
                            <Badge color={row.invitation.expired ? 'gray' : 'yellow'} variant="light">
                              {row.invitation.expired
                                ? t('collaborators.table.expired')
                                : t('collaborators.table.pending')}
                            </Badge>
                          </Group>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <CollaboratorMenu
                          who={who}
                          actions={actionsFor(row)}
                          onSelect={(action) => setConfirm({ action, row, who })}
                        />
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <AddCollaboratorModal
        appId={appId}
        opened={adding}
        onClose={() => setAdding(false)}
        onInvited={(email) => {
          setAdding(false);
          setNotice(t('collaborators.add.done', { email }));
        }}
      />
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={confirm ? t(`collaborators.${confirm.action}.title`) : ''}
      >
        {confirm && (
          <Stack>
            <Text>{t(`collaborators.${confirm.action}.confirm`, { who: confirm.who })}</Text>
            <DialogActions onCancel={() => setConfirm(null)}>
              <Button
                color={confirm.action === 'remove' ? 'red' : undefined}
                loading={cancel.isPending || remove.isPending || transfer.isPending}
                onClick={handleConfirm}
              >
                {t(`collaborators.${confirm.action}.button`)}
              </Button>
            </DialogActions>
          </Stack>
        )}
      </Modal>
    </Paper>
  );
}
