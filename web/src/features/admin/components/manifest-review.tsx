import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Manifest } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { errorsJoined } from '../../../lib/api.ts';
import { useConfig } from '../../../lib/config.ts';
import { ProductionManifestsTable, ReleaseNotesModal, ViewManifestModal } from '../../manifests/index.ts';

/**
 * The app's production versions (issue 14: "production manifests in review can be approved or
 * rejected from here"): the manifests feature's own table, as a platform admin who is not on the
 * app sees it — Approve / Reject (with notes for the developer) on the version in review.
 */
export function ManifestReview({ appId }: { appId: string }) {
  const { t } = useTranslation();
  const config = useConfig();
  const [viewing, setViewing] = useState<Manifest | null>(null);
  const [releaseNotes, setReleaseNotes] = useState<Manifest | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="manifest-review-heading">
      <Stack>
        <Title order={2} size="h4" id="manifest-review-heading">
          {t('adminApp.manifests.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('adminApp.manifests.intro')}
        </Text>
        <ErrorBanner title={t('manifests.errors.title')} message={error} onClose={() => setError(null)} />
        <ProductionManifestsTable
          appId={appId}
          withReleaseNotes={config.semantic_versions}
          withReviewNotes
          canModifyManifests={false}
          isPlatformAdmin
          onView={setViewing}
          onReleaseNotes={setReleaseNotes}
          onError={(failure) => setError(errorsJoined(failure, t('manifests.errors.generic')))}
        />
      </Stack>
      <ViewManifestModal manifest={viewing} onClose={() => setViewing(null)} />
      <ReleaseNotesModal manifest={releaseNotes} onClose={() => setReleaseNotes(null)} />
    </Paper>
  );
}
