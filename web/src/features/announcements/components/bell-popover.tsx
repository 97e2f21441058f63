import { Anchor, Center, Divider, Loader, Popover, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { cloneElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DeferredControlProps } from '../../../app/deferred-control.tsx';
import { Markdown } from '../../../lib/markdown.tsx';
import { shortDate } from '../../../lib/relative-time.ts';
import { bellQuery } from '../api.ts';

/**
 * The bell's dropdown to the west: the 3 newest announcements and a link to all of them. A chunk of its
 * own, loaded on the bell's first hover, focus or click (NotificationBell), as it brings the popover
 * and the markdown pipeline.
 */
export function BellPopover({ target, defaultOpened }: DeferredControlProps) {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure(defaultOpened);
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
        {cloneElement(target as ReactElement<{ onClick?: () => void }>, { onClick: toggle })}
      </Popover.Target>
      <Popover.Dropdown aria-label={t('announcements.bellTitle')}>
        <Stack gap="sm">
          {preview.isPending ? (
            <Center py="sm">
              <Loader size="sm" aria-label={t('common.loading')} />
            </Center>
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
