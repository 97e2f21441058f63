import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DeferredControl } from '../../../app/deferred-control.tsx';
import { importWithRetry } from '../../../app/lazy.ts';
import { unreadCountQuery } from '../api.ts';

const loadBellPopover = () =>
  importWithRetry(() => import('./bell-popover.tsx')).then((module) => module.BellPopover);

/**
 * The top-navigation bell: the unread count, and on first use its dropdown (BellPopover, loaded then,
 * so neither the popover nor the markdown pipeline is part of the first page).
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useQuery(unreadCountQuery).data?.unread_count ?? 0;
  return (
    // The Indicator wraps the popover rather than sitting in its target: Popover.Target gives its child
    // aria-haspopup/aria-expanded/aria-controls, which are valid on the button only.
    <Indicator
      label={unread}
      size={18}
      color="red"
      disabled={unread === 0}
      offset={4}
      data-testid="bell-count"
    >
      <DeferredControl
        load={loadBellPopover}
        target={
          <ActionIcon
            variant="subtle"
            color="dark"
            size="lg"
            aria-label={t('announcements.bellLabel', { count: unread })}
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        }
      />
    </Indicator>
  );
}
