import { Text } from '@mantine/core';
import type { Manifest } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/error-banner.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
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
    <SectionCard id="manifest-review-heading" title={t('adminApp.manifests.title')} compact>
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
      {/* The dialogs open over the page (portals): nothing of them stands in the card. */}
      <ViewManifestModal manifest={viewing} onClose={() => setViewing(null)} />
      <ReleaseNotesModal manifest={releaseNotes} onClose={() => setReleaseNotes(null)} />
    </SectionCard>
  );
}
