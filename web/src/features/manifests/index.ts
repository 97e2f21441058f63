// What other features reuse from manifests (the Configuration Builder's tabbed page, the admin app
// page's review section): the Versions tab, the production table, the status badge, the viewing and
// promoting modals, and the editor's pieces. Each takes what it needs as props; none assumes the
// classic page around it.
export {
  manifestsKeys,
  manifestsListQuery,
  newestManifestQuery,
  useCreateVersion,
  usePromote,
} from './api.ts';
export { ManifestStatusBadge } from './components/manifest-status-badge.tsx';
export { ProductionManifestsTable } from './components/production-manifests-table.tsx';
export { PromoteModal } from './components/promote-modal.tsx';
export { ReleaseNotesModal } from './components/release-notes-modal.tsx';
export { ReviewActions } from './components/review-actions.tsx';
export { SemanticVersionModal, semanticVersionFailure } from './components/semantic-version-modal.tsx';
export { VersionsTab } from './components/versions-tab.tsx';
export { CopyJsonButton, ViewManifestModal } from './components/view-manifest-modal.tsx';
export { draftSchemaVersion, formatDraft, parseDraft } from './editor/draft.ts';
export { JsonEditor } from './editor/json-editor.tsx';
export { ManifestEditorModal } from './editor/manifest-editor-modal.tsx';
export { PermissionBuilder, PermissionBuilderModal, PermissionTable } from './editor/permission-builder.tsx';
export { SnippetButtons } from './editor/snippet-buttons.tsx';
export { useManifestValidation, type ValidationState } from './editor/use-manifest-validation.ts';
export { ViolationsBanner, ViolationsList } from './editor/violations-banner.tsx';
