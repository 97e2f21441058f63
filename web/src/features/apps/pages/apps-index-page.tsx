import { Alert, Anchor, Avatar, Badge, Button, Container, Group, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { ListSearch } from '../../../components/list-search.tsx';
import { QueryTable } from '../../../components/query-table.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { errorText } from '../../../lib/api.ts';
import { appsListQuery } from '../api.ts';
import { CreateAppModal } from '../components/create-app-modal.tsx';

export function AppsIndexPage() {
  const { t } = useTranslation();
  const list = useListParams(['search'] as const);
  const apps = useQuery(appsListQuery(list));
  const [creating, { open, close }] = useDisclosure(false);
  return (
    <Container size="lg" py="md">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{t('apps.index.title')}</Title>
          <Button onClick={open}>{t('apps.index.create')}</Button>
        </Group>
        <ListSearch label={t('list.search')} list={list} filter="search" />
        {apps.isError && (
          <Alert color="red" title={t('apps.errors.title')} role="alert">
            {errorText(apps.error, t('apps.errors.generic'))}
          </Alert>
        )}
        <QueryTable
          query={apps}
          emptyText={list.filters.search ? t('list.noMatches') : t('apps.index.empty')}
          minWidth={560}
          columns={[
            {
              label: t('apps.index.name'),
              cell: (app) => (
                <Group gap="sm" wrap="nowrap">
                  {/* The logo beside the name; the name already says which app it is. */}
                  <Avatar src={app.thumbnail_url} alt="" radius="sm" size={32} color="orange">
                    {(app.name || app.internal_name).slice(0, 1).toUpperCase()}
                  </Avatar>
                  <Anchor component={Link} to={`/developer_apps/${app.id}`}>
                    {app.name || app.internal_name}
                  </Anchor>
                </Group>
              ),
            },
            { label: t('apps.index.role'), cell: (app) => t(`apps.roles.${app.role}`) },
            {
              label: t('apps.index.sandbox'),
              cell: (app) =>
                app.sandbox_status ? (
                  <Badge variant="light" color={SANDBOX_COLORS[app.sandbox_status]}>
                    {t(`apps.sandbox.status.${app.sandbox_status}`)}
                  </Badge>
                ) : (
                  t('apps.index.noSandbox')
                ),
            },
            {
              label: t('apps.index.published'),
              cell: (app) => (app.published ? t('apps.index.yes') : t('apps.index.no')),
            },
            {
              label: t('apps.index.created'),
              cell: (app) => new Date(app.created_at).toLocaleDateString(),
            },
          ]}
        />
        <ListPagination data={apps.data} list={list} />
      </Stack>
      <CreateAppModal opened={creating} onClose={close} />
    </Container>
  );
}

const SANDBOX_COLORS = { pending: 'yellow', live: 'green', failed: 'red' } as const;
