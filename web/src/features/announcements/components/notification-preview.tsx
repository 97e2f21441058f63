import { Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../lib/markdown.tsx';
import { NotificationCard } from './notification-card.tsx';

type Values = { title: string; summary: string; body: string };

/** The live card preview, unread and read, plus the rendered body. */
export function NotificationPreview({ values, createdAt }: { values: Values; createdAt: string }) {
  const { t } = useTranslation();
  const card = { title: values.title.trim(), summary: values.summary.trim(), created_at: createdAt };
  return (
    <Stack gap="sm" component="section" aria-labelledby="preview-heading" data-testid="preview">
      <Title order={2} size="h4" id="preview-heading">
        {t('announcements.preview')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {(['unread', 'read'] as const).map((state) => (
          <Stack key={state} gap={4} data-testid={`preview-${state}`}>
            <Text size="xs" c="dimmed">
              {t(state === 'unread' ? 'announcements.previewUnread' : 'announcements.previewRead')}
            </Text>
            <NotificationCard
              notification={{ ...card, read_at: state === 'read' ? createdAt : null }}
              headingOrder={3}
            />
          </Stack>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('announcements.previewBody')}
      </Text>
      <Paper withBorder p="md" data-testid="preview-body">
        {values.body.trim() ? (
          <Markdown>{values.body}</Markdown>
        ) : (
          <Stack gap={6}>
            <Skeleton height={10} animate={false} />
            <Skeleton height={10} animate={false} />
            <Skeleton height={10} width="70%" animate={false} />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
