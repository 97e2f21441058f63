// What other features reuse from manifests (the app pages, the Configuration Builder, the listing
// editor's version picker, the admin app page's Manifests section): the classic page's section, the
// Versions tab, the production table, the status badge and version key, the viewing and promoting
// modals, and the editor's pieces. Each takes what it needs as props; none assumes a page around it.
export {
  manifestsKeys,
  manifestsListQuery,
  newestManifestQuery,
  useCreateVersion,
  usePromote,
} from './api.ts';
export { AppVersionKey } from './components/app-version-key.tsx';
export { ManifestStatusBadge } from './components/manifest-status-badge.tsx';
export { ManifestsSection } from './components/manifests-section.tsx';
export { ProductionManifestsTable } from './components/production-manifests-table.tsx';
export { PromoteModal } from './components/promote-modal.tsx';
export { ReleaseNotesModal } from './components/release-notes-modal.tsx';
export { ReviewActions } from './components/review-actions.tsx';
export { SandboxCreatedAlert } from './components/sandbox-created-alert.tsx';
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
