import { Alert, Container, Grid, Group, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AppPageProps } from '../../../components/section-card.tsx';
import { track } from '../../../lib/analytics.ts';
import { useConfig } from '../../../lib/config.ts';
import { AppSettingsCard, CredentialsCard, DeleteAppCard, SandboxCard } from '../../apps/index.ts';
import { CollaboratorsList, CollaboratorsPanel } from '../../collaborators/index.ts';
import { ConfigurationsTab, OptInToggle } from '../../config-builder/index.ts';
import { VersionsTab } from '../../manifests/index.ts';
import { MarketplaceListingCard } from '../../marketplace/index.ts';
import { LazyEngagementReport, metricsHidden } from '../../metrics/index.ts';
import { LazyApiUsagePanel } from '../../usage/index.ts';
import { AppBreadcrumbs } from '../components/app-breadcrumbs.tsx';
import { TabPlaceholder } from '../components/tab-placeholder.tsx';
import { UnknownTab } from '../components/unknown-tab.tsx';

export const APP_TABS = [
  'configurations',
  'versions',
  'settings',
  'oauthCredentials',
  'collaborators',
  'marketplaceListing',
  'metrics',
] as const;
export type AppTab = (typeof APP_TABS)[number];

/**
 * The tabbed app page (form-based beta): breadcrumb Apps › app name, the 'appInformation' side
 * navigation, and the tab from the URL (`?tab=`, configurations by default).
 */
export function TabbedAppPage({ app, permissions }: AppPageProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const [params, setParams] = useSearchParams();
  const tabs = APP_TABS.filter((tab) => tab !== 'metrics' || (app.has_metrics && !metricsHidden(config)));
  // No tab, or Metrics while the app has no metrics data: Configurations. A tab the page does not
  // have: a placeholder (spec developer-apps §2).
  const requested = params.get('tab') || 'configurations';
  const tab: AppTab | 'unknown' = (tabs as readonly string[]).includes(requested)
    ? (requested as AppTab)
    : (APP_TABS as readonly string[]).includes(requested)
      ? 'configurations'
      : 'unknown';
  const name = app.name || app.internal_name;
  const sandboxLive = app.sandbox?.status === 'live';
  // The listing editor guards leaving the page, not a tab change (the same path): asked here.
  const [listingDirty, setListingDirty] = useState(false);

  const select = (next: AppTab) => {
    if (next === tab) return;
    if (tab === 'marketplaceListing' && listingDirty) {
      if (!window.confirm(t('marketplace.unsavedChanges'))) return;
      setListingDirty(false);
    }
    if (next === 'metrics') track('developers.app_metrics.view_report.clicked', { developer_app_id: app.id });
    setParams(next === 'configurations' ? {} : { tab: next });
  };

  const sandboxMissing = (
    <TabPlaceholder title={t('configBuilder.sandboxMissing.title')}>
      <Text c="dimmed">{t('configBuilder.sandboxMissing.text')}</Text>
    </TabPlaceholder>
  );

  const content = () => {
    switch (tab) {
      case 'configurations':
        return sandboxLive || config.fedramp ? (
          <ConfigurationsTab app={app} permissions={permissions} />
        ) : (
          sandboxMissing
        );
      case 'versions':
        return (
          <VersionsTab
            appId={app.id}
            canPromote={permissions.canModifyManifests}
            canCreate={
              permissions.canModifyManifests &&
              permissions.canCreateSandboxManifests &&
              (config.fedramp ? app.production_access !== 'none' : sandboxLive)
            }
          />
        );
      case 'settings':
        return (
          <Stack>
            <AppSettingsCard
              app={app}
              permissions={permissions}
              collaborators={<CollaboratorsList appId={app.id} />}
            />
            {permissions.canDestroy && <DeleteAppCard app={app} />}
          </Stack>
        );
      case 'oauthCredentials':
        return (
          <Stack>
            <CredentialsCard app={app} permissions={permissions} />
            {!config.fedramp && <SandboxCard app={app} permissions={permissions} />}
            <LazyApiUsagePanel appId={app.id} />
          </Stack>
        );
      case 'collaborators':
        return <CollaboratorsPanel appId={app.id} role={app.role} />;
      case 'marketplaceListing':
        return <MarketplaceListingCard app={app} permissions={permissions} onDirtyChange={setListingDirty} />;
      case 'unknown':
        return <UnknownTab onBack={() => select('configurations')} />;
      case 'metrics':
        return (
          <Paper withBorder p="lg">
            <LazyEngagementReport
              appId={app.id}
              appName={name}
              appPage={`/developer_apps/${app.id}`}
              showEmails={false}
            />
          </Paper>
        );
    }
  };

  return (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <AppBreadcrumbs appId={app.id} name={name} current={tab === 'metrics' && t('metrics.title')} />
        <Group justify="space-between" wrap="wrap">
          <Title order={1}>{name}</Title>
          <OptInToggle />
        </Group>
        {app.published_at && (
          <Alert color="yellow" title={t('apps.published.title')}>
            {t('apps.published.warning')}
          </Alert>
        )}
        <Grid>
          <Grid.Col span={{ base: 12, md: 3 }}>
            <nav aria-label={t('configBuilder.nav.appInformation')}>
              <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb="xs">
                {t('configBuilder.nav.appInformation')}
              </Text>
              {tabs.map((entry) => (
                <NavLink
                  key={entry}
                  component="button"
                  label={t(`configBuilder.tabs.${entry}`)}
                  active={entry === tab}
                  aria-current={entry === tab ? 'page' : undefined}
                  onClick={() => select(entry)}
                />
              ))}
            </nav>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>{content()}</Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
