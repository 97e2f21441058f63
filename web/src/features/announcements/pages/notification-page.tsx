import { Alert, Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { TextSkeleton } from '../../../components/skeletons.tsx';
import { ApiRequestError, errorText } from '../../../lib/api.ts';
import { Markdown } from '../../../lib/markdown.tsx';
import { fullDate } from '../../../lib/relative-time.ts';
import { notificationQuery, useMarkRead } from '../api.ts';

export function NotificationPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(notificationQuery(id));
  const markRead = useMarkRead();
  const requested = useRef<string | null>(null);
  const notification = query.data;

  // Opening an unread one marks it read, once per visit.
  useEffect(() => {
    if (!notification || notification.read_at || requested.current === notification.id) return;
    requested.current = notification.id;
    markRead.mutate(notification.id);
  }, [notification, markRead]);

  return (
    <Container size="md" py="md">
      <Stack>
        <Anchor component={Link} to="/notifications">
          {t('announcements.back')}
        </Anchor>
        {query.isPending && <TextSkeleton lines={5} />}
        {query.isError && (
          <Alert color="red" title={t('announcements.errorTitle')} role="alert">
            {query.error instanceof ApiRequestError && query.error.status === 404
              ? t('announcements.notFound')
              : errorText(query.error)}
          </Alert>
        )}
        {notification && (
          <Card withBorder padding="lg" component="article" aria-labelledby="notification-title">
            <Stack gap="xs">
              <Title order={1} size="h2" id="notification-title">
                {notification.title}
              </Title>
              <Text size="sm" c="dimmed">
                <time dateTime={notification.created_at}>{fullDate(notification.created_at)}</time>
              </Text>
              <Markdown>{notification.body}</Markdown>
            </Stack>
          </Card>
        )}
        {markRead.isError && (
          <Text size="sm" c="dimmed" role="status">
            {t('announcements.markReadFailed')}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
