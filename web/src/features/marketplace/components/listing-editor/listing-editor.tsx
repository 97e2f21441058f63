import { Alert, Stack, Switch } from '@mantine/core';
import type { AppSubmissions } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadingLine } from '../../../../components/skeletons.tsx';
import { type EditorMode, submissionsQuery } from '../../api.ts';
import { AdminReviewFields } from './admin-review-fields.tsx';
import { Completion } from './completion.tsx';
import { EditorActions } from './editor-actions.tsx';
import { IntroBanner, NotValidBanner, SaveErrorBanner, StateBanner } from './editor-banners.tsx';
import { FieldKitContext } from './field-kit.tsx';
import { ListingTabs } from './listing-tabs.tsx';
import { useListingEditor } from './use-listing-editor.ts';

export type MarketplaceListingEditorProps = {
  appId: string;
  mode: EditorMode;
  /** Admin: whether the app's marketplace is on, and a way to switch it (shown when given). */
  marketplaceEnabled?: boolean;
  onMarketplaceEnabledChange?: (enabled: boolean) => void;
  /** The level of the tab and review headings: 3 inside a card titled h2 (default), 2 right under an h1. */
  headingOrder?: 2 | 3;
  /**
   * Told whether the form has unsaved changes, so a host with tabs (the admin app page) can ask
   * 'You have unsaved changes, are you sure you wish to continue?' before leaving the tab. Leaving the
   * page is already guarded by the editor itself.
   */
  onDirtyChange?: (dirty: boolean) => void;
  /** What a first listing's public name starts as (the app's name). */
  defaultPublicName?: string;
  /**
   * Developer mode: the app permissions' `canEdit`, which decides while the app has no listing yet
   * (read-only unless true). Once a listing exists, its `permissions.can_edit` decides.
   */
  canEdit?: boolean;
};

/**
 * The marketplace listing editor (spec developer-apps §2, §4, §5; spec admin §2, §4): the developer's
 * form on the classic app page, and with `mode="admin"` the Marketplace Listing tab of the admin
 * app page (review status, admin message, concierge options, approve and reject, markers).
 */
export function MarketplaceListingEditor(props: MarketplaceListingEditorProps) {
  const { t } = useTranslation();
  const query = useQuery(submissionsQuery(props.mode, props.appId));
  if (query.isError)
    return (
      <Alert color="red" role="alert" title={t('marketplace.errors.title')}>
        {t('marketplace.errors.retrieve')} {t('marketplace.errors.loading')}
      </Alert>
    );
  if (!query.data) return <LoadingLine label={t('marketplace.loading')} />;
  return <EditorForm {...props} data={query.data} />;
}

/** The form: banners, completion, the tabs, staff's review panel and the actions (state in the hook). */
function EditorForm({
  appId,
  mode,
  data,
  marketplaceEnabled,
  onMarketplaceEnabledChange,
  headingOrder = 3,
  onDirtyChange,
  defaultPublicName,
  canEdit,
}: MarketplaceListingEditorProps & { data: AppSubmissions }) {
  const { t } = useTranslation();
  const editor = useListingEditor({ appId, mode, data, onDirtyChange, defaultPublicName, canEdit });
  const { admin, submission, completion } = editor;
  return (
    <FieldKitContext.Provider value={editor.kit}>
      <Stack gap="md">
        {!admin && <IntroBanner />}
        {admin && onMarketplaceEnabledChange && (
          <Switch
            label={t('marketplace.admin.enabled')}
            checked={marketplaceEnabled ?? false}
            onChange={(event) => onMarketplaceEnabledChange(event.currentTarget.checked)}
          />
        )}
        <StateBanner submission={submission} admin={admin} />
        <SaveErrorBanner error={editor.saveError} onClose={editor.dismissSaveError} />
        {editor.notValid && <NotValidBanner errors={editor.kit.errors} />}
        <Completion {...completion} />
        <ListingTabs
          headingOrder={headingOrder}
          submission={submission}
          media={editor.uploads}
          jumpRequest={editor.jumpRequest}
        />
        {admin && (
          <AdminReviewFields headingOrder={headingOrder} submission={submission} uploads={editor.uploads} />
        )}
        <EditorActions editor={editor} />
      </Stack>
    </FieldKitContext.Provider>
  );
}
