import { Container, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '../../../app/not-found-page.tsx';
import { PageSkeleton } from '../../../components/skeletons.tsx';
import { ApiRequestError } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import { appQuery } from '../../apps/index.ts';
import { LazyEngagementReport, metricsHidden } from '../../metrics/index.ts';
import { AppBreadcrumbs } from '../components/app-breadcrumbs.tsx';
import { AppLoadError } from '../components/app-load-error.tsx';

/**
 * The developer's App Engagement Report at its own path, `/developer_apps/{id}/metrics` (spec
 * developer-apps §2 "a metrics report path"): breadcrumbs Apps › app name › App Engagement Report
 * (spec admin §2), then the report. Not found where the report is hidden.
 */
export function AppMetricsPage() {
  const { t } = useTranslation();
  const config = useConfig();
  const id = useParams().id!;
  const app = useQuery(appQuery(id));
  if (metricsHidden(config)) return <NotFoundPage />;
  if (app.error instanceof ApiRequestError && app.error.status === 404) return <NotFoundPage />;
  if (app.isError) return <AppLoadError />;
  if (!app.data) return <PageSkeleton />;
  const name = app.data.name || app.data.internal_name;
  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <AppBreadcrumbs appId={id} name={name} current={t('metrics.title')} />
        <LazyEngagementReport
          appId={id}
          appName={name}
          appPage={`/developer_apps/${id}`}
          showEmails={false}
          headingOrder={1}
        />
      </Stack>
    </Container>
  );
}
