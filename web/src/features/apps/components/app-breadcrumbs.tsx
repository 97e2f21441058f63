import { Anchor, Breadcrumbs, type BreadcrumbsProps, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Apps › the app › `current` (when given): the trail of the app page and the pages under it. */
export function AppBreadcrumbs({
  appId,
  name,
  current,
  ...props
}: Omit<BreadcrumbsProps, 'children'> & { appId: string; name: string; current?: string | false }) {
  const { t } = useTranslation();
  return (
    <Breadcrumbs {...props}>
      <Anchor component={Link} to="/developer_apps">
        {t('apps.breadcrumb.apps')}
      </Anchor>
      <Anchor component={Link} to={`/developer_apps/${appId}`}>
        {name}
      </Anchor>
      {current && <Text>{current}</Text>}
    </Breadcrumbs>
  );
}
