import { Anchor, Avatar, Burger, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ComponentProps, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { NotificationBell } from '../../features/announcements/components/notification-bell.tsx';
import { useConfig } from '../../lib/config.ts';
import { DeferredControl } from '../deferred-control.tsx';
import { importWithRetry } from '../lazy.ts';
import { returnPath, withReturn } from './return-path.ts';
import { useNarrowLayout } from './use-narrow-layout.ts';

// The menus' dropdowns and the narrow layout's drawer are chunks of their own: the first page shows
// their buttons only, and loads each on first use (DeferredControl) or when the layout turns narrow.
const loadReferenceMenu = () =>
  importWithRetry(() => import('./reference-menu.tsx')).then((module) => module.ReferenceMenu);
const loadAdminMenu = () =>
  importWithRetry(() => import('./admin-menu.tsx')).then((module) => module.AdminMenu);
const loadUserMenu = () => importWithRetry(() => import('./user-menu.tsx')).then((module) => module.UserMenu);
const NavDrawer = lazy(() =>
  importWithRetry(() => import('./nav-drawer.tsx')).then((module) => ({ default: module.NavDrawer })),
);

/** A top bar's menu: its button, the menu itself loaded on first use. */
function MenuButton({
  load,
  label,
}: {
  load: ComponentProps<typeof DeferredControl>['load'];
  label: string;
}) {
  return (
    <DeferredControl
      load={load}
      target={
        <Button variant="subtle" color="dark">
          {label}
        </Button>
      }
    />
  );
}

export function TopNav() {
  const { t } = useTranslation();
  const config = useConfig();
  const user = config.user;
  const narrow = useNarrowLayout();
  const [opened, { toggle, close }] = useDisclosure(false);
  // Signing in or up from a page (an invitation, a link someone followed) comes back to it.
  const back = returnPath(useLocation());

  const links = (
    <>
      {user && (
        <Button component={Link} to="/developer_apps" variant="subtle" color="dark" onClick={close}>
          {t('nav.myApps')}
        </Button>
      )}
      <MenuButton load={loadReferenceMenu} label={t('nav.reference')} />
      <Button component={Link} to="/marketplace" variant="subtle" color="dark" onClick={close}>
        {t('nav.marketplace')}
      </Button>
      {!user && narrow && (
        <Button component={Link} to={withReturn('/sign_up', back)} onClick={close}>
          {t('nav.signUp')}
        </Button>
      )}
      {user?.role === 'admin' && <MenuButton load={loadAdminMenu} label={t('nav.admin')} />}
    </>
  );

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label="Main">
      <Group gap="xs" wrap="nowrap">
        {/* Named by its visible text (WCAG 2.5.3 label in name), not a separate "Home" label. */}
        <Anchor component={Link} to="/" underline="never" c="dark" fw={700}>
          <Text span fw={700} c="orange">
            {config.platform_name}
          </Text>{' '}
          Developers
        </Anchor>
        {!narrow && links}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {user ? (
          <>
            <NotificationBell />
            <DeferredControl
              load={loadUserMenu}
              target={
                <UnstyledButton aria-label={t('nav.userMenu')}>
                  <Avatar color="orange" radius="xl" size="sm" alt={user.name}>
                    {user.name.slice(0, 1).toUpperCase()}
                  </Avatar>
                </UnstyledButton>
              }
            />
          </>
        ) : (
          <>
            <Button component={Link} to={withReturn('/login', back)} variant="subtle">
              {t('nav.signIn')}
            </Button>
            {!narrow && (
              <Button component={Link} to={withReturn('/sign_up', back)}>
                {t('nav.signUp')}
              </Button>
            )}
          </>
        )}
        {narrow && <Burger opened={opened} onClick={toggle} aria-label={t('nav.openMenu')} size="sm" />}
      </Group>
      {narrow && (
        <Suspense fallback={null}>
          <NavDrawer opened={opened} onClose={close} title={config.platform_name}>
            {links}
          </NavDrawer>
        </Suspense>
      )}
    </Group>
  );
}
