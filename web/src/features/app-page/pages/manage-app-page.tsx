import { Alert, Button, Container, Group, Stack, Title } from '@mantine/core';
import { IconChartAreaLine } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { importWithRetry } from '../../../app/lazy.ts';
import { NotFoundPage } from '../../../app/not-found-page.tsx';
import { PageSkeleton } from '../../../components/skeletons.tsx';
import { track } from '../../../lib/analytics.ts';
import { ApiRequestError } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import {
  AppSettingsCard,
  appPermissionsQuery,
  appQuery,
  CredentialsCard,
  DeleteAppCard,
  SandboxCard,
} from '../../apps/index.ts';
import { CollaboratorsList, CollaboratorsPanel } from '../../collaborators/index.ts';
import { OptInBanner, OptInToggle, useDeveloperAppsBeta } from '../../config-builder/index.ts';
import { ManifestsSection } from '../../manifests/index.ts';
import { MarketplaceListingCard } from '../../marketplace/index.ts';
import { metricsHidden } from '../../metrics/index.ts';
import { LazyApiUsagePanel } from '../../usage/index.ts';
import { AppBreadcrumbs } from '../components/app-breadcrumbs.tsx';
import { AppLoadError } from '../components/app-load-error.tsx';

/** The tabbed page (form-based beta) is its own chunk, loaded only for users who opted in. */
const TabbedAppPage = lazy(() =>
  importWithRetry(() => import('./tabbed-app-page.tsx')).then((module) => ({
    default: module.TabbedAppPage,
  })),
);

/**
 * The app page: the tabbed page for users in the form-based beta, else the classic manage-app page:
 * settings, manifests, sandbox, credentials, collaborators and delete cards.
 */
export function ManageAppPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const id = useParams().id!;
  const app = useQuery(appQuery(id));
  const permissions = useQuery(appPermissionsQuery(id));
  const beta = useDeveloperAppsBeta();

  if (app.error instanceof ApiRequestError && app.error.status === 404) return <NotFoundPage />;
  if (app.isError || permissions.isError) return <AppLoadError />;
  if (!app.data || !permissions.data) return <PageSkeleton />;
  if (beta.optedIn)
    return (
      <Suspense fallback={<PageSkeleton />}>
        <TabbedAppPage app={app.data} permissions={permissions.data} />
      </Suspense>
    );
  const name = app.data.name || app.data.internal_name;

  return (
    <Container size="lg" py="md">
      <Stack gap="lg">
        <AppBreadcrumbs appId={id} name={name} current={t('apps.breadcrumb.manage')} />
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{name}</Title>
          <Group>
            {/* The optional metrics-report button (spec developer-apps §2): once the app has metrics data. */}
            {app.data.has_metrics && !metricsHidden(config) && (
              <Button
                component={Link}
                to={`/developer_apps/${id}/metrics`}
                variant="default"
                leftSection={<IconChartAreaLine size={16} aria-hidden />}
                onClick={() => track('developers.app_metrics.view_report.clicked', { developer_app_id: id })}
              >
                {t('metrics.viewReport')}
              </Button>
            )}
            <OptInToggle />
          </Group>
        </Group>
        <OptInBanner />
        {app.data.published_at && (
          <Alert color="yellow" title={t('apps.published.title')}>
            {t('apps.published.warning')}
          </Alert>
        )}
        <AppSettingsCard
          app={app.data}
          permissions={permissions.data}
          collaborators={<CollaboratorsList appId={id} />}
        />
        <ManifestsSection app={app.data} permissions={permissions.data} />
        {!config.fedramp && <SandboxCard app={app.data} permissions={permissions.data} />}
        <CredentialsCard app={app.data} permissions={permissions.data} />
        <LazyApiUsagePanel appId={id} />
        <MarketplaceListingCard app={app.data} permissions={permissions.data} />
        <CollaboratorsPanel appId={id} role={app.data.role} />
        {permissions.data.canDestroy && <DeleteAppCard app={app.data} />}
      </Stack>
    </Container>
  );
}
