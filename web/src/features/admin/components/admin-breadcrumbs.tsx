import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Admin > … > current: every crumb but the last is a link. */
export function AdminBreadcrumbs({ trail }: { trail: Array<{ label: string; to?: string }> }) {
  const { t } = useTranslation();
  const crumbs = [{ label: t('nav.admin'), to: '/admin' }, ...trail];
  return (
    <Breadcrumbs>
      {crumbs.map((crumb) =>
        crumb.to ? (
          <Anchor key={crumb.label} component={Link} to={crumb.to}>
            {crumb.label}
          </Anchor>
        ) : (
          <Text key={crumb.label}>{crumb.label}</Text>
        ),
      )}
    </Breadcrumbs>
  );
}
