/** App versions (manifests): their content, creation, promotion to production and review. */
export { EXAMPLE_MANIFEST_3, EXAMPLE_MANIFEST_4_1 } from './manifest-examples.ts';
export { changeReviewState } from './manifests.review.ts';
export { createVersion, listManifests, productionVersion, promote } from './manifests.service.ts';
