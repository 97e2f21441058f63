import { Avatar, Menu, UnstyledButton } from '@mantine/core';
import type { CurrentUser } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';

export function UserMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation();
  const handleSignOut = async () => {
    await api('/auth/sign_out', { method: 'POST' }).catch(() => {});
    // A full page load: nothing of the signed-in session (cached queries, page state) survives it.
    window.location.assign('/login');
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={t('nav.userMenu')}>
          <Avatar color="orange" radius="xl" size="sm" alt={user.name}>
            {user.name.slice(0, 1).toUpperCase()}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/settings">
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Item onClick={handleSignOut}>{t('nav.signOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
