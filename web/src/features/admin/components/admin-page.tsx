import { Container, Group, Stack, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Crumb, Crumbs } from '../../../components/crumbs.tsx';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorsJoined } from '../../../lib/api.ts';

/** Admin > … > current: every crumb but the last is a link. */
export function AdminBreadcrumbs({ trail }: { trail: Crumb[] }) {
  const { t } = useTranslation();
  return <Crumbs trail={[{ label: t('nav.admin'), to: '/admin' }, ...trail]} />;
}

/**
 * An admin page: Admin › … › here, its title (with `aside` at the right, when given), then its body.
 * Lists use the wide container, forms the narrow one.
 */
export function AdminPage({
  trail,
  title,
  aside,
  size = 'xl',
  children,
}: {
  trail: Crumb[];
  title: string;
  aside?: ReactNode;
  size?: 'sm' | 'xl';
  children: ReactNode;
}) {
  return (
    <Container size={size} py="md">
      <Stack>
        <AdminBreadcrumbs trail={trail} />
        {aside ? (
          <Group justify="space-between">
            <Title order={1}>{title}</Title>
            {aside}
          </Group>
        ) : (
          <Title order={1}>{title}</Title>
        )}
        {children}
      </Stack>
    </Container>
  );
}

/** An admin page whose record did not load: Admin › … and a dismissible "Could not load" with the error. */
export function AdminLoadFailed({
  trail,
  error,
  size,
}: {
  trail: Crumb[];
  error: unknown;
  size: 'sm' | 'xl';
}) {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(false);
  return (
    <Container size={size} py="md">
      <Stack>
        <AdminBreadcrumbs trail={trail} />
        <ErrorBanner
          title={t('adminApp.couldNotLoad')}
          message={dismissed ? null : errorsJoined(error, t('errors.generic'))}
          onClose={() => setDismissed(true)}
        />
      </Stack>
    </Container>
  );
}
