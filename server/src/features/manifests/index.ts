/** App versions (manifests): their content, creation, promotion to production and review. */
export { EXAMPLE_MANIFEST_3, EXAMPLE_MANIFEST_4_1 } from './manifest-examples.ts';
/** The app (and semantic version) an App Version Key installs (the platform's app events name apps by it). */
export { findByVersionKey as appForVersionKey } from './manifests.repo.ts';
export { changeReviewState } from './manifests.review.ts';
export {
  createVersion,
  currentPermissions,
  listManifests,
  type ManifestPermission,
  productionVersion,
  promote,
} from './manifests.service.ts';
