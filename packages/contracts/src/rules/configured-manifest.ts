/**
 * The Configuration Builder (spec developer-apps §3 configured_manifest_content): its model, the two-way
 * mapping to schema 4.1 manifest content, the form rules of spec developer-apps §5 "Components and
 * parameters" and "Manifest editor" (saving a version) and the view picker. Pure and zod-free: the server
 * writes a form-based version's manifest with `configuredToManifest`, the web reads a version into the form
 * with `manifestToConfigured` and checks the form with the `*Errors` helpers, through
 * `@portal/contracts/configured-manifest`.
 */
export * from './configured-form.ts';
export * from './configured-mapping.ts';
export * from './configured-model.ts';
export * from './view-picker.ts';
