import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { QueryFirstLoad } from '../../../components/skeletons.tsx';
import { useListState } from '../../../components/use-list-params.ts';
import { installationsQuery } from '../api.ts';

/**
 * Who installed the app (spec admin §2), paged from the server (the list pattern): company, a demo
 * tag, the installing user's e-mail (staff only: the server sends it to staff alone, and
 * `showEmails`), when it last changed on the platform and the status, uppercased.
 */
export function InstallFeed({ appId, showEmails }: { appId: string; showEmails: boolean }) {
  const { t } = useTranslation();
  const list = useListState();
  const query = useQuery(installationsQuery(appId, list.page, list.cursor));
  if (!query.data) return <QueryFirstLoad query={query} />;
  if (query.data.total === 0) return <Text c="dimmed">{t('metrics.feed.empty')}</Text>;
  return (
    <Stack gap="xs">
      <Stack
        gap="xs"
        component="ul"
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
        aria-label={t('metrics.feed.title')}
      >
        {query.data.items.map((installation) => (
          <Paper component="li" withBorder p="sm" key={installation.id}>
            <Group justify="space-between" wrap="wrap">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{installation.company_name}</Text>
                  {installation.company_is_demo && (
                    <Badge color="gray" variant="light">
                      {t('metrics.feed.demo')}
                    </Badge>
                  )}
                </Group>
                {showEmails && installation.user_email_address && (
                  <Text size="sm">{installation.user_email_address}</Text>
                )}
                <Text size="sm" c="dimmed">
                  {new Date(installation.procore_updated_at).toLocaleString()}
                </Text>
              </Stack>
              <Badge variant="outline">{installation.status.toUpperCase()}</Badge>
            </Group>
          </Paper>
        ))}
      </Stack>
      <ListPagination data={query.data} list={list} label={t('metrics.feed.pages')} />
    </Stack>
  );
}
