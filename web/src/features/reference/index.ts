/** The API reference: overview, endpoint pages, changelog, guides, the admins' import. */
export { MANIFEST_GUIDE, REST_API_OVERVIEW } from './paths.ts';
