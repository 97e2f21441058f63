import { Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import { useCurrentUser } from '../../lib/config.ts';
import type { DeferredControlProps } from '../deferred-control.tsx';

/** Loaded on first use (top-nav.tsx). */
export function UserMenu({ target, defaultOpened }: DeferredControlProps) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const handleSignOut = async () => {
    await api('/auth/sign_out', { method: 'POST' }).catch(() => {});
    // A full page load: nothing of the signed-in session (cached queries, page state) survives it.
    window.location.assign('/login');
  };
  return (
    // Not portalled: the open menu stays inside the Main navigation landmark, where it belongs.
    <Menu position="bottom-end" withinPortal={false} defaultOpened={defaultOpened}>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user?.email}</Menu.Label>
        <Menu.Item component={Link} to="/settings">
          {t('nav.settings')}
        </Menu.Item>
        <Menu.Item onClick={handleSignOut}>{t('nav.signOut')}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
