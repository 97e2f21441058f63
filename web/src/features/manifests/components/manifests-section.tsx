import { Alert, Button, Group, Stack, Tabs, Text } from '@mantine/core';
import type { DeveloperApp, DeveloperAppPermissions, Manifest } from '@portal/contracts';
import { hasOauthComponent, MANIFEST_MESSAGES, nextSemanticVersion } from '@portal/contracts/manifest-rules';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import { newestManifestQuery } from '../api.ts';
import { ManifestEditorModal } from '../editor/manifest-editor-modal.tsx';
import { ManifestStatusBadge } from './manifest-status-badge.tsx';
import { ProductionManifestsTable } from './production-manifests-table.tsx';
import { PromoteModal } from './promote-modal.tsx';
import { ReleaseNotesModal } from './release-notes-modal.tsx';
import { SandboxCreatedAlert } from './sandbox-created-alert.tsx';
import { SandboxManifestsTable } from './sandbox-manifests-table.tsx';
import { ViewManifestModal } from './view-manifest-modal.tsx';

type Tab = 'sandbox' | 'production';

type ManifestsApp = Pick<DeveloperApp, 'id' | 'production_access'> & {
  sandbox: Pick<NonNullable<DeveloperApp['sandbox']>, 'status'> | null;
};
type ManifestsSectionProps =
  | { app: ManifestsApp; permissions: DeveloperAppPermissions; staff?: false }
  /** Platform staff on the admin app page (spec admin §4, §7): create and promote on any app, review. */
  | { app: ManifestsApp; permissions?: undefined; staff: true };

/**
 * The classic page's Manifests section (spec developer-apps §2, §4): the header status, Sandbox (default) and
 * Production tabs with their tables, the editor for new sandbox versions, promotion and review.
 * FedRAMP has no sandbox, so only production versions are shown there. Staff (the admin app page)
 * create and promote through the staff calls and approve or reject the version in review, with the
 * review's notes beside each production version.
 */
export function ManifestsSection({ app, permissions, staff = false }: ManifestsSectionProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const [tab, setTab] = useState<Tab>(config.fedramp ? 'production' : 'sandbox');
  const [editing, setEditing] = useState(false);
  const [viewing, setViewing] = useState<Manifest | null>(null);
  const [promoting, setPromoting] = useState<Manifest | null>(null);
  const [releaseNotes, setReleaseNotes] = useState<Manifest | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [firstSandbox, setFirstSandbox] = useState(false);
  const newestSandbox = useQuery(newestManifestQuery(app.id, 'Sandbox'));
  const newestProduction = useQuery(newestManifestQuery(app.id, 'Production', staff));
  const sandboxVersion = newestSandbox.data?.items[0] ?? null;
  const productionVersion = newestProduction.data?.items[0] ?? null;
  const isLoaded = newestSandbox.isSuccess && newestProduction.isSuccess;
  const sandboxLive = app.sandbox?.status === 'live';
  const canModify = staff || permissions?.canModifyManifests === true;
  const canCreate = staff || (canModify && permissions?.canCreateSandboxManifests === true);
  // FedRAMP has no sandbox: versions are created straight in production (production credentials
  // requested), and the header compares that newest version with itself (it follows its state).
  const createIn = config.fedramp ? 'Production' : 'Sandbox';
  const newestOfCreated = config.fedramp ? productionVersion : sandboxVersion;
  const onError = (failure: unknown) => setError(errorsJoined(failure, t('manifests.errors.generic')));

  const handleCreated = (manifest: Manifest) => {
    setError(null);
    setFirstSandbox(
      !config.fedramp &&
        !sandboxVersion &&
        hasOauthComponent(manifest.content, manifest.configured_manifest_content),
    );
  };
  const handlePromoted = () => {
    setError(null);
    setTab('production');
  };

  return (
    <SectionCard id="manifests-heading" title={t('manifests.title')}>
      {staff && (
        <Text size="sm" c="dimmed">
          {t('adminApp.manifests.intro')}
        </Text>
      )}
      {isLoaded && (
        <ManifestStatusBadge newestSandbox={newestOfCreated} newestProduction={productionVersion} />
      )}
      <ErrorBanner title={t('manifests.errors.title')} message={error} onClose={() => setError(null)} />
      <Tabs value={tab} onChange={(value) => value && setTab(value as Tab)} keepMounted={false}>
        <Tabs.List>
          {!config.fedramp && <Tabs.Tab value="sandbox">{t('manifests.environments.Sandbox')}</Tabs.Tab>}
          <Tabs.Tab value="production">{t('manifests.environments.Production')}</Tabs.Tab>
        </Tabs.List>
        {!config.fedramp && (
          <Tabs.Panel value="sandbox" pt="md">
            <Stack>
              {!sandboxLive && (
                <Alert color="blue" role="status">
                  {MANIFEST_MESSAGES.sandboxRequired}
                </Alert>
              )}
              {firstSandbox && <SandboxCreatedAlert onClose={() => setFirstSandbox(false)} />}
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t('manifests.sandbox.intro')}
                </Text>
                {canCreate && (
                  <Button onClick={() => setEditing(true)} disabled={!sandboxLive || !isLoaded}>
                    {t('manifests.sandbox.create')}
                  </Button>
                )}
              </Group>
              <SandboxManifestsTable
                appId={app.id}
                canPromote={canModify}
                onView={setViewing}
                onPromote={setPromoting}
              />
            </Stack>
          </Tabs.Panel>
        )}
        <Tabs.Panel value="production" pt="md">
          <Stack>
            {app.production_access === 'none' && (
              <Alert color="blue" role="status">
                {MANIFEST_MESSAGES.productionCredentialsRequired}
              </Alert>
            )}
            {config.fedramp && canModify && (
              <Group justify="flex-end">
                <Button
                  onClick={() => setEditing(true)}
                  disabled={app.production_access === 'none' || !isLoaded}
                >
                  {t('manifests.sandbox.create')}
                </Button>
              </Group>
            )}
            <ProductionManifestsTable
              appId={app.id}
              withReleaseNotes={config.semantic_versions}
              staff={staff}
              // Staff are not on the app: they review, and submitting is the app's people's.
              canModifyManifests={!staff && canModify}
              isPlatformAdmin={staff || config.user?.role === 'admin'}
              onView={setViewing}
              onReleaseNotes={setReleaseNotes}
              onError={onError}
            />
          </Stack>
        </Tabs.Panel>
      </Tabs>
      <ManifestEditorModal
        opened={editing}
        onClose={() => setEditing(false)}
        appId={app.id}
        environment={createIn}
        initialContent={newestOfCreated?.content ?? null}
        semanticVersion={{
          enabled: config.semantic_versions,
          suggested: nextSemanticVersion(
            sandboxVersion?.semantic_version,
            productionVersion?.semantic_version,
          ),
        }}
        onCreated={handleCreated}
      />
      <ViewManifestModal manifest={viewing} onClose={() => setViewing(null)} />
      <ReleaseNotesModal manifest={releaseNotes} onClose={() => setReleaseNotes(null)} />
      <PromoteModal
        appId={app.id}
        manifest={promoting}
        requireReleaseNotes={config.semantic_versions && !staff}
        staff={staff}
        onClose={() => setPromoting(null)}
        onPromoted={handlePromoted}
      />
    </SectionCard>
  );
}
