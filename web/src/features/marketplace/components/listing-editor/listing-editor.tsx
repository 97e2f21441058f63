import { Alert, Progress, Stack, Switch, Text } from '@mantine/core';
import type { AppSubmissions } from '@portal/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type EditorMode, submissionsQuery } from '../../api.ts';
import { AdminReviewFields } from './admin-review-fields.tsx';
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
        {t('marketplace.errors.loading')}
      </Alert>
    );
  if (!query.data)
    return (
      <Text c="dimmed" aria-busy="true">
        {t('marketplace.loading')}
      </Text>
    );
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
}: MarketplaceListingEditorProps & { data: AppSubmissions }) {
  const { t } = useTranslation();
  const editor = useListingEditor({ appId, mode, data, onDirtyChange });
  const { admin, submission, completion } = editor;
  const completionText = t('marketplace.progress', {
    completed: completion.completed,
    total: completion.total,
  });
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
        {editor.notValid && <NotValidBanner />}
        <Stack gap={4}>
          <Text size="sm">{completionText}</Text>
          <Progress value={completion.percent} aria-label={completionText} />
        </Stack>
        <ListingTabs headingOrder={headingOrder} submission={submission} media={editor.uploads} />
        {admin && (
          <AdminReviewFields headingOrder={headingOrder} submission={submission} uploads={editor.uploads} />
        )}
        <EditorActions editor={editor} />
      </Stack>
    </FieldKitContext.Provider>
  );
}
