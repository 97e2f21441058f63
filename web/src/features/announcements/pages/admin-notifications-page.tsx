import { Alert, Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import type { AdminNotification } from '@portal/contracts';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Crumbs } from '../../../components/crumbs.tsx';
import { DataTable } from '../../../components/data-table.tsx';
import { ListPagination } from '../../../components/list-pagination.tsx';
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

/** Shown to developers: published, not a draft and past its show-after date (spec admin §4). */
const isVisible = (row: AdminNotification) => row.visible && !row.draft && row.visible_by_show_after;

export function AdminNotificationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListParams();
  const query = useQuery(adminNotificationsQuery(list));

  return (
    <Container size="lg" py="md">
      <Stack>
        <Crumbs
          trail={[
            { label: t('nav.admin'), to: '/admin/notifications' },
            { label: t('announcements.adminTitle') },
          ]}
        />
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
            <DataTable
              minWidth={760}
              highlightOnHover
              striped
              rows={query.data.items}
              row={(row) => ({
                style: { cursor: 'pointer' },
                onClick: () => navigate(`/admin/notifications/${row.id}/edit`),
              })}
              columns={[
                {
                  label: t('announcements.colTitle'),
                  cell: (row) => (
                    <Anchor component={Link} to={`/admin/notifications/${row.id}/edit`}>
                      {row.title}
                    </Anchor>
                  ),
                },
                { label: t('announcements.colSummary'), cell: (row) => summaryText(row.summary) },
                {
                  label: t('announcements.colVisible'),
                  td: { 'data-testid': 'visible' },
                  cell: (row) => <Tick value={isVisible(row)} />,
                },
                {
                  label: t('announcements.colCritical'),
                  td: { 'data-testid': 'critical' },
                  cell: (row) => <Tick value={row.critical} />,
                },
                { label: t('announcements.colReadBy'), cell: (row) => row.reach.read_count },
                {
                  label: t('announcements.colEmails'),
                  cell: (row) =>
                    row.critical ? `${row.reach.emails_sent} / ${row.reach.emails_failed}` : '—',
                },
              ]}
            />
          )
        )}
        <ListPagination data={query.data} list={list} />
      </Stack>
    </Container>
  );
}
