import type { DeveloperApp, DeveloperAppPermissions } from '@portal/contracts';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { importWithRetry } from '../../../app/lazy.ts';
import { SectionCard } from '../../../components/section-card.tsx';
import { LazyPart } from '../../../components/skeletons.tsx';
import { ActivationScreen } from './activation-screen.tsx';
import type { MarketplaceListingEditorProps } from './listing-editor/listing-editor.tsx';

// The editor (with the listing rules and its many fields) loads only where it is shown.
const MarketplaceListingEditor = lazy(() =>
  importWithRetry(() => import('./listing-editor/listing-editor.tsx')).then((module) => ({
    default: module.MarketplaceListingEditor,
  })),
);

/** The editor in its own chunk, with a loading line until it arrives (the admin app page's tab uses this). */
export function LazyMarketplaceListingEditor(props: MarketplaceListingEditorProps) {
  const { t } = useTranslation();
  return (
    <LazyPart label={t('marketplace.loading')}>
      <MarketplaceListingEditor {...props} />
    </LazyPart>
  );
}

/**
 * The app page's marketplace listing card (spec developer-apps §2), on the classic page and as the tabbed
 * page's Marketplace Listing tab: the activation screen until the marketplace is enabled for the app, then
 * the listing editor. `onDirtyChange` lets a host with tabs ask before leaving unsaved changes.
 *
 * Until the app has a listing, whether the editor is editable follows the app permissions (`canEdit`,
 * the rule the server's save checks). Once a listing exists, its `can_edit` decides.
 */
export function MarketplaceListingCard({
  app,
  permissions,
  onDirtyChange,
}: {
  app: DeveloperApp;
  permissions: DeveloperAppPermissions;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <SectionCard id="marketplace-listing" title={t('marketplace.title')}>
      {app.marketplace_enabled ? (
        <LazyMarketplaceListingEditor
          appId={app.id}
          mode="developer"
          onDirtyChange={onDirtyChange}
          defaultPublicName={app.name || app.internal_name}
          canEdit={permissions.canEdit}
        />
      ) : (
        <ActivationScreen app={app} />
      )}
    </SectionCard>
  );
}
