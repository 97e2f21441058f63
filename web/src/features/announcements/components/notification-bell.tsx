import { ActionIcon, Anchor, Divider, Indicator, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { shortDate } from '@portal/contracts/relative-time';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Markdown } from '../../../lib/markdown.tsx';
import { bellQuery, unreadCountQuery } from '../api.ts';

/** The top-navigation bell: unread count, and the 3 newest announcements in a dropdown to the west. */
export function NotificationBell() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(false);
  const unread = useQuery(unreadCountQuery).data?.unread_count ?? 0;
  const preview = useQuery({ ...bellQuery, enabled: opened });
  return (
    <Popover
      position="left-start"
      width={340}
      shadow="md"
      opened={opened}
      onChange={(o) => !o && close()}
      trapFocus
    >
      <Popover.Target>
        <Indicator
          label={unread}
          size={18}
          color="red"
          disabled={unread === 0}
          offset={4}
          data-testid="bell-count"
        >
          <ActionIcon
            variant="subtle"
            color="dark"
            size="lg"
            onClick={toggle}
            aria-label={t('announcements.bellLabel', { count: unread })}
            aria-expanded={opened}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown aria-label={t('announcements.bellTitle')} role="dialog">
        <Stack gap="sm">
          {preview.isPending ? (
            <Text size="sm">{t('common.loading')}</Text>
          ) : preview.data?.length ? (
            preview.data.map((item) => (
              <Stack key={item.id} gap={4} data-testid="bell-item">
                <Text fw={item.read_at ? 500 : 700}>{item.title}</Text>
                <Text size="xs" c="dimmed">
                  {shortDate(item.created_at)}
                </Text>
                <Markdown>{item.summary}</Markdown>
                <Anchor component={Link} to={item.href} size="sm" onClick={close}>
                  {t('announcements.learnMore')}
                </Anchor>
                <Divider />
              </Stack>
            ))
          ) : (
            <Text size="sm">{t('announcements.empty')}</Text>
          )}
          <Anchor component={Link} to="/notifications" fw={600} onClick={close}>
            {t('announcements.seeAll')}
          </Anchor>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
