/** Texts of spec developer-apps §4, §5 and §8 that the server answers and the web shows. */
export const MANIFEST_MESSAGES = {
  productionCredentialsRequired:
    'Production credentials must be requested before production manifests can be created.',
  sandboxRequired: 'A sandbox must be generated before sandbox manifests can be created.',
  invalidJson: 'Invalid JSON, could not parse manifest',
  /** The spec's spelling. */
  parseFailure: 'An error occured parsing your manifest',
  permissionsParseError: 'Error parsing existing permissions',
  atLeastOneComponent: 'At least one of fullscreen or sidepanel must be present',
  postInstallationAllOrNone: 'All post installation instruction fields must be present',
  invalidForm: 'Please fill in the required fields below before creating a version.',
  urlRequired: 'A valid URL is required',
  viewsRequired: 'At least one view is required',
  componentUrlHttps: 'Component URLs must use HTTPS (http://localhost is the only exception)',
  semanticVersionRequired: 'Semantic version is required',
  semanticVersionFormat: 'Semantic version must follow major.minor.patch, e.g. 1.4.0',
  releaseNotesRequired: 'Release notes are required to promote a version',
  saveFailed: 'Something went wrong when saving the new version.',
} as const;

/** 'There are (N) content violations.' — the collapsed banner when there is more than one. */
export const contentViolationsSummary = (count: number) => `There are (${count}) content violations.`;
