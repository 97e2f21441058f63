import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/list-pagination.tsx';
import { useListParams } from '../../../components/use-list-params.ts';
import { errorText } from '../../../lib/api.ts';
import { notificationsQuery, useMarkAllRead } from '../api.ts';
import { NotificationCard } from '../components/notification-card.tsx';

export function NotificationsPage() {
  const { t } = useTranslation();
  const list = useListParams();
  const query = useQuery(notificationsQuery(list));
  const markAll = useMarkAllRead();
  const hasUnread = query.data?.items.some((item) => !item.read_at) ?? false;
  const handleMarkAll = () =>
    markAll.mutate(undefined, {
      onSuccess: () => notifications.show({ message: t('announcements.markAllReadDone'), color: 'green' }),
    });

  return (
    <Container size="md" py="md">
      <Stack>
        <Group justify="space-between">
          {/* The bell's "See All Announcements" lands here: the line under the heading says so. */}
          <Stack gap={2}>
            <Title order={1}>{t('announcements.heading')}</Title>
            <Text c="dimmed">{t('announcements.subtitle')}</Text>
          </Stack>
          {hasUnread && (
            <Button variant="light" onClick={handleMarkAll} loading={markAll.isPending}>
              {t('announcements.markAllRead')}
            </Button>
          )}
        </Group>
        {(query.isError || markAll.isError) && (
          <Alert color="red" title={t('announcements.errorTitle')} role="alert">
            {errorText(query.error ?? markAll.error)}
          </Alert>
        )}
        {query.isPending ? (
          <Text>{t('common.loading')}</Text>
        ) : query.data?.items.length === 0 ? (
          <Stack gap={4} align="center" py="xl">
            <Title order={2} size="h3">
              {t('announcements.empty')}
            </Title>
            <Text c="dimmed">{t('announcements.emptySubtitle')}</Text>
          </Stack>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {query.data?.items.map((item) => (
              <li key={item.id}>
                <NotificationCard notification={item} headingOrder={2} />
              </li>
            ))}
          </Stack>
        )}
        <ListPagination data={query.data} list={list} />
      </Stack>
    </Container>
  );
}
