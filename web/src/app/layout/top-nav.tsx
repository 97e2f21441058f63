import { Anchor, Burger, Button, Drawer, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotificationBell } from '../../features/announcements/components/notification-bell.tsx';
import { useConfig } from '../../lib/config.ts';
import { AdminMenu } from './admin-menu.tsx';
import { ReferenceMenu } from './reference-menu.tsx';
import { useNarrowLayout } from './use-narrow-layout.ts';
import { UserMenu } from './user-menu.tsx';

export function TopNav() {
  const { t } = useTranslation();
  const config = useConfig();
  const user = config.user;
  const narrow = useNarrowLayout();
  const [opened, { toggle, close }] = useDisclosure(false);

  const links = (
    <>
      {user && (
        <Button component={Link} to="/developer_apps" variant="subtle" color="dark" onClick={close}>
          {t('nav.myApps')}
        </Button>
      )}
      <ReferenceMenu />
      {user?.role === 'admin' && <AdminMenu />}
    </>
  );

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" component="nav" aria-label="Main">
      <Group gap="xs" wrap="nowrap">
        <Anchor component={Link} to="/" underline="never" c="dark" fw={700} aria-label={t('nav.home')}>
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
            <UserMenu user={user} />
          </>
        ) : (
          <>
            <Button component={Link} to="/login" variant="subtle">
              {t('nav.signIn')}
            </Button>
            {!narrow && (
              <Button component={Link} to="/sign_up">
                {t('nav.signUp')}
              </Button>
            )}
          </>
        )}
        {narrow && <Burger opened={opened} onClick={toggle} aria-label={t('nav.openMenu')} size="sm" />}
      </Group>
      <Drawer opened={opened} onClose={close} position="right" title={config.platform_name} size="xs">
        <Stack align="flex-start">{links}</Stack>
      </Drawer>
    </Group>
  );
}
