import { Container, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Crumb, Crumbs } from '../../../components/crumbs.tsx';

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
