import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Admin destinations; each admin feature adds its entry here (label is an en.json key). */
export const adminMenuItems: Array<{ labelKey: string; to: string }> = [
  { labelKey: 'admin.outbox', to: '/admin/outbox' },
  { labelKey: 'announcements.adminMenu', to: '/admin/notifications' },
];

export function AdminMenu() {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="subtle" color="dark">
          {t('nav.admin')}
        </Button>
      </Menu.Target>
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
