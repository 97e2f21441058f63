import type { BreadcrumbsProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Crumbs } from '../../../components/crumbs.tsx';

/** Apps › the app › `current` (when given): the trail of the app page and the pages under it. */
export function AppBreadcrumbs({
  appId,
  name,
  current,
  ...props
}: Omit<BreadcrumbsProps, 'children'> & { appId: string; name: string; current?: string | false }) {
  const { t } = useTranslation();
  const trail = [
    { label: t('apps.breadcrumb.apps'), to: '/developer_apps' },
    { label: name, to: `/developer_apps/${appId}` },
  ];
  return <Crumbs {...props} trail={current ? [...trail, { label: current }] : trail} />;
}
