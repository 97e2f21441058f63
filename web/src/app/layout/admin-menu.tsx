import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DeferredControlProps } from '../deferred-control.tsx';

/** Admin destinations; each admin feature adds its entry here (label is an en.json key). */
export const adminMenuItems: Array<{ labelKey: string; to: string }> = [
  { labelKey: 'adminLists.developerApps', to: '/admin/developer_apps' },
  { labelKey: 'adminLists.reviewQueue', to: '/admin/review_queue' },
  { labelKey: 'adminLists.developers', to: '/admin/developers' },
  { labelKey: 'adminLists.oauthApplications', to: '/admin/oauth_applications' },
  { labelKey: 'audit.title', to: '/admin/audit' },
  { labelKey: 'admin.outbox', to: '/admin/outbox' },
  { labelKey: 'announcements.adminMenu', to: '/admin/notifications' },
  { labelKey: 'reference.admin.menu', to: '/admin/reference' },
];

/** Loaded on first use (top-nav.tsx). */
export function AdminMenu({ target, defaultOpened }: DeferredControlProps) {
  const { t } = useTranslation();
  return (
    // Not portalled: the open menu stays inside the Main navigation landmark, where it belongs.
    <Menu position="bottom-end" withinPortal={false} defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {adminMenuItems.map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {t(item.labelKey)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
