import {
  Alert,
  Anchor,
  Breadcrumbs,
  Button,
  Container,
  Group,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { AdminNotification } from '@portal/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { ResponsiveTable } from '../../../components/responsive-table.tsx';
import { TableSkeleton } from '../../../components/skeletons.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { adminNotificationsQuery } from '../api.ts';
import { summaryText } from '../components/summary-text.ts';

function Tick({ value }: { value: boolean }) {
  const { t } = useTranslation();
  const label = value ? t('announcements.yes') : t('announcements.no');
  return value ? (
    <IconCheck color="var(--mantine-color-green-7)" aria-label={label} role="img" />
  ) : (
    <IconX color="var(--mantine-color-red-7)" aria-label={label} role="img" />
  );
}

/** Shown to developers: published, not a draft and past its show-after date (spec §4). */
const isVisible = (row: AdminNotification) => row.visible && !row.draft && row.visible_by_show_after;

export function AdminNotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams();
  const query = useQuery(adminNotificationsQuery(list));

  return (
    <Container size="lg" py="md">
      <Stack>
        <Breadcrumbs>
          <Anchor component={Link} to="/admin/notifications">
            {t('nav.admin')}
          </Anchor>
          <Text>{t('announcements.adminTitle')}</Text>
        </Breadcrumbs>
        <Group justify="space-between">
          <Title order={1}>{t('announcements.adminTitle')}</Title>
          <Button component={Link} to="/admin/notifications/new">
            {t('announcements.create')}
          </Button>
        </Group>
        {query.isError && (
          <Alert color="red" role="alert">
            {t('announcements.errorTitle')}
          </Alert>
        )}
        {query.isPending ? (
          <TableSkeleton />
        ) : query.data?.items.length === 0 ? (
          <Text>{t('announcements.adminEmpty')}</Text>
        ) : (
          query.data && (
            <ResponsiveTable minWidth={760} highlightOnHover striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('announcements.colTitle')}</Table.Th>
                  <Table.Th>{t('announcements.colSummary')}</Table.Th>
                  <Table.Th>{t('announcements.colVisible')}</Table.Th>
                  <Table.Th>{t('announcements.colCritical')}</Table.Th>
                  <Table.Th>{t('announcements.colReadBy')}</Table.Th>
                  <Table.Th>{t('announcements.colEmails')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {query.data.items.map((row) => (
                  <Table.Tr
                    key={row.id}
                    style={{ cursor: 'pointer' }}
                    onClick={() => navigate(`/admin/notifications/${row.id}/edit`)}
                  >
                    <Table.Td>
                      <Anchor component={Link} to={`/admin/notifications/${row.id}/edit`}>
                        {row.title}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{summaryText(row.summary)}</Table.Td>
                    <Table.Td data-testid="visible">
                      <Tick value={isVisible(row)} />
                    </Table.Td>
                    <Table.Td data-testid="critical">
                      <Tick value={row.critical} />
                    </Table.Td>
                    <Table.Td>{row.reach.read_count}</Table.Td>
                    <Table.Td>
                      {row.critical ? `${row.reach.emails_sent} / ${row.reach.emails_failed}` : '—'}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </ResponsiveTable>
          )
        )}
        <ListPagination data={query.data} list={list} />
      </Stack>
    </Container>
  );
}
