import { Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Notification } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { relativeTime } from '../../../lib/relative-time.ts';
import { summaryText } from './summary-text.ts';

type CardNotification = Pick<Notification, 'title' | 'summary' | 'created_at' | 'read_at'> & {
  href?: string;
};

/**
 * The list card: title, relative time, summary cut to 160 characters and a Read More label.
 * Unread ones are highlighted. Without `href` it is a static preview with placeholder blocks.
 * `headingOrder` is the title's level under the page's headings (2 in a list under the page's h1).
 */
export function NotificationCard({
  notification,
  headingOrder,
}: {
  notification: CardNotification;
  headingOrder: 2 | 3;
}) {
  const { t } = useTranslation();
  const isUnread = !notification.read_at;
  const summary = summaryText(notification.summary);
  const cardProps = {
    withBorder: true,
    padding: 'md',
    'data-unread': isUnread,
    bg: isUnread ? 'orange.0' : undefined,
    style: {
      borderLeft: isUnread ? '4px solid var(--mantine-color-orange-6)' : undefined,
      textDecoration: 'none',
    },
  } as const;
  const content = (
    <Stack gap={6}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        {notification.title ? (
          <Title order={headingOrder} size="h4" fw={isUnread ? 700 : 500}>
            {notification.title}
          </Title>
        ) : (
          <Skeleton height={20} width="60%" animate={false} data-testid="title-placeholder" />
        )}
        {isUnread && (
          <Badge color="orange" variant="filled" size="sm">
            {t('announcements.unread')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {relativeTime(notification.created_at)}
      </Text>
      {summary ? (
        <Text size="sm" c="dark">
          {summary}
        </Text>
      ) : (
        <Stack gap={4} data-testid="summary-placeholder">
          <Skeleton height={10} animate={false} />
          <Skeleton height={10} width="80%" animate={false} />
        </Stack>
      )}
      <Text size="sm" c="orange.8" fw={600}>
        {t('announcements.readMore')}
      </Text>
    </Stack>
  );
  return notification.href ? (
    <Card component={Link} to={notification.href} {...cardProps}>
      {content}
    </Card>
  ) : (
    <Card {...cardProps}>{content}</Card>
  );
}
