import { Container, Grid, Stack, Tabs, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { DeveloperOption } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageSkeleton } from '../../../components/skeletons.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import { ManifestsSection } from '../../manifests/index.ts';
import { LazyMarketplaceListingEditor } from '../../marketplace/index.ts';
import { LazyEngagementReport, metricsHidden } from '../../metrics/index.ts';
import { adminAppQuery, useUpdateAdminApp } from '../api.ts';
import { AdminBreadcrumbs, AdminLoadFailed } from '../components/admin-page.tsx';
import { AppHistory } from '../components/app-history.tsx';
import { AppSidebar } from '../components/app-sidebar.tsx';
import { GeneralTab } from '../components/general-tab.tsx';
import { SandboxTab } from '../components/sandbox-tab.tsx';

/** /admin/developer_apps/{id} (spec admin §2): staff edit any app, deleted ones too. */
export function DeveloperAppEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const config = useConfig();
  const { fedramp } = config;
  const hideMetrics = metricsHidden(config);
  const query = useQuery(adminAppQuery(id));
  const [pendingOwner, setPendingOwner] = useState<DeveloperOption | null>(null);
  const [tab, setTab] = useState('general');
  const [listingDirty, setListingDirty] = useState(false);
  const onDirtyChange = useCallback((dirty: boolean) => setListingDirty(dirty), []);
  const update = useUpdateAdminApp(id);
  const app = query.data;
  const appsCrumb = { label: t('adminLists.developerApps'), to: '/admin/developer_apps' };

  if (query.isPending) return <PageSkeleton />;
  if (!app) return <AdminLoadFailed size="xl" trail={[appsCrumb]} error={query.error} />;

  // Leaving the Marketplace Listing tab with unsaved data asks first (spec admin §4); the editor
  // unmounts with its tab, so its changes would be lost.
  const changeTab = (next: string | null) => {
    if (!next || next === tab) return;
    if (tab === 'marketplace' && listingDirty && !window.confirm(t('marketplace.unsavedChanges'))) return;
    if (tab === 'marketplace') setListingDirty(false);
    setTab(next);
  };
  const setMarketplaceEnabled = (marketplace_enabled: boolean) =>
    update.mutate(
      { marketplace_enabled },
      {
        onError: (failure) =>
          notifications.show({
            color: 'red',
            message: errorsJoined(failure, t('marketplace.admin.enableFailed')),
          }),
      },
    );

  const title = `${t('adminApp.editTitle', { name: app.internal_name })}${app.deleted_at ? ` ${t('adminApp.deletedSuffix')}` : ''}`;
  return (
    <Container size="xl" py="md">
      <Stack>
        <AdminBreadcrumbs
          trail={[appsCrumb, { label: app.internal_name, to: `/admin/developer_apps/${app.id}` }]}
        />
        <Title order={1}>{title}</Title>
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Tabs value={tab} onChange={changeTab} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="general">{t('adminApp.tabs.general')}</Tabs.Tab>
                {!fedramp && <Tabs.Tab value="sandbox">{t('adminApp.tabs.sandbox')}</Tabs.Tab>}
                <Tabs.Tab value="marketplace">{t('adminApp.tabs.marketplace')}</Tabs.Tab>
                {!hideMetrics && <Tabs.Tab value="metrics">{t('adminApp.tabs.metrics')}</Tabs.Tab>}
              </Tabs.List>
              <Tabs.Panel value="general" pt="md">
                <GeneralTab app={app} pendingOwner={pendingOwner} onSaved={() => setPendingOwner(null)} />
              </Tabs.Panel>
              {!fedramp && (
                <Tabs.Panel value="sandbox" pt="md">
                  <SandboxTab app={app} />
                </Tabs.Panel>
              )}
              <Tabs.Panel value="marketplace" pt="md">
                <LazyMarketplaceListingEditor
                  appId={app.id}
                  mode="admin"
                  headingOrder={2}
                  onDirtyChange={onDirtyChange}
                  {...(app.deleted_at
                    ? {}
                    : {
                        marketplaceEnabled: app.marketplace_enabled,
                        onMarketplaceEnabledChange: setMarketplaceEnabled,
                      })}
                />
              </Tabs.Panel>
              {!hideMetrics && (
                <Tabs.Panel value="metrics" pt="md">
                  <LazyEngagementReport
                    appId={app.id}
                    appName={app.internal_name}
                    appPage={`/admin/developer_apps/${app.id}`}
                    showEmails
                  />
                </Tabs.Panel>
              )}
            </Tabs>
            <Stack mt="lg">
              {app.deleted_at ? null : <ManifestsSection app={app} staff />}
              <AppHistory appId={app.id} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <AppSidebar app={app} pendingOwner={pendingOwner} onPickOwner={setPendingOwner} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
