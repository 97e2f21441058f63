import { Button, Modal, Table, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { APP_ROLE_MATRIX, APP_ROLES } from '@portal/contracts/app-roles';
import { useTranslation } from 'react-i18next';

/** The 9 permissions and which roles have them (Owner / Admin / Developer). */
export function PermissionDetailsTable() {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={480} type="native">
      <Table striped withTableBorder aria-label={t('collaborators.permissions.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('collaborators.permissions.permission')}</Table.Th>
            {APP_ROLES.map((role) => (
              <Table.Th key={role} scope="col" ta="center">
                {t(`collaborators.roles.${role}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {APP_ROLE_MATRIX.map((row) => (
            <Table.Tr key={row.key}>
              <Table.Th scope="row" fw="normal">
                {row.label}
              </Table.Th>
              {APP_ROLES.map((role) => {
                const allowed = (row.roles as readonly string[]).includes(role);
                return (
                  <Table.Td key={role} ta="center">
                    <span aria-hidden="true">{allowed ? '✓' : '✗'}</span>
                    <VisuallyHidden>
                      {allowed
                        ? t('collaborators.permissions.allowed')
                        : t('collaborators.permissions.notAllowed')}
                    </VisuallyHidden>
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function PermissionDetailsButton() {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button variant="subtle" onClick={open}>
        {t('collaborators.permissions.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('collaborators.permissions.title')} size="lg">
        <PermissionDetailsTable />
      </Modal>
    </>
  );
}
